"""An .xlsx export is the same file for the same data, whenever it is made (core.workbooks): the zip format's
earliest date in the document's properties and on every entry; and it still opens in openpyxl."""

import datetime
import io
import time
import types
import zipfile

import openpyxl.packaging.core
import openpyxl.writer.excel
import pytest
from django.urls import reverse
from openpyxl import Workbook, load_workbook

from core.workbooks import DOCUMENT_DATE, ENTRY_DATE, workbook_bytes
from printing.exports import Sheet, to_xlsx
from tests.helpers import knockout

SHEETS = [Sheet("Group A", ["#", "Name", "Pts"], [[1, "Anil Sharma", 4], [2, "मोहन", 1.5]])]


@pytest.fixture
def clock(monkeypatch):
    """set(moment): the time the zip writer and openpyxl read from then on is `moment` (a naive UTC datetime)."""

    def set_to(moment):
        class Frozen(datetime.datetime):
            @classmethod
            def now(cls, tz=None):
                return moment.replace(tzinfo=datetime.UTC).astimezone(tz) if tz else moment

        frozen = types.SimpleNamespace(datetime=Frozen, timezone=datetime.timezone)
        monkeypatch.setattr(time, "time", lambda: moment.replace(tzinfo=datetime.UTC).timestamp())
        monkeypatch.setattr(openpyxl.packaging.core, "datetime", frozen)
        monkeypatch.setattr(openpyxl.writer.excel, "datetime", frozen)

    return set_to


def test_two_exports_across_a_time_change_are_the_same_bytes(clock):
    clock(datetime.datetime(2026, 3, 1, 9, 0, 1))
    before = to_xlsx(SHEETS)
    clock(datetime.datetime(2027, 11, 30, 18, 45, 58))
    assert to_xlsx(SHEETS) == before


def test_no_part_of_the_file_carries_the_time_it_was_made():
    data = to_xlsx(SHEETS)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert {entry.date_time for entry in archive.infolist()} == {ENTRY_DATE}
    properties = load_workbook(io.BytesIO(data)).properties
    assert properties.created == properties.modified == DOCUMENT_DATE


def test_the_file_opens_in_openpyxl_as_written():
    book = load_workbook(io.BytesIO(to_xlsx(SHEETS)))
    assert [list(row) for row in book["Group A"].iter_rows(values_only=True)] == [
        ["#", "Name", "Pts"],
        [1, "Anil Sharma", 4],
        [2, "मोहन", 1.5],
    ]
    assert book.properties.creator == "carrom"
    again = Workbook()
    again.active.append(["x", 1])
    assert list(load_workbook(io.BytesIO(workbook_bytes(again))).active.values) == [("x", 1)]


@pytest.mark.django_db
def test_an_export_page_gives_the_same_file_at_another_time(client, tournament, clock):
    stage = knockout(tournament, size=8)
    url = reverse("export-entries-xlsx", args=[tournament.slug, stage.event_id])
    clock(datetime.datetime(2026, 3, 1, 9, 0, 1))
    before = client.get(url)
    clock(datetime.datetime(2026, 3, 1, 9, 0, 3))
    assert before.status_code == 200 and client.get(url).content == before.content
