"""Text written straight into a page's content stream, for the sheets that print thousands of cells (standings,
score cards): what a one-line reportlab Paragraph draws, without building one.

`layout(text, style, width)` gives the lines of `para(text, style)` wrapped `width` wide when they are plain (no
markup, no shaping, no squeezing: one line, or a long word cut in pieces); `Painter.of(canvas).lines(...)` then
draws them where the Paragraph would have drawn them, in the same font subsets, with the same text operators.
Anything else keeps its Paragraph. Widths and encoded strings are cached: a sheet repeats its numbers, clubs and
countries many times."""

from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.rl_accel import escapePDF
from reportlab.pdfbase import pdfmetrics

from printing.fonts import DEVANAGARI_TEXT

ALIGNMENTS = (TA_LEFT, TA_CENTER, TA_RIGHT)
_WIDTHS = {}  # (font name, text) -> width at size 1000 (TrueType widths add up character by character)


def num(value):
    """A number for the content stream, as reportlab's fp_str writes it: six significant digits at most."""
    size = abs(value)
    if size <= 1e-7:
        return "0"
    decimals = 6 if size < 10 else 5 if size < 100 else 4 if size < 1000 else 3 if size < 10000 else 2
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def text_width(text, font_name, size):
    """pdfmetrics.stringWidth, cached by font and text."""
    key = (font_name, text)
    units = _WIDTHS.get(key)
    if units is None:
        font = pdfmetrics.getFont(font_name)
        if not getattr(font, "_dynamicFont", False):
            return pdfmetrics.stringWidth(text, font_name, size)
        if len(_WIDTHS) > 200_000:
            _WIDTHS.clear()
        get, default = font.face.charWidths.get, font.face.defaultWidth
        units = _WIDTHS[key] = sum(get(ord(char), default) for char in text)
    return 0.001 * size * units


def plain(text):
    """Text a Paragraph prints as it is, but for its runs of spaces (one each) and the spaces at its ends (none):
    printable (no other white space), no soft hyphen, no Devanagari to shape."""
    return text.isprintable() and "\xad" not in text and not DEVANAGARI_TEXT.search(text)


def layout(text, style, width):
    """The lines [(text, width)] of para(text, style) wrapped `width` wide, when they are plain: one line that
    fits, or one word too long for a line (a 3-digit rank in a narrow column), which reportlab cuts character by
    character (splitLongWords). None for anything else: it stays a Paragraph."""
    if not text or getattr(style, "shaping", 0) or style.alignment not in ALIGNMENTS or not plain(text):
        return None
    if style.leftIndent or style.rightIndent or style.firstLineIndent or style.backColor or style.borderWidth:
        return None
    if "  " in text or text[0] == " " or text[-1] == " ":
        text = " ".join(text.split())
        if not text:
            return None
    font, size = style.fontName, style.fontSize
    line = text_width(text, font, size)
    if line <= width:
        return [(text, line)]
    if " " in text or style.hyphenationLang or not style.splitLongWords:
        return None
    pieces, piece, used = [], "", 0.0  # as paragraph._splitWord, for a word alone in its paragraph
    for char in text:
        char_width = text_width(char, font, size)
        if char_width > width:
            return None
        if used + char_width > width and piece:
            pieces.append(piece)
            piece, used = "", 0.0
        piece += char
        used += char_width
    pieces.append(piece)
    return [(piece, text_width(piece, font, size)) for piece in pieces]


class Painter:
    """Writes plain lines on a canvas. A painter belongs to one document (its font subsets): `of(canvas)`."""

    @classmethod
    def of(cls, canvas):
        painter = getattr(canvas, "_fast_text_painter", None)
        if painter is None:
            painter = canvas._fast_text_painter = cls(canvas)
        return painter

    def __init__(self, canvas):
        self.canvas = canvas
        self.doc = canvas._doc
        self.encoded = {}  # (font name, size, leading, text) -> its font selections and strings

    def encode(self, font_name, size, leading, text):
        key = (font_name, size, leading, text)
        ops = self.encoded.get(key)
        if ops is None:
            font = pdfmetrics.getFont(font_name)
            tail = f"{num(size)} Tf {num(leading)} TL"
            if getattr(font, "_dynamicFont", False):
                ops = " ".join(
                    f"{font.getSubsetInternalName(subset, self.doc)} {tail} ({escapePDF(chunk)}) Tj"
                    for subset, chunk in font.splitString(text, self.doc)
                )
            else:
                chunks = pdfmetrics.unicode2T1(text, [font, *font.substitutionFonts])
                ops = " ".join(
                    f"{self.doc.getInternalFontName(part.fontName)} {tail} ({escapePDF(chunk)}) Tj"
                    for part, chunk in chunks
                )
            self.encoded[key] = ops
        return ops

    def lines(self, x, bottom, width, lines, style):
        """`lines` (layout()) as Paragraph.drawOn(canvas, x, bottom) draws them, the paragraph `width` wide."""
        size, leading = style.fontSize, style.leading
        baseline = bottom + len(lines) * leading - size
        code = self.canvas._code
        for text, line_width in lines:
            left = x
            if style.alignment == TA_RIGHT:
                left += width - line_width
            elif style.alignment == TA_CENTER:
                left += 0.5 * (width - line_width)
            ops = self.encode(style.fontName, size, leading, text)
            code.append(f"BT 1 0 0 1 {num(left)} {num(baseline)} Tm {ops} ET")
            baseline -= leading
