"""Hostile entry lists, made when a test asks for them (nothing large is committed): workbooks whose few kilobytes
hold 1.5 million empty rows, 300,000 rows, a row of two million cells, a declared size of the whole sheet, a part
that unpacks into hundreds of megabytes (honestly declared, or declared small), a cell of 100,000 characters, a
million styles; an OpenDocument spreadsheet with a bomb inside; CSV with a line of 1.5 MB, or of a million cells.

Each stays under the default upload limit (UPLOAD_MAX_BYTES, 2 MB), so that it reaches the reader on every path.
"""

import io
import struct
import zipfile

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"
CONTENT_TYPES = (
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    "</Types>"
)
ROOT_RELATIONS = (
    f'<Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" Target="xl/workbook.xml" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"/></Relationships>'
)
WORKBOOK = (
    f'<workbook xmlns="{MAIN}" xmlns:r="{RELATIONS}"><sheets><sheet name="Entries" sheetId="1" r:id="rId1"/>'
    "</sheets></workbook>"
)
WORKBOOK_RELATIONS = (
    f'<Relationships xmlns="{PACKAGE}">'
    f'<Relationship Id="rId1" Type="{RELATIONS}/worksheet" Target="worksheets/sheet1.xml"/>'
    f'<Relationship Id="rId2" Type="{RELATIONS}/sharedStrings" Target="sharedStrings.xml"/>'
    f'<Relationship Id="rId3" Type="{RELATIONS}/styles" Target="styles.xml"/></Relationships>'
)
HEADER = '<row r="1"><c r="A1" t="inlineStr"><is><t>first_name</t></is></c></row>'
ASHA = '<row r="2"><c r="A2" t="inlineStr"><is><t>Asha</t></is></c></row>'
STYLES = f'<styleSheet xmlns="{MAIN}"><cellXfs count="1"><xf numFmtId="0"/></cellXfs></styleSheet>'
# What a bomb unpacks into: enough to take a worker past its memory if it were read whole, and quick to make.
BOMB_BYTES = 256 * 2**20
CHUNK = b" " * 2**20


def sheet(rows, before=""):
    """A worksheet whose sheetData holds the header row, then `rows` (XML text)."""
    return f'<worksheet xmlns="{MAIN}">{before}<sheetData>{HEADER}{rows}</sheetData></worksheet>'


def workbook(worksheet, shared_strings=f'<sst xmlns="{MAIN}"/>', styles=STYLES, bomb=None):
    """An .xlsx file: its parts as given; `bomb` names a part to fill with BOMB_BYTES unpacked (written in chunks,
    never held whole), after its opening XML."""
    parts = {
        "[Content_Types].xml": CONTENT_TYPES,
        "_rels/.rels": ROOT_RELATIONS,
        "xl/workbook.xml": WORKBOOK,
        "xl/_rels/workbook.xml.rels": WORKBOOK_RELATIONS,
        "xl/worksheets/sheet1.xml": worksheet,
        "xl/sharedStrings.xml": shared_strings,
        "xl/styles.xml": styles,
    }
    return zipped(parts, bomb)


def zipped(parts, bomb=None):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, text in parts.items():
            if name != bomb:
                archive.writestr(name, text)
                continue
            with archive.open(name, "w", force_zip64=True) as member:
                member.write(text.encode())
                for _ in range(BOMB_BYTES // len(CHUNK)):
                    member.write(CHUNK)
    return buffer.getvalue()


def declared_smaller(data, name, size=4096):
    """The zip with `name` declaring `size` unpacked bytes in both of its headers, whatever it really holds."""
    data = bytearray(data)
    encoded = name.encode()
    for signature, size_at, name_at in ((b"PK\x03\x04", 22, 30), (b"PK\x01\x02", 24, 46)):
        start = data.find(signature)
        while start != -1:
            if data[start + name_at : start + name_at + len(encoded)] == encoded:
                data[start + size_at : start + size_at + 4] = struct.pack("<I", size)
            start = data.find(signature, start + 4)
    return bytes(data)


def many_blank_rows():
    return workbook(sheet(ASHA + "<row/>" * 1_500_000))


def many_rows():
    """300,000 rows of one player each (reading must stop at the first row past the bound, not at the end)."""
    return workbook(sheet('<row><c t="inlineStr"><is><t>Asha</t></is></c></row>' * 300_000))


def huge_dimension():
    """A sheet declaring the whole of Excel's grid while holding two rows: a good list, read as what it holds."""
    return workbook(sheet(ASHA, before='<dimension ref="A1:XFD1048576"/>'))


def wide_empty_row():
    return workbook(sheet("<row>" + "<c/>" * 2_000_000 + "</row>"))


def value_far_right():
    return workbook(sheet('<row r="2"><c r="A2" t="inlineStr"><is><t>Asha</t></is></c><c r="XFD2"><v>1</v></c></row>'))


def sheet_bomb():
    return workbook(f'<worksheet xmlns="{MAIN}"><sheetData>{HEADER}', bomb="xl/worksheets/sheet1.xml")


def sheet_bomb_declared_small():
    return declared_smaller(sheet_bomb(), "xl/worksheets/sheet1.xml")


def shared_strings_bomb():
    return workbook(sheet(ASHA), shared_strings=f'<sst xmlns="{MAIN}"><si><t>', bomb="xl/sharedStrings.xml")


def huge_cell():
    strings = f'<sst xmlns="{MAIN}"><si><t>{"A" * 100_000}</t></si></sst>'
    return workbook(sheet('<row r="2"><c r="A2" t="s"><v>0</v></c></row>'), shared_strings=strings)


def million_styles():
    return workbook(
        sheet(ASHA), styles=f'<styleSheet xmlns="{MAIN}"><cellXfs>{"<xf/>" * 1_000_000}</cellXfs></styleSheet>'
    )


def ods_bomb():
    mimetype = "application/vnd.oasis.opendocument.spreadsheet"
    return zipped({"mimetype": mimetype, "content.xml": "<office:document-content>"}, bomb="content.xml")


def ods_mimetype_bomb():
    return zipped({"mimetype": "application/vnd.oasis.opendocument.spreadsheet"}, bomb="mimetype")


def csv_giant_value():
    return b"first_name,club\nAsha," + b"x" * 1_500_000 + b"\n"


def csv_million_cells():
    return b"first_name\nAsha" + b",1" * 900_000 + b"\n"


def csv_many_rows():
    return b"first_name\n" + b"Asha\n" * 300_000
