"""The first worksheet of an Excel workbook (.xlsx) as rows of text, read as a stream within the bounds of
tournaments.import_bounds.

An .xlsx file is a zip of XML parts. A general reader such as openpyxl builds each row, with every cell of it, as
Python objects before its caller sees the row, and reads the styles and the shared strings whole: a workbook of
5 KB whose one row held 250,000 empty cells took it 77 MB, and one of 215 KB with 1.5 million empty rows held a
web worker past its timeout. Here the sizes the zip declares are checked before anything is unpacked, each part is
unpacked no further than the bound while it is parsed, every XML element parsed counts against one budget for the
whole file, and no tree is built (expat's callbacks keep only what is read), so memory holds one row at a time.
Only what an entry list needs is read: the first worksheet's values (a formula's last result), the shared
strings, and which cell styles show dates.
"""

import io
import logging
import math
import posixpath
import re
import zipfile
import zlib
from datetime import date, datetime
from xml.parsers import expat

from openpyxl.styles.numbers import BUILTIN_FORMATS, is_date_format, is_timedelta_format
from openpyxl.utils.datetime import CALENDAR_MAC_1904, CALENDAR_WINDOWS_1900, from_excel, from_ISO8601

from tournaments.import_bounds import (
    DAMAGED_WORKBOOK,
    NOT_A_SPREADSHEET,
    OTHER_SPREADSHEET,
    Unreadable,
    column_past_bound,
    workbook_too_large,
)

logger = logging.getLogger(__name__)

WORKBOOK = "xl/workbook.xml"
WORKBOOK_RELATIONS = "xl/_rels/workbook.xml.rels"
ODS = b"application/vnd.oasis.opendocument.spreadsheet"
# Bytes unpacked at a time.
CHUNK = 65536
# A cell's reference: its column letters (at most three, XFD being Excel's last column) and its row.
REFERENCE = re.compile(r"([A-Z]{1,3})[0-9]+")
# Excel allows number formats of up to 255 characters; a longer one is cut before it is looked at.
FORMAT_CODE_CHARS = 255
# What a damaged part raises while it is unpacked and parsed; each is the same answer to the secretary.
DAMAGED = (
    expat.ExpatError,
    zipfile.BadZipFile,
    zlib.error,
    EOFError,
    KeyError,
    IndexError,
    ValueError,
    TypeError,
    OverflowError,
    NotImplementedError,  # a compression method zipfile has not
    RuntimeError,  # an encrypted part
)


class TooLarge(Exception):
    """The file holds more than its bounds; `line` is the sheet's row being read then, if any."""

    def __init__(self, line=None):
        super().__init__(line)
        self.line = line


def sheet_rows(data, bounds):
    """(line, cells) for each row of the workbook's first worksheet that holds a value, in order: cells are text,
    the first column first, up to the last one holding a value. Unreadable when the file is no workbook, is
    damaged, or holds more than `bounds` allow."""
    reader = Reader(open_archive(data, bounds), bounds)
    try:
        yield from reader.rows()
    except TooLarge as error:
        raise workbook_too_large(bounds, error.line) from None
    except DAMAGED:
        logger.info("an uploaded workbook could not be read", exc_info=True)
        raise Unreadable(DAMAGED_WORKBOOK) from None


def open_archive(data, bounds):
    """The zip of a workbook whose parts declare no more than the bound unpacked. What the zip declares is all
    zipfile ever unpacks of a part, so the check holds whatever the parts really contain."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
        names = {info.filename for info in infos}
        kind = b""
        if WORKBOOK not in names and "mimetype" in names:
            with archive.open("mimetype") as mimetype:  # its first bytes only: the part may be a bomb too
                kind = mimetype.read(100)
    except DAMAGED:
        raise Unreadable(NOT_A_SPREADSHEET) from None
    if WORKBOOK not in names:
        if kind.startswith(ODS):
            raise Unreadable(OTHER_SPREADSHEET % {"kind": ".ods"})
        raise Unreadable(NOT_A_SPREADSHEET)
    if sum(info.file_size for info in infos) > bounds.unpacked_bytes:
        raise workbook_too_large(bounds)
    return archive


class Limited:
    """A part as it unpacks, refused once the workbook's parts together pass the bound (TooLarge)."""

    def __init__(self, stream, reader):
        self.stream, self.reader = stream, reader

    def read(self):
        data = self.stream.read(CHUNK)
        self.reader.unpacked_left -= len(data)
        if self.reader.unpacked_left < 0:
            raise TooLarge()
        return data


class Part:
    """What is kept of one part while it is parsed: start() sees each element's tag (without its namespace prefix)
    and attributes, end() its tag and, for the tags in TEXTS, its text. No tree is built."""

    TEXTS = frozenset()

    def start(self, tag, attributes):
        pass

    def end(self, tag, text):
        pass

    def completed(self):
        """The rows completed since the last call (a sheet's)."""
        return ()


class Finished(Exception):
    """The part holds nothing more that is read."""


class Reader:
    def __init__(self, archive, bounds):
        self.archive, self.bounds = archive, bounds
        self.unpacked_left = bounds.unpacked_bytes
        self.elements_left = bounds.elements

    def parse(self, name, part):
        """Feed one part to `part` as it unpacks, a chunk at a time; after each chunk, yield the rows the part has
        completed (a sheet's). Every element counts against the budget (TooLarge past it)."""
        parser = expat.ParserCreate()
        parser.buffer_text = True
        texts = []

        def start(name, attributes):
            self.elements_left -= 1
            if self.elements_left < 0:
                raise TooLarge()
            texts.clear()
            part.start(name.rpartition(":")[2], attributes)

        def end(name):
            tag = name.rpartition(":")[2]
            part.end(tag, "".join(texts) if tag in part.TEXTS else None)
            texts.clear()

        def no_document_type(*_args):
            # An OOXML part has none; a DTD is how entity bombs and external entities come in.
            raise ValueError("a document type in a workbook part")

        parser.StartElementHandler, parser.EndElementHandler = start, end
        parser.CharacterDataHandler = texts.append
        parser.StartDoctypeDeclHandler = no_document_type
        with self.archive.open(name) as member:
            stream = Limited(member, self)
            try:
                while chunk := stream.read():
                    parser.Parse(chunk, False)
                    yield from part.completed()
                parser.Parse(b"", True)
            except Finished:
                pass
        yield from part.completed()

    def read(self, name, part):
        for _row in self.parse(name, part):
            pass
        return part

    def rows(self):
        workbook = self.read(WORKBOOK, Workbook())
        relations = self.read(WORKBOOK_RELATIONS, Relations())
        worksheets = [relations.parts[key] for key in workbook.sheets if relations.kinds.get(key) == "worksheet"]
        if not worksheets:
            raise Unreadable(NOT_A_SPREADSHEET)
        strings_part, styles_part = relations.first("sharedStrings"), relations.first("styles")
        strings = self.read(strings_part, SharedStrings(self.bounds)).strings if strings_part else []
        styles = self.read(styles_part, Styles()) if styles_part else Styles()
        dates, durations = styles.dates()
        sheet = Sheet(Cells(strings, dates, durations, workbook.epoch, self.bounds), self.bounds)
        try:
            yield from self.parse(worksheets[0], sheet)
        except TooLarge:
            raise TooLarge(sheet.line or None) from None


class Workbook(Part):
    """The order of the sheets (their relationships), and the calendar the dates count from."""

    def __init__(self):
        self.sheets, self.epoch = [], CALENDAR_WINDOWS_1900

    def start(self, tag, attributes):
        if tag == "workbookPr" and attributes.get("date1904") in ("1", "true"):
            self.epoch = CALENDAR_MAC_1904
        elif tag == "sheet":
            self.sheets.append(next((value for key, value in attributes.items() if key.endswith(":id")), None))


class Relations(Part):
    """The parts xl/workbook.xml points to: the sheets, the shared strings, the styles."""

    def __init__(self):
        self.kinds, self.parts = {}, {}

    def start(self, tag, attributes):
        if tag == "Relationship" and attributes.get("TargetMode") != "External":
            key = attributes.get("Id")
            self.kinds[key] = attributes.get("Type", "").rpartition("/")[2]
            self.parts[key] = part_name(attributes.get("Target", ""))

    def first(self, kind):
        return next((self.parts[key] for key, found in self.kinds.items() if found == kind), None)


class SharedStrings(Part):
    """The workbook's strings, in order: the text of each, its phonetic guide (rPh) left out as Excel shows it; a
    string longer than a cell may hold is kept just long enough to be refused where it is used."""

    TEXTS = frozenset({"t"})

    def __init__(self, bounds):
        self.strings, self.texts, self.phonetic, self.longest = [], None, 0, bounds.cell_chars + 1

    def start(self, tag, attributes):
        if tag == "si":
            self.texts = []
        elif tag == "rPh":
            self.phonetic += 1

    def end(self, tag, text):
        if tag == "t" and self.texts is not None and not self.phonetic:
            self.texts.append(text)
        elif tag == "rPh":
            self.phonetic -= 1
        elif tag == "si":
            self.strings.append("".join(self.texts)[: self.longest])
            self.texts = None


class Styles(Part):
    """The cell styles (by index) whose number format shows a date, or a duration."""

    def __init__(self):
        self.formats, self.styles, self.in_cell_styles = {}, [], False

    def start(self, tag, attributes):
        if tag == "numFmt":
            self.formats[int(attributes["numFmtId"])] = attributes.get("formatCode", "")[:FORMAT_CODE_CHARS]
        elif tag == "cellXfs":
            self.in_cell_styles = True
        elif tag == "xf" and self.in_cell_styles:
            self.styles.append(int(attributes.get("numFmtId") or 0))

    def end(self, tag, text):
        if tag == "cellXfs":
            self.in_cell_styles = False

    def dates(self):
        codes = {
            number: self.formats.get(number) or BUILTIN_FORMATS.get(number, "General") for number in set(self.styles)
        }
        dates = {number for number, code in codes.items() if is_date_format(code)}
        durations = {number for number, code in codes.items() if is_timedelta_format(code)}
        return (
            {index for index, number in enumerate(self.styles) if number in dates},
            {index for index, number in enumerate(self.styles) if number in durations},
        )


class Sheet(Part):
    """(line, cells) of each row of the sheet, read up to the end of its data: what follows holds no cell."""

    TEXTS = frozenset({"v", "t"})

    def __init__(self, cells, bounds):
        self.cells, self.bounds = cells, bounds
        self.rows, self.line, self.column, self.row = [], 0, 0, {}
        self.kind = self.style = self.value = self.texts = None
        self.phonetic = 0

    def start(self, tag, attributes):
        if tag == "row":
            self.line, self.column, self.row = int(attributes.get("r") or self.line + 1), 0, {}
        elif tag == "c":
            self.column = column_number(attributes.get("r"), self.column)
            self.kind, self.style = attributes.get("t", "n"), int(attributes.get("s") or 0)
            self.value = self.texts = None
        elif tag == "is":
            self.texts = []
        elif tag == "rPh":
            self.phonetic += 1

    def end(self, tag, text):
        if tag == "v":
            self.value = text
        elif tag == "t" and self.texts is not None and not self.phonetic:
            self.texts.append(text)
        elif tag == "rPh":
            self.phonetic -= 1
        elif tag == "c":
            text = self.cells.text(self.kind, self.style, self.value, self.texts)
            if text.strip():
                if self.column > self.bounds.columns:
                    raise column_past_bound(self.line, self.column, self.bounds)
                self.row[self.column] = text
        elif tag == "row" and self.row:  # an empty row is left out here, at the cost of its parse only
            row = self.row
            self.rows.append((self.line, [row.get(number, "") for number in range(1, max(row) + 1)]))
        elif tag == "sheetData":
            raise Finished()

    def completed(self):
        rows, self.rows = self.rows, []
        return rows


def part_name(target):
    """The zip member a relationship of xl/workbook.xml points to."""
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join("xl", target))


def column_number(reference, previous):
    """The column of a cell, from its reference ("AB12": 28) or, without one, the column after the previous."""
    if not reference:
        return previous + 1
    letters = REFERENCE.match(reference)
    if letters is None:
        raise ValueError(reference)
    number = 0
    for letter in letters.group(1):
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


class Cells:
    """A cell's value as the text a CSV file would hold, as openpyxl would read it (data only: a formula's last
    result)."""

    def __init__(self, strings, dates, durations, epoch, bounds):
        self.strings, self.dates, self.durations, self.epoch = strings, dates, durations, epoch
        self.longest = bounds.cell_chars + 1

    def text(self, kind, style, value, texts):
        if kind == "inlineStr":
            return "".join(texts or [])
        if not value:
            return ""
        if len(value) > self.longest:
            # Refused where the row is checked; never turned into a number of a thousand digits.
            return value[: self.longest]
        if kind == "s":
            return self.strings[int(value)]
        if kind == "b":
            return cell_text(bool(int(value)))
        if kind == "d":
            return cell_text(from_ISO8601(value))
        if kind != "n":  # "str" (a formula's text), "e" (an error such as #N/A)
            return value
        number = float(value) if any(mark in value for mark in ".eE") else int(value)
        if style in self.dates:
            try:
                return cell_text(from_excel(number, self.epoch, timedelta=style in self.durations))
            except (OverflowError, ValueError):
                return "#VALUE!"  # what openpyxl reads for a date out of the calendar
        return cell_text(number)


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
