"""Reading an entry list file into rows of strings: an Excel workbook (.xlsx) or CSV text, no database.

Whatever the format, the answer is the same: a list of (line, cells) for the non-empty rows, `line` being the
row's number as the secretary sees it (the spreadsheet's row, the text file's line), every cell a string, the
trailing empty ones left out. The checks of tournaments.importing then run on those rows only, so a value is judged
the same whether it came from a workbook or a text file. Both readers stop within the bounds of
tournaments.import_bounds (rows, columns, characters of a cell, a workbook's unpacked size), whatever the file.

CSV: the delimiter is `,`, `;` (what a spreadsheet program in French, German or Italian writes) or a tab, found
from the header line (or Excel's `sep=;` first line); the text is UTF-8 with or without a BOM, UTF-16 (with a BOM,
as Excel's "Unicode text" writes it) or Windows-1252 (Excel's "CSV" on Windows in Western Europe).
"""

import csv
import io
from contextlib import closing

from django.utils.translation import gettext as _

from tournaments.import_bounds import NOT_A_SPREADSHEET, OTHER_SPREADSHEET, Bounds, Unreadable, check_cells
from tournaments.workbooks import sheet_rows

ZIP = b"PK\x03\x04"
# Excel 97-2003 (.xls) and Office files protected by a password are both OLE compound files.
OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
# Files people pick by mistake that may still decode as Windows-1252 text.
BINARY_SIGNATURES = (b"%PDF-", b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"\x1f\x8b", b"7z\xbc\xaf", b"Rar!")
DELIMITERS = (",", ";", "\t")
SNIFF_LINES = 10
# Text with more control characters than this share is a binary file that happened to decode.
CONTROL_SHARE = 0.1
TEXT_CONTROLS = "\t\n\r"


def read_rows(data, limit=None, bounds=None):
    """The non-empty rows of `data` as (line, cells): bytes of an uploaded file (XLSX or CSV), or CSV text (str).
    Stops after `limit` non-empty rows, so that an over-long file is not read to its end; Unreadable for a file
    that is no entry list or holds more than `bounds` (by default, the settings') allow."""
    bounds = bounds or Bounds.from_settings()
    if isinstance(data, str):
        rows = _csv_rows(data.removeprefix("\ufeff"))
    elif data.startswith(ZIP):
        rows = sheet_rows(data, bounds)
    elif data.startswith(OLE):
        raise Unreadable(OTHER_SPREADSHEET % {"kind": ".xls"})
    else:
        rows = _csv_rows(decode(data))
    kept = []
    with closing(rows):  # a workbook's part stays open until its reader is closed
        for line, cells in rows:
            cells = check_cells(line, cells, bounds)
            if cells:
                kept.append((line, cells))
                if limit and len(kept) >= limit:
                    break
    return kept


def decode(data):
    """The text of a CSV file in any of the encodings spreadsheet programs write; Unreadable if it is no text."""
    if data.startswith(BINARY_SIGNATURES):
        raise Unreadable(NOT_A_SPREADSHEET)
    if data.startswith(b"\xef\xbb\xbf"):
        encodings = ["utf-8-sig"]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encodings = ["utf-16"]
    else:
        encodings = [_utf16_without_bom(data), "utf-8", "cp1252"]
    for encoding in filter(None, encodings):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if _looks_binary(text):
            break
        return text.removeprefix("\ufeff")
    raise Unreadable(NOT_A_SPREADSHEET)


def _utf16_without_bom(data):
    """UTF-16 without its BOM: text in Latin letters has a zero in every other byte."""
    sample = data[:4096]
    if len(sample) < 4 or len(sample) % 2:
        return None
    if sample[1::2].count(0) > 0.9 * len(sample) / 2:
        return "utf-16-le"
    if sample[0::2].count(0) > 0.9 * len(sample) / 2:
        return "utf-16-be"
    return None


def _looks_binary(text):
    sample = text[:65536]
    controls = sum(1 for char in sample if char < " " and char not in TEXT_CONTROLS)
    return controls > CONTROL_SHARE * len(sample)


def _csv_rows(text):
    lines = [line.strip() for line in text[:65536].splitlines() if line.strip()][:SNIFF_LINES]
    first = lines[0] if lines else ""
    skip_first = False
    if first.lower().startswith("sep=") and len(first) == 5:
        # Excel's own hint line: "sep=;" names the delimiter and is no row of the list.
        delimiter, skip_first = first[4], True
    else:
        # The delimiter that separates the most cells in the first lines (a title row above the header may hold
        # a comma of its own).
        counts = {delimiter: sum(line.count(delimiter) for line in lines) for delimiter in DELIMITERS}
        delimiter = max(DELIMITERS, key=counts.get) if any(counts.values()) else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        for cells in reader:
            if skip_first and cells:
                skip_first = False
                continue
            yield reader.line_num, cells
    except csv.Error:
        # Only a value over the csv module's field size limit (131,072 characters) gets here.
        message = _("line %(line)s: a value is too long to be read")
        raise Unreadable(message % {"line": reader.line_num}) from None
