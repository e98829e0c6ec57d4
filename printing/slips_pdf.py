"""Cut-out slips of the players' personal links: ten to an A4 page (two columns of five), each with the
tournament, the player's name and event, the link as a QR code and written out, and cut marks (a dashed line
between slips and ticks in the margins where the cuts run), so a stack of pages cut with a guillotine gives one slip
per player.

Plain Python: `slips_sheet(title, slips)` takes `Slip`s (printing.slips fills them) and returns PDF bytes, in the
language and type of the sheet (printing.fonts: Hindi names shaped in Noto Sans Devanagari)."""

import io
from dataclasses import dataclass

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import Table, TableStyle

from printing.pdf import document, styles
from printing.pdf_kit import no_padding, one_line, para
from printing.qr import QRCode

COLUMNS, ROWS = 2, 5
SLIP_WIDTH, SLIP_HEIGHT = 93 * mm, 55 * mm
SLIP_QR = 34 * mm
MARK = 5 * mm  # the cut ticks in the margin
FRAME_PADDING = 6


@dataclass
class Slip:
    name: str
    tournament: str
    event: str
    url: str
    short_url: str  # the URL as one types it: no scheme


def slips_sheet(title, slips, compress=None):
    """A4 pages of slips, two across and five down, with cut marks."""
    st = styles()
    margin_x = (A4[0] - COLUMNS * SLIP_WIDTH) / 2
    margin_y = (A4[1] - ROWS * SLIP_HEIGHT) / 2
    doc = document(io.BytesIO(), title, compress)
    # The grid centred on the page: the margins less the frame's own padding (reportlab's 6 points a side).
    doc.leftMargin = doc.rightMargin = margin_x - FRAME_PADDING
    doc.topMargin = doc.bottomMargin = margin_y - FRAME_PADDING
    if not slips:
        doc.build([para(_("No players entered yet."), st["text"])])
        return doc.filename.getvalue()
    cells = [slip_cell(slip, st) for slip in slips]
    cells += [""] * (-len(cells) % COLUMNS)
    rows = [cells[i : i + COLUMNS] for i in range(0, len(cells), COLUMNS)]
    table = Table(rows, colWidths=[SLIP_WIDTH] * COLUMNS, rowHeights=[SLIP_HEIGHT] * len(rows))
    cut = (0.4, colors.Color(0.45, 0.45, 0.45))
    table.setStyle(
        TableStyle(
            [*no_padding(), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("GRID", (0, 0), (-1, -1), *cut, None, (2, 2))]
        )
    )

    def cut_marks(canvas, doc):
        """Ticks in the margins on every line a cut follows, which stay on the page once the grid is cut away."""
        canvas.saveState()
        canvas.setLineWidth(0.4)
        top = margin_y + ROWS * SLIP_HEIGHT
        for column in range(COLUMNS + 1):
            x = margin_x + column * SLIP_WIDTH
            canvas.line(x, top + 1 * mm, x, top + 1 * mm + MARK)
            canvas.line(x, margin_y - 1 * mm, x, margin_y - 1 * mm - MARK)
        for row in range(ROWS + 1):
            y = margin_y + row * SLIP_HEIGHT
            canvas.line(margin_x - 1 * mm - MARK, y, margin_x - 1 * mm, y)
            canvas.line(A4[0] - margin_x + 1 * mm, y, A4[0] - margin_x + 1 * mm + MARK, y)
        canvas.restoreState()

    doc.build([table], onFirstPage=cut_marks, onLaterPages=cut_marks)
    return doc.filename.getvalue()


def slip_cell(slip, st):
    """One slip: the code at the left; the tournament, the name, the event, what the link is, the link."""
    gap = 3 * mm  # left of the code, between code and text, right of the text
    text_width = SLIP_WIDTH - SLIP_QR - 3 * gap
    words = [
        one_line(slip.tournament, text_width, st["small"]),
        one_line(slip.name, text_width, st["section"], smallest=8),
        one_line(slip.event, text_width, st["small"]),
        para(
            _("Your own page: next match, table and time, results, check-in. No login; keep it to yourself."),
            st["note"],
        ),
        para(slip.short_url, st["note"]),  # a token has no spaces: reportlab splits the long word
    ]
    inner = Table([[QRCode(slip.url, SLIP_QR), words]], colWidths=[SLIP_QR + 2 * gap, text_width + gap])
    inner.setStyle(
        TableStyle(
            [
                *no_padding(),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (0, 0), gap),
                ("RIGHTPADDING", (1, 0), (1, 0), gap),
            ]
        )
    )
    return inner
