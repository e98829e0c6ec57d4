"""QR codes on paper (segno draws the code; reportlab the modules, as filled squares): a player's link on their slip,
each side's match link on a score card and on the pairings sheet. Black on white with the standard quiet zone of
four modules, so a phone reads it from a black-and-white print; error correction M survives a fold or a pen mark.

`QRCode(url, size)` is a flowable `size` points square; `labelled(url, size, label, style)` puts a caption under it."""

import segno
from reportlab.lib import colors
from reportlab.platypus import Flowable, Table, TableStyle

from printing.pdf_kit import no_padding, one_line

QUIET_ZONE = 4  # modules of white around the code (ISO/IEC 18004)


class QRCode(Flowable):
    """The QR code of `data`, drawn `size` points square (quiet zone included)."""

    def __init__(self, data, size):
        super().__init__()
        self.code = segno.make(data, error="m", micro=False)
        self.size = size

    def wrap(self, available_width, available_height):
        return self.size, self.size

    def draw(self):
        rows = [list(row) for row in self.code.matrix_iter(border=QUIET_ZONE)]
        module = self.size / len(rows)
        canvas = self.canv
        canvas.saveState()
        canvas.setFillColor(colors.black)
        for y, row in enumerate(rows):
            top = self.size - (y + 1) * module
            x = 0
            while x < len(row):  # one rectangle per run of dark modules: smaller files, no hairline seams
                if not row[x]:
                    x += 1
                    continue
                start = x
                while x < len(row) and row[x]:
                    x += 1
                canvas.rect(start * module, top, (x - start) * module, module, stroke=0, fill=1)
        canvas.restoreState()


def labelled(data, size, label, style):
    """The code with a one-line caption under it ("A · Noor Khan"), as one block `size` wide."""
    table = Table([[QRCode(data, size)], [one_line(label, size, style, smallest=5)]], colWidths=[size])
    table.setStyle(TableStyle([*no_padding(), ("ALIGN", (0, 0), (-1, -1), "CENTER")]))
    return table
