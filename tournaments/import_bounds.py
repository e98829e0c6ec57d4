"""How much of an uploaded entry list is read, and what the secretary is told about a file that cannot be read.

An entry list is a few thousand rows of nine columns. A file may claim or hold far more: a workbook of 215 KB with
1.5 million empty rows, one of 95 KB with 300,000 rows, a zip part that unpacks into gigabytes, a cell of a million
characters. Each of them once held a web worker until the server killed it. The readers (tournaments.spreadsheets
for CSV, tournaments.workbooks for .xlsx) therefore stop at the first row past the bound, and refuse with a message
that names the line: reading an upload never takes more than a few seconds, whatever it holds.
"""

from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import gettext_lazy, ngettext

NOT_A_SPREADSHEET = gettext_lazy(
    "This file is neither an Excel workbook (.xlsx) nor CSV text: save the entry list as .xlsx or as CSV and "
    "upload it again."
)
OTHER_SPREADSHEET = gettext_lazy(
    "This file is a spreadsheet of another kind (%(kind)s): save it as an Excel workbook (.xlsx) without a "
    "password, or as CSV, and upload it again."
)
DAMAGED_WORKBOOK = gettext_lazy(
    "This Excel workbook cannot be read: it may be damaged or too large once unpacked. Save it again as .xlsx "
    "or as CSV and upload it again."
)

# Columns of a row that are read. The list has nine; a value further right is refused, empty cells there are not
# read at all (a spreadsheet program may write formatted empty cells up to its last column).
MAX_COLUMNS = 64
# XML elements a workbook may make the reader parse, per row of the limit: a row of nine cells, each with its value
# and a shared string, is about 40; the rest is room for formatting, styles and empty rows.
ELEMENTS_PER_ROW = 100


class Unreadable(Exception):
    """The file cannot be read as an entry list at all; `message` says so once, for the whole file."""

    def __init__(self, message):
        super().__init__(message)
        self.message = str(message)


@dataclass(frozen=True)
class Bounds:
    rows: int  # rows of the list below its header
    cell_chars: int  # characters of one cell
    unpacked_bytes: int  # a workbook's parts, unpacked, all together
    columns: int = MAX_COLUMNS

    @classmethod
    def from_settings(cls):
        return cls(settings.IMPORT_MAX_ROWS, settings.IMPORT_MAX_CELL_CHARS, settings.IMPORT_MAX_UNPACKED_BYTES)

    @property
    def elements(self):
        return self.rows * ELEMENTS_PER_ROW


def workbook_too_large(bounds, line=None):
    """The refusal of a workbook that holds more than its list could: empty rows and cells by the million, styles,
    a part that unpacks into more than the bound."""
    if line is None:
        message = gettext_lazy(
            "This Excel workbook holds far more than an entry list of %(count)s rows: copy the list alone into a "
            "new workbook, or save it as CSV, and upload it again."
        )
        return Unreadable(message % {"count": f"{bounds.rows:,}"})
    message = gettext_lazy(
        "line %(line)s: the sheet goes on with far more than an entry list of %(count)s rows, empty rows and "
        "cells included: copy the list alone into a new workbook, or save it as CSV, and upload it again."
    )
    return Unreadable(message % {"line": line, "count": f"{bounds.rows:,}"})


def column_past_bound(line, column, bounds):
    message = gettext_lazy(
        "line %(line)s: column %(column)s holds a value; an entry list has at most %(count)s columns"
    )
    return Unreadable(message % {"line": line, "column": column, "count": bounds.columns})


def check_cells(line, cells, bounds):
    """The row's cells within the bounds, trailing empty ones left out; Unreadable naming the line otherwise."""
    end = len(cells)
    while end and not cells[end - 1].strip():
        end -= 1
    if end > bounds.columns:
        raise column_past_bound(line, end, bounds)
    if any(len(cell) > bounds.cell_chars for cell in cells[:end]):
        message = ngettext(
            "line %(line)s: a cell holds more than %(count)s character",
            "line %(line)s: a cell holds more than %(count)s characters",
            bounds.cell_chars,
        )
        raise Unreadable(message % {"line": line, "count": f"{bounds.cell_chars:,}"})
    return cells[:end]
