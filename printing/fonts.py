"""The type the sheets are printed in, by the language they are printed in.

Latin scripts print in a TrueType font of the system (DejaVu Sans or Liberation Sans) when one is installed, so
"Müller", "Šárka" and "Ramachandran" all print; Helvetica (Latin-1 only) otherwise. Hindi prints in Noto Sans
Devanagari, which ships as a Python package and also covers the Latin of players' names; Devanagari needs
shaping (conjuncts such as स्ट्र, the vowel sign ि placed before its consonant, the reph of र्ड), which reportlab does
with HarfBuzz (uharfbuzz) when a style or a string asks for it."""

import re
from functools import cache
from pathlib import Path

import fontpkg_noto_sans_devanagari
from django.utils import translation
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont, shapeStr

# (family, regular, bold), looked for in the usual font directories of Debian, Fedora and Arch.
FONT_FILES = (
    ("DejaVuSans", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    ("LiberationSans", "LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf"),
)
FONT_DIRS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/truetype/liberation",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/dejavu-sans-fonts",
    "/usr/share/fonts/liberation-sans",
    "/usr/share/fonts/TTF",
)
DEVANAGARI = "NotoSansDevanagari"
DEVANAGARI_LANGUAGES = {"hi"}
DEVANAGARI_TEXT = re.compile("[\u0900-\u097f]")


def fonts():
    """(regular, bold) font names for the language being printed."""
    if translation.get_language() in DEVANAGARI_LANGUAGES:
        return devanagari_fonts()
    return latin_fonts()


def shaping():
    """Whether text in the current fonts must be shaped (reportlab's style option `shaping`)."""
    return fonts()[0] == DEVANAGARI


def shaped(text, font, size):
    """`text` ready for canvas.drawString in `font`: shaped when the font needs it."""
    return shapeStr(text, font, size) if font == DEVANAGARI else text


@cache
def devanagari_fonts():
    # The variable font's default instance is the regular weight; reportlab cannot pick another, so headings are
    # set apart by size alone.
    path = next(Path(fontpkg_noto_sans_devanagari.ROOT, "files").glob("NotoSansDevanagari*.ttf"))
    pdfmetrics.registerFont(TTFont(DEVANAGARI, str(path)))
    pdfmetrics.registerFontFamily(DEVANAGARI, normal=DEVANAGARI, bold=DEVANAGARI, italic=DEVANAGARI,
                                  boldItalic=DEVANAGARI)  # fmt: skip
    return DEVANAGARI, DEVANAGARI


@cache
def latin_fonts():
    for family, regular, bold_file in FONT_FILES:
        for directory in FONT_DIRS:
            regular_path, bold_path = Path(directory, regular), Path(directory, bold_file)
            if not (regular_path.is_file() and bold_path.is_file()):
                continue
            try:
                pdfmetrics.registerFont(TTFont(family, str(regular_path)))
                pdfmetrics.registerFont(TTFont(f"{family}-Bold", str(bold_path)))
            except TTFError:
                continue
            pdfmetrics.registerFontFamily(family, normal=family, bold=f"{family}-Bold", italic=family,
                                          boldItalic=f"{family}-Bold")  # fmt: skip
            return family, f"{family}-Bold"
    return "Helvetica", "Helvetica-Bold"


def in_its_script(text, style):
    """`style`, or the same in the Devanagari type (shaped) when `text` is written in Devanagari: a name such as
    राजेश कुमार prints on a French or English sheet too, whose Latin type has no Devanagari."""
    if style.fontName == DEVANAGARI or not DEVANAGARI_TEXT.search(text):
        return style
    return ParagraphStyle(f"{style.name}-devanagari", parent=style, fontName=devanagari_fonts()[0], shaping=1)
