"""QR codes on paper (zxing-cpp's writer makes the code, in C++: a round's score cards print a thousand; reportlab
fills its modules, as squares): a player's link on their slip, each side's match link on a score card and on the
pairings sheet. Black on white with the standard quiet zone of four modules, so a phone reads it from a
black-and-white print; error correction M survives a fold or a pen mark.

`QRCode(url, size)` is a flowable `size` points square; `labelled(url, size, label, style)` puts a caption under it."""

import re
from functools import cache, lru_cache
from re import Match

import zxingcpp
from reportlab.platypus import Flowable, Table, TableStyle

from printing.fast_text import num
from printing.pdf_kit import no_padding, one_line

QUIET_ZONE = 4  # modules of white around the code (ISO/IEC 18004)
DARK_RUN = re.compile("1+")
DARK_AS_1 = bytes.maketrans(b"\x00\xff", b"10")


def qr_rows(data):
    """The rows of the symbol of `data` (without the quiet zone), each a string of "0" (light) and "1" (dark):
    error correction M, the smallest version that holds it, the mask the standard's penalty rules choose."""
    code = zxingcpp.create_barcode(data, zxingcpp.BarcodeFormat.QRCode, ec_level="M")
    image = code.to_image(scale=1, add_quiet_zones=False)  # one byte a module: 0 dark, 255 light
    height, width = image.shape
    modules = bytes(image).translate(DARK_AS_1).decode()
    return [modules[row * width : (row + 1) * width] for row in range(height)]


@lru_cache(maxsize=8192)  # a reprinted round draws the same links
def qr_path(data):
    """(modules across, quiet zone included; the dark modules in module units, origin at the bottom left): one
    filled rectangle per run of dark modules in a row, so smaller files and no hairline seams along a row."""
    rows = qr_rows(data)
    rects = Rectangles.of(len(rows))
    return rects.across, " ".join(map(rects.__getitem__, map(Match.span, DARK_RUN.finditer("0".join(rows)))))


class Rectangles(dict):
    """The rectangle of each run of dark modules, by its place (span) in the rows of a symbol `size` modules
    across joined with a light module: made once per place and symbol size, as a round's codes share them."""

    @classmethod
    @cache
    def of(cls, size):
        return cls(size)

    def __init__(self, size):
        super().__init__()
        self.size, self.across = size, size + 2 * QUIET_ZONE

    def __missing__(self, span):
        if len(self) > 500_000:  # a version 40 symbol has millions of places: keep the common ones
            self.clear()
        start, end = span
        row, column = divmod(start, self.size + 1)
        bottom = self.across - QUIET_ZONE - 1 - row
        text = self[span] = f"{QUIET_ZONE + column} {bottom} {end - start} 1 re f*"
        return text


def draw_qr(canvas, data, x, y, size):
    """The code of `data`, `size` points square, its bottom left corner at (x, y)."""
    across, path = qr_path(data)
    module = f"{size / across:.6f}"
    canvas._code.append(f"q 0 0 0 rg {module} 0 0 {module} {num(x)} {num(y)} cm {path} Q")


class QRCode(Flowable):
    """The QR code of `data`, drawn `size` points square (quiet zone included)."""

    def __init__(self, data, size):
        super().__init__()
        self.data = data
        self.size = size

    def wrap(self, available_width, available_height):
        return self.size, self.size

    def draw(self):
        draw_qr(self.canv, self.data, 0, 0, self.size)


def labelled(data, size, label, style):
    """The code with a one-line caption under it ("A · Noor Khan"), as one block `size` wide."""
    return captioned(QRCode(data, size), one_line(label, size, style, smallest=5), size)


def captioned(code, caption, size):
    table = Table([[code], [caption]], colWidths=[size])
    table.setStyle(TableStyle([*no_padding(), ("ALIGN", (0, 0), (-1, -1), "CENTER")]))
    return table
