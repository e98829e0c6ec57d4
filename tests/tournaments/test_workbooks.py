"""tournaments.workbooks reads a workbook's first sheet as openpyxl does (the text a CSV file would hold), without
its cost: the values of every type a spreadsheet program saves, formulas' last results, rich and phonetic text,
the 1904 calendar, a chart sheet before the list; and it refuses what no workbook holds (a document type)."""

import io
from datetime import date, datetime, time

import openpyxl
import pytest
from openpyxl.cell.rich_text import CellRichText, TextBlock
from openpyxl.cell.text import InlineFont
from openpyxl.utils.datetime import CALENDAR_MAC_1904

from tests.hostile.spreadsheet_files import MAIN, sheet, workbook
from tournaments.importing import ImportFailed, parse_entries
from tournaments.spreadsheets import read_rows
from tournaments.workbooks import cell_text

VALUES = [
    ["first_name", "last_name", "date_of_birth", "rating", "ratio", "member", "note"],
    ["Jürgen", "Müller", date(1990, 4, 1), 1850, 0.25, True, None],
    ["Asha", "राव", datetime(1988, 12, 31, 14, 5), 1700.0, 1e20, False, "=not a formula"],
    None,
    ["  Ravi ", "", date(1900, 3, 1), -3, 12.5, None, CellRichText("plain ", TextBlock(InlineFont(b=True), "bold"))],
    [None, None, None, None, None, None, "far"],
]


def saved(rows, epoch=None, number_format=None):
    book = openpyxl.Workbook()
    if epoch:
        book.epoch = epoch
    sheet_ = book.active
    for line, values in enumerate(rows, 1):
        for column, value in enumerate(values or [], 1):
            cell = sheet_.cell(row=line, column=column, value=value)
            if number_format and isinstance(value, (date, datetime)):
                cell.number_format = number_format
    sheet_["J8"] = time(12, 30)  # a time of day: "12:30:00"
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def as_openpyxl_reads(data):
    """The rows openpyxl reads, as read_rows gives them: text, trailing empty cells and empty rows left out."""
    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    rows = []
    for line, values in enumerate(book.worksheets[0].iter_rows(values_only=True), 1):
        cells = [cell_text(value) for value in values]
        while cells and not cells[-1].strip():
            cells.pop()
        if cells:
            rows.append((line, cells))
    return rows


@pytest.mark.parametrize("epoch", [None, CALENDAR_MAC_1904])
@pytest.mark.parametrize("number_format", [None, "dd/mm/yyyy", "[$-409]d-mmm-yy;@"])
def test_the_reader_reads_what_openpyxl_reads(epoch, number_format):
    data = saved(VALUES, epoch, number_format)
    assert read_rows(data) == as_openpyxl_reads(data)
    assert read_rows(data)[1] == (2, ["Jürgen", "Müller", "1990-04-01", "1850", "0.25", "TRUE"])


def test_formula_results_inline_and_phonetic_text_and_errors():
    strings = (
        f'<sst xmlns="{MAIN}"><si><t>Yamada</t><rPh sb="0" eb="2"><t>ヤマダ</t></rPh></si>'
        "<si><r><t>Ra</t></r><r><rPr><b/></rPr><t>vi</t></r></si></sst>"
    )
    rows = (
        '<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" t="s"><v>0</v></c></row>'
        '<row r="3"><c r="A3" t="str"><f>CONCAT("As","ha")</f><v>Asha</v></c><c r="B3" t="e"><v>#N/A</v></c>'
        '<c r="C3"><f>1+1</f><v>2</v></c><c r="D3" t="b"><v>1</v></c></row>'
        '<row><c t="inlineStr"><is><r><t>Jo</t></r><r><t>y</t></r></is></c><c/><c><v>1.5E3</v></c></row>'
        '<row r="9"><c r="B9" t="d"><v>2001-02-03T04:05:06</v></c></row>'
    )
    assert read_rows(workbook(sheet(rows), shared_strings=strings)) == [
        (1, ["first_name"]),
        (2, ["Ravi", "Yamada"]),
        (3, ["Asha", "#N/A", "2", "TRUE"]),
        (4, ["Joy", "", "1500"]),
        (9, ["", "2001-02-03"]),
    ]


def test_a_chart_sheet_before_the_list_is_passed_over():
    book = openpyxl.Workbook()
    book.active.append(["first_name"])
    book.active.append(["Asha"])
    book.create_chartsheet("Chart", 0)
    buffer = io.BytesIO()
    book.save(buffer)
    assert read_rows(buffer.getvalue()) == [(1, ["first_name"]), (2, ["Asha"])]


def test_a_part_with_a_document_type_is_refused_as_damaged():
    laughs = '<!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
    data = workbook(laughs + sheet('<row r="2"><c r="A2" t="inlineStr"><is><t>&b;</t></is></c></row>'))
    with pytest.raises(ImportFailed) as failure:
        parse_entries(data, team_size=1)
    assert failure.value.errors[0].startswith("This Excel workbook cannot be read: it may be damaged")
