"""Hostile entry lists through every path that reads one: the import page, the API and `import_entries`. Each is
answered with a clear message naming what is wrong (and its line, where it has one), nothing is imported, and the
process that read it stays within tests.hostile.bounds: a workbook of 15 KB with 1.5 million empty rows once held a
web worker until the server killed it, and an API client got an HTML 500."""

import functools
import html

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from rest_framework.authtoken.models import Token

from tests.factories import EventFactory
from tests.hostile import spreadsheet_files as files
from tests.hostile.bounds import measured

pytestmark = pytest.mark.django_db

TOO_MUCH = "the sheet goes on with far more than an entry list of 5,000 rows, empty rows and cells included"
WORKBOOK_TOO_LARGE = "This Excel workbook holds far more than an entry list of 5,000 rows"
DAMAGED = "This Excel workbook cannot be read: it may be damaged or too large once unpacked."
ODS = "This file is a spreadsheet of another kind (.ods)"
# (how the file is made, its name, the message it gets)
CASES = [
    (files.many_blank_rows, "entries.xlsx", TOO_MUCH),
    (files.many_rows, "entries.xlsx", "line 5002: more than 5,000 rows; split the list into several files"),
    (files.wide_empty_row, "entries.xlsx", f"line 2: {TOO_MUCH}"),
    (files.value_far_right, "entries.xlsx", "line 2: column 16384 holds a value; an entry list has at most 64 columns"),
    (files.sheet_bomb, "entries.xlsx", WORKBOOK_TOO_LARGE),
    (files.sheet_bomb_declared_small, "entries.xlsx", DAMAGED),
    (files.shared_strings_bomb, "entries.xlsx", WORKBOOK_TOO_LARGE),
    (files.huge_cell, "entries.xlsx", "line 2: a cell holds more than 1,000 characters"),
    (files.million_styles, "entries.xlsx", WORKBOOK_TOO_LARGE),
    (files.ods_bomb, "entries.ods", ODS),
    (files.ods_mimetype_bomb, "entries.ods", ODS),
    (files.csv_giant_value, "entries.csv", "line 2: a value is too long to be read"),
    (
        files.csv_million_cells,
        "entries.csv",
        "line 2: column 900001 holds a value; an entry list has at most 64 columns",
    ),
    (files.csv_many_rows, "entries.csv", "line 5002: more than 5,000 rows; split the list into several files"),
]
IDS = [make.__name__ for make, _name, _message in CASES]


@functools.cache
def made(make):
    data = make()
    assert len(data) < 2 * 1024 * 1024  # under the upload limit: the file reaches the reader
    return data


@pytest.mark.parametrize("make, name, message", CASES, ids=IDS)
def test_the_import_page_answers_each_hostile_file_with_its_message(client, tournament, secretary, make, name, message):
    event = EventFactory(tournament=tournament)
    client.force_login(secretary)
    url = reverse("event-import-page", args=[tournament.slug, event.pk])
    upload = SimpleUploadedFile(name, made(make))
    with measured() as cost:
        response = client.post(url, {"file": upload})
    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    assert "Nothing was imported." in page and message in page
    assert cost.within_bounds(), cost
    assert event.entries.count() == 0


@pytest.mark.parametrize("make, name, message", CASES, ids=IDS)
def test_the_api_answers_each_hostile_file_with_a_json_400(client, tournament, secretary, make, name, message):
    event = EventFactory(tournament=tournament)
    url = reverse("event-import", args=[tournament.slug, event.pk])
    auth = {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=secretary).key}"}
    upload = SimpleUploadedFile(name, made(make))
    with measured() as cost:
        response = client.post(url, {"file": upload}, **auth)
    assert response.status_code == 400 and response["Content-Type"] == "application/json"
    assert any(message in error for error in response.json()["file"])
    assert cost.within_bounds(), cost
    assert event.entries.count() == 0


@pytest.mark.parametrize("make, name, message", CASES, ids=IDS)
def test_the_command_answers_each_hostile_file_with_its_message(tmp_path, make, name, message):
    event = EventFactory()
    path = tmp_path / name
    path.write_bytes(made(make))
    with measured() as cost, pytest.raises(CommandError) as failure:
        call_command("import_entries", str(event.pk), str(path))
    assert "Nothing was imported" in str(failure.value) and message in str(failure.value)
    assert cost.within_bounds(), cost
    assert event.entries.count() == 0


def test_a_sheet_declaring_the_whole_grid_is_read_as_what_it_holds(client, tournament, secretary):
    event = EventFactory(tournament=tournament)
    url = reverse("event-import", args=[tournament.slug, event.pk])
    auth = {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=secretary).key}"}
    with measured() as cost:
        response = client.post(url, {"file": SimpleUploadedFile("entries.xlsx", files.huge_dimension())}, **auth)
    assert response.status_code == 200 and response.json()["entries_created"] == 1
    assert cost.within_bounds(), cost


def test_the_command_reads_no_further_than_an_upload_may_be(tmp_path, settings):
    event = EventFactory()
    with measured() as cost, pytest.raises(CommandError) as failure:
        call_command("import_entries", str(event.pk), "/dev/zero")
    assert str(failure.value) == (
        f"Nothing was imported: /dev/zero is larger than {settings.UPLOAD_MAX_BYTES:,} bytes, the limit of an upload."
    )
    assert cost.within_bounds(), cost


def test_a_file_bad_on_every_line_gets_the_first_hundred_messages_and_a_count(client, tournament, secretary):
    event = EventFactory(tournament=tournament)
    url = reverse("event-import", args=[tournament.slug, event.pk])
    auth = {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=secretary).key}"}
    text = "first_name,sex\n" + "".join(f"P{line},{'X' * 500}\n" for line in range(2, 3002))
    response = client.post(url, {"text": text}, content_type="application/json", **auth)
    errors = response.json()["file"]
    assert response.status_code == 400 and len(errors) == 101
    assert errors[0].startswith("line 2: sex must be M or F") and errors[-1] == "… and 2,900 more errors"
