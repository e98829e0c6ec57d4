"""Reading an entry list file into rows of strings: an Excel workbook (.xlsx) or CSV text, no database.

Whatever the format, the answer is the same: a list of (line, cells) for the non-empty rows, `line` being the
row's number as the secretary sees it (the spreadsheet's row, the text file's line), every cell a string. The
checks of tournaments.importing then run on those rows only, so a value is judged the same whether it came from
a workbook or a text file.

CSV: the delimiter is `,`, `;` (what a spreadsheet program in French, German or Italian writes) or a tab, found
from the header line (or Excel's `sep=;` first line); the text is UTF-8 with or without a BOM, UTF-16 (with a BOM,
as Excel's "Unicode text" writes it) or Windows-1252 (Excel's "CSV" on Windows in Western Europe).
"""

import csv
import io
import logging
import math
import zipfile
import zlib
from datetime import date, datetime

import openpyxl
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

logger = logging.getLogger(__name__)

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

ZIP = b"PK\x03\x04"
# Excel 97-2003 (.xls) and Office files protected by a password are both OLE compound files.
OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
# Files people pick by mistake that may still decode as Windows-1252 text.
BINARY_SIGNATURES = (b"%PDF-", b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"\x1f\x8b", b"7z\xbc\xaf", b"Rar!")
# A workbook's XML unpacked, all parts together. 20,000 rows of nine columns are about 10 MB; the limit stops a
# small upload that unpacks into gigabytes (openpyxl would read it all).
XLSX_MAX_UNPACKED = 80 * 1024 * 1024
DELIMITERS = (",", ";", "\t")
SNIFF_LINES = 10
# Text with more control characters than this share is a binary file that happened to decode.
CONTROL_SHARE = 0.1
TEXT_CONTROLS = "\t\n\r"


class Unreadable(Exception):
    """The file cannot be read as an entry list at all; `message` says so once, for the whole file."""

    def __init__(self, message):
        super().__init__(message)
        self.message = str(message)


def read_rows(data, limit=None):
    """The non-empty rows of `data` as (line, cells): bytes of an uploaded file (XLSX or CSV), or CSV text (str).
    Stops after `limit` non-empty rows, so that an over-long file is not read to its end."""
    if isinstance(data, str):
        return _csv_rows(data.removeprefix("\ufeff"), limit)
    if data.startswith(ZIP):
        return _xlsx_rows(data, limit)
    if data.startswith(OLE):
        raise Unreadable(OTHER_SPREADSHEET % {"kind": ".xls"})
    return _csv_rows(decode(data), limit)


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


def _csv_rows(text, limit):
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
    rows = []
    try:
        for cells in reader:
            if skip_first and cells:
                skip_first = False
                continue
            if any(cell.strip() for cell in cells):
                rows.append((reader.line_num, cells))
                if limit and len(rows) >= limit:
                    break
    except csv.Error:
        # Only a value over the csv module's field size limit (131,072 characters) gets here.
        message = _("line %(line)s: a value is too long to be read")
        raise Unreadable(message % {"line": reader.line_num}) from None
    return rows


def _xlsx_rows(data, limit):
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        names = set(archive.namelist())
        unpacked = sum(info.file_size for info in archive.infolist())
        kind = archive.read("mimetype")[:100] if "mimetype" in names else b""
    except (zipfile.BadZipFile, zlib.error, ValueError, OSError, RuntimeError, EOFError):
        # RuntimeError: an encrypted member.
        raise Unreadable(NOT_A_SPREADSHEET) from None
    if "xl/workbook.xml" not in names:
        if kind.startswith(b"application/vnd.oasis.opendocument.spreadsheet"):
            raise Unreadable(OTHER_SPREADSHEET % {"kind": ".ods"})
        raise Unreadable(NOT_A_SPREADSHEET)
    if unpacked > XLSX_MAX_UNPACKED:
        raise Unreadable(DAMAGED_WORKBOOK)
    try:
        workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:
        # Anything may be wrong inside an uploaded workbook, and openpyxl raises many kinds of error for it
        # (KeyError, ValueError, XML errors...): each is the same answer to the secretary.
        logger.info("an uploaded workbook could not be opened", exc_info=True)
        raise Unreadable(DAMAGED_WORKBOOK) from None
    try:
        return _sheet_rows(workbook, limit)
    except Unreadable:
        raise
    except Exception:
        logger.info("an uploaded workbook could not be read", exc_info=True)
        raise Unreadable(DAMAGED_WORKBOOK) from None
    finally:
        workbook.close()


def _sheet_rows(workbook, limit):
    """The first sheet's rows: the entry list is the first sheet of the workbook."""
    if not workbook.worksheets:
        raise Unreadable(NOT_A_SPREADSHEET)
    sheet = workbook.worksheets[0]
    # A workbook may state a wrong size of its sheet (some programs write A1:A1); read what is there.
    sheet.reset_dimensions()
    rows = []
    for line, values in enumerate(sheet.iter_rows(values_only=True), 1):
        cells = [cell_text(value) for value in values]
        if any(cell.strip() for cell in cells):
            rows.append((line, cells))
            if limit and len(rows) >= limit:
                break
    return rows


def cell_text(value):
    """A workbook cell as the text a CSV file would hold: dates as YYYY-MM-DD, whole numbers without `.0`."""
    if value is None:
        return ""
    if isinstance(value, datetime):
        return value.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, bool):
        return str(value).upper()
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return str(int(value))
    return str(value)
