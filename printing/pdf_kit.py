"""Small reportlab helpers shared by the printed sheets and the score card: escaped paragraphs, text that must fit
one line of a form's cell, column widths, the black grid."""

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, Table, TableStyle

from printing.fast_text import text_width
from printing.fonts import in_its_script


def para(text, style):
    text = str(text)
    return Paragraph(escape(text), in_its_script(text, style))


def bold(text):
    return f"<b>{escape(text)}</b>"


def one_line(text, width, style, smallest=6.5):
    """A paragraph of `text` on one line `width` points wide: in a smaller type if need be (down to `smallest`
    points), cut with an ellipsis beyond that. Cells of a form have a fixed height; a name must not spill."""
    return para(*one_line_parts(text, width, style, smallest))


def one_line_parts(text, width, style, smallest=6.5):
    """(text, style) of one_line's paragraph."""
    text = str(text)
    style = in_its_script(text, style)
    natural = text_width(text, style.fontName, style.fontSize)
    if natural > width:
        style = smaller(style, max(smallest, style.fontSize * width / natural))
    return fit(text, width, style), style


_SMALLER = {}


def smaller(style, size):
    """`style` in `size` points (cached: a round's cards shrink many names)."""
    key = (style.name, style.fontName, style.fontSize, size)
    found = _SMALLER.get(key)
    if found is None:
        if len(_SMALLER) > 10_000:
            _SMALLER.clear()
        name = f"{style.name}-{size:.2f}"
        found = _SMALLER[key] = ParagraphStyle(name, parent=style, fontSize=size, leading=size * 1.2)
    return found


def fit(text, width, style):
    """`text` cut with an ellipsis to fit on one line of `width` points in `style` (a cell of fixed height)."""

    def width_of(value):
        return text_width(value, style.fontName, style.fontSize)

    if width_of(text) <= width:
        return text
    while text and width_of(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fractions(total, weights):
    return [total * w / sum(weights) for w in weights]


CELL_PADDING = 2.5  # grid_style's left and right padding


def widen_for(widths, column, text, style, from_columns):
    """Widen `column` so that `text` fits it on one line in `style`, taking the width in equal parts from
    `from_columns`: a word such as Hindi's "बनाम" (versus) is wider than the English "v" the weights were set for,
    and a word is never broken across two lines."""
    style = in_its_script(text, style)
    needed = text_width(text, style.fontName, style.fontSize) + 2 * CELL_PADDING + 1
    extra = needed - widths[column]
    if extra > 0:
        widths = list(widths)
        widths[column] = needed
        for other in from_columns:
            widths[other] -= extra / len(from_columns)
    return widths


def grid_style():
    return TableStyle(
        [
            ("GRID", (0, 0), (-1, -1), 0.6, colors.black),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING),
            ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
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
