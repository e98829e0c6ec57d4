"""Small reportlab helpers shared by the printed sheets and the score card: escaped paragraphs, text that must fit
one line of a form's cell, column widths, the black grid."""

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Paragraph, Table, TableStyle

from printing.fonts import in_its_script


def para(text, style):
    text = str(text)
    return Paragraph(escape(text), in_its_script(text, style))


def bold(text):
    return f"<b>{escape(text)}</b>"


def one_line(text, width, style, smallest=6.5):
    """A paragraph of `text` on one line `width` points wide: in a smaller type if need be (down to `smallest`
    points), cut with an ellipsis beyond that. Cells of a form have a fixed height; a name must not spill."""
    text = str(text)
    style = in_its_script(text, style)
    natural = pdfmetrics.stringWidth(text, style.fontName, style.fontSize)
    if natural > width:
        size = max(smallest, style.fontSize * width / natural)
        style = ParagraphStyle(f"{style.name}-{size:.2f}", parent=style, fontSize=size, leading=size * 1.2)
    return para(fit(text, width, style), style)


def fit(text, width, style):
    """`text` cut with an ellipsis to fit on one line of `width` points in `style` (a cell of fixed height)."""

    def text_width(value):
        return pdfmetrics.stringWidth(value, style.fontName, style.fontSize)

    if text_width(text) <= width:
        return text
    while text and text_width(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fractions(total, weights):
    return [total * w / sum(weights) for w in weights]


def grid_style():
    return TableStyle(
        [
            ("GRID", (0, 0), (-1, -1), 0.6, colors.black),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
            ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
            ("TOPPADDING", (0, 0), (-1, -1), 1),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ]
    )


def no_padding():
    return [(f"{side}PADDING", (0, 0), (-1, -1), 0) for side in ("LEFT", "RIGHT", "TOP", "BOTTOM")]


def stack(tables):
    """Form rows one under the other, as one block."""
    outer = Table([[t] for t in tables])
    outer.setStyle(TableStyle(no_padding()))
    return outer
