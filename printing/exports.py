"""Spreadsheet exports: tables of rows as CSV or XLSX bytes.

Plain Python: a Sheet holds translated column headings and rows of values; figures stay numbers (int or float), so
a spreadsheet sums and sorts them; text stays text. printing.export_data fills the sheets from the database.

A cell's text is never read as a formula: a player's name such as "=HYPERLINK(…)" would otherwise run in the
secretary's spreadsheet. CSV prefixes such a text with an apostrophe (what spreadsheets themselves do); XLSX
stores it as a string."""

import csv
import io
from dataclasses import dataclass, field

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from core.workbooks import workbook_bytes

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
SHEET_TITLE_FORBIDDEN = str.maketrans({c: " " for c in "[]:*?/\\"})
MAX_SHEET_TITLE = 31  # Excel's limit
MAX_COLUMN_WIDTH = 50


@dataclass
class Sheet:
    title: str
    columns: list
    rows: list = field(default_factory=list)  # lists of str, int, float or None, one value per column


def safe_text(value):
    """A text a spreadsheet shows as it is, never as a formula."""
    return f"'{value}" if value.startswith(FORMULA_STARTS) else value


def csv_value(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return safe_text(value) if isinstance(value, str) else value


def to_csv(sheets, section_column=None):
    """UTF-8 CSV (with a byte-order mark, so spreadsheets read names in any script). Several sheets go into one
    table: `section_column` heads a first column holding each row's sheet title (e.g. the group)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    columns = sheets[0].columns if sheets else []
    writer.writerow([csv_value(label) for label in ([section_column] if section_column else []) + list(columns)])
    for sheet in sheets:
        prefix = [sheet.title] if section_column else []
        for row in sheet.rows:
            writer.writerow([csv_value(value) for value in prefix + list(row)])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def to_xlsx(sheets):
    """An XLSX workbook, a worksheet per sheet: bold headings frozen at the top, figures as numbers. The same
    sheets give the same bytes (core.workbooks)."""
    book = Workbook()
    book.remove(book.active)
    titles = set()
    for index, sheet in enumerate(sheets or [Sheet("", [])], start=1):
        worksheet = book.create_sheet(sheet_title(sheet.title, index, titles))
        worksheet.append([str(label) for label in sheet.columns])
        for cell in worksheet[1]:
            cell.font = Font(bold=True)
        for row in sheet.rows:
            worksheet.append([None if value is None else value for value in row])
            for cell in worksheet[worksheet.max_row]:
                if isinstance(cell.value, str):
                    cell.data_type = "s"  # openpyxl would take "=…" for a formula
        worksheet.freeze_panes = "A2"
        fit_columns(worksheet, sheet)
    book.properties.creator = "carrom"
    return workbook_bytes(book)


def sheet_title(title, index, taken):
    """A worksheet name Excel accepts: at most 31 characters, none of []:*?/\\, unique in the workbook."""
    name = (str(title).translate(SHEET_TITLE_FORBIDDEN).strip() or str(index))[:MAX_SHEET_TITLE]
    while name.lower() in taken:
        suffix = f" ({index})"
        name = name[: MAX_SHEET_TITLE - len(suffix)] + suffix
        index += 1
    taken.add(name.lower())
    return name


def fit_columns(worksheet, sheet):
    for number, label in enumerate(sheet.columns, start=1):
        values = [str(label)] + [str(row[number - 1]) for row in sheet.rows if row[number - 1] is not None]
        width = min(MAX_COLUMN_WIDTH, max(len(value) for value in values) + 2)
        worksheet.column_dimensions[get_column_letter(number)].width = width
