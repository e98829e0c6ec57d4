"""An openpyxl workbook as .xlsx bytes that depend on its contents only: the same data gives the same file.

openpyxl stamps a workbook with the clock three ways: the document's created and modified dates
(docProps/core.xml), and each zip entry's date, which is the time of writing or, for a worksheet, its temporary
file's. Two downloads of an unchanged export then differ, so a client or a cache cannot tell the file is the same.
Here both the document's dates and every zip entry's are the zip format's earliest date, as reproducible builds
do (a file of the same data made later must not look newer). Every .xlsx the project writes goes through
workbook_bytes.
"""

import datetime
import io
import zipfile

from openpyxl.writer.excel import ExcelWriter

ENTRY_DATE = (1980, 1, 1, 0, 0, 0)  # the earliest a zip entry can carry
DOCUMENT_DATE = datetime.datetime(*ENTRY_DATE)  # openpyxl cannot write a document without dates


class FixedDateZip(zipfile.ZipFile):
    """A zip whose entries all carry ENTRY_DATE. ZipFile's writestr and write both add an entry through open."""

    def open(self, name, mode="r", pwd=None, **options):
        if mode == "w" and isinstance(name, zipfile.ZipInfo):
            name.date_time = ENTRY_DATE
        return super().open(name, mode, pwd, **options)


def workbook_bytes(book):
    """`book` (an openpyxl Workbook) as the bytes of an .xlsx file, without the time it was made."""
    book.properties.created = book.properties.modified = DOCUMENT_DATE
    buffer = io.BytesIO()
    # ExcelWriter rather than book.save: save would stamp `modified` with the clock again.
    ExcelWriter(book, FixedDateZip(buffer, "w", zipfile.ZIP_DEFLATED, allowZip64=True)).save()
    return buffer.getvalue()
