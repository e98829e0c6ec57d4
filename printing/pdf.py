"""Printed sheets: ICF XIX score cards, pairing sheets, results and standings, as PDF bytes.

Plain Python: each function takes the dataclasses below (printing.selectors fills them from the database) and
returns an A4 PDF drawn with reportlab. Black lines and text only, so a sheet reads the same from a
black-and-white printer, in the language active when it is drawn and in a type that has its script
(printing.fonts).

Output is reproducible (reportlab's invariant mode): the same data gives the same bytes. `compress=False` leaves
the page streams readable (so does `COMPRESS = False`), which the tests use to find the names in them.
"""

import io
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from printing.card_forms import CardPrinter
from printing.fonts import fonts, shaped, shaping
from printing.grid_table import GridTable, Text
from printing.pdf_kit import bold, fractions, grid_style, no_padding, para, widen_for
from printing.qr import labelled

# Compressed streams stay binary: ASCII85 (reportlab's default) makes them a quarter bigger and costs a pure-Python
# encoding pass over every page (a tenth of a 1,000-player standings sheet's time).
rl_config.useA85 = 0

MARGIN = 12 * mm
MAX_BLANK_CARDS = 200  # the most blank score cards one request prints
COMPRESS = True  # compress page streams unless a call says otherwise (tests turn it off to read the text)


# ---------------------------------------------------------------- the data a sheet prints


@dataclass
class BoardLine:
    """One filled row of the score card. `awarded_to` ("A"/"B"/"") is the side credited with the board;
    `queen` and `coins` are its points for the queen and for the c/m (ICF XIX columns 2-3 or 5-6); totals are
    the running totals after the board (columns 4 and 7). `law` marks a special finish (ICF 102-112)."""

    number: int
    breaker: str = ""  # column 1: who broke
    awarded_to: str = ""
    queen: int = 0
    coins: int = 0
    total_a: int = 0
    total_b: int = 0
    law: str = ""


@dataclass
class ScoreCard:
    """An ICF XIX score card. Every text field may be empty: a blank card prints the empty form.

    `board_rows` rows are printed per game, `board_limit` of them before a thick line (ICF 56(b): the rows
    after it are for the extra board); `boards` holds the filled rows by game number."""

    tournament: str = ""
    event: str = ""
    stage: str = ""
    round: str = ""
    match_no: str = ""
    table: str = ""
    date: str = ""
    time: str = ""
    umpire: str = ""
    side_a: list = field(default_factory=list)  # player names: one in singles, two in doubles
    side_b: list = field(default_factory=list)
    team_a: str = ""
    team_b: str = ""
    toss_winner: str = ""
    toss_choice: str = ""
    rule_set: str = ""
    games: int = 3
    board_rows: int = 10
    board_limit: int | None = 8
    extra_rows_note: str = ""
    queen_value: int = 3
    boards: dict = field(default_factory=dict)  # {game number: [BoardLine, ...]}
    winner: str = ""  # "Match won by", when the match is decided
    remarks: list = field(default_factory=list)
    match_id: int | None = None
    links: list = field(default_factory=list)  # [(caption, URL)] per side: the players' match links, as QR codes


@dataclass
class Heading:
    """The top of a pairing, results or standings sheet."""

    title: str
    tournament: str = ""
    lines: list = field(default_factory=list)  # e.g. event · stage · round, the date
    printed: str = ""  # "Printed 5 Dec 2026 14:30": which version of the results a sheet shows


@dataclass
class PairingLine:
    number: str
    table: str = ""
    time: str = ""
    side_a: str = ""
    side_b: str = ""
    umpire: str = ""
    bye: bool = False
    # Swiss: each side's points before the round and its rating ("3 pts · 1850"), printed under its name.
    info_a: str = ""
    info_b: str = ""
    match_id: int | None = None
    links: list = field(default_factory=list)  # [(caption, URL)] per side, officials' copy only (printing.links)


@dataclass
class ResultLine:
    number: str
    table: str = ""
    side_a: str = ""
    side_b: str = ""
    result: str = ""
    winner: str = ""  # "A", "B" or "": printed in bold
    note: str = ""


@dataclass
class StandingsLine:
    rank: str
    name: str
    team: str = ""  # country / club
    values: list = field(default_factory=list)  # one per column of the table, as the stage page shows them


@dataclass
class Section:
    """A part of a sheet: a group's pairings or standings, or the whole round (empty title)."""

    title: str = ""
    lines: list = field(default_factory=list)
    columns: list = field(default_factory=list)  # standings only: labels of the values


# ---------------------------------------------------------------- public functions


def score_cards(cards, compress=None):
    """One A4 page per ScoreCard (ICF XIX)."""
    st = styles()
    doc = document(io.BytesIO(), _("Score cards"), compress)
    width, height = doc.width - 12, doc.height - 12  # the frame's padding
    printer = CardPrinter(width, height, st)  # each card on a form drawn once (printing.card_forms)
    story = []
    for card in cards:
        story += [printer.flowable(card), PageBreak()]
    return build(doc, story[:-1] or [para(_("No score cards to print."), st["text"])])


def pairing_sheet(heading, sections, compress=None):
    """The pairings of a round: table, time, A v B, umpire (sections: one per group, or one for the round)."""
    st = styles()
    doc = document(io.BytesIO(), heading.title, compress)
    labels = [_("No."), pgettext("carrom table", "Table"), _("Time"), _("Player/s A"), "", _("Player/s B"), _("Umpire")]
    weights = [11, 13, 17, 55, 6, 55, 29]
    with_links = any(line.links for section in sections for line in section.lines)
    if with_links:  # the officials' copy: each side's match link, small codes that a phone still reads
        labels.append(_("Match links"))
        weights = [9, 13, 12, 46, 5, 46, 22, 2 * LINE_QR / mm + 6]
    versus_word = pgettext("versus", "v")
    widths = widen_for(fractions(doc.width, weights), 4, versus_word, st["centre"], from_columns=(3, 5))

    def side(name, info):
        return [para(name, st["cell"]), para(info, st["small"])] if info else para(name, st["cell"])

    def row(line):
        bye = f"<i>{escape(pgettext('no opponent', 'bye'))}</i>"
        side_b = Paragraph(bye, st["cell"]) if line.bye else side(line.side_b, line.info_b)
        cells = [para(text, st["cell"]) for text in (line.number, line.table, line.time)]
        versus = "" if line.bye else versus_word
        return [
            *cells,
            side(line.side_a, line.info_a),
            para(versus, st["centre"]),
            side_b,
            para(line.umpire, st["small"]),
            *([qr_pair(line.links, st)] if with_links else []),
        ]

    return build(doc, sheet_story(heading, sections, labels, widths, row, st), footer_text(heading))


LINE_QR = 20 * mm  # a pairing line's codes: a match link (version 6, 49 modules) gets modules of 0.4 mm


def qr_pair(links, st):
    """Side A's and side B's codes side by side, each captioned with its side."""
    if not links:
        return ""
    pair = Table([[labelled(url, LINE_QR, caption, st["small"]) for caption, url in links]])
    pair.setStyle(TableStyle(no_padding()))
    return pair


def results_sheet(heading, sections, compress=None):
    """A round's results, the winner in bold."""
    st = styles()
    doc = document(io.BytesIO(), heading.title, compress)
    labels = [_("No."), pgettext("carrom table", "Table"), _("Player/s A"), _("Result"), _("Player/s B"), ""]
    widths = fractions(doc.width, [9, 11, 50, 22, 50, 44])

    def row(line):
        side_a = bold(line.side_a) if line.winner == "A" else escape(line.side_a)
        side_b = bold(line.side_b) if line.winner == "B" else escape(line.side_b)
        return [
            para(line.number, st["cell"]),
            para(line.table, st["cell"]),
            Paragraph(side_a, st["cell"]),
            para(line.result, st["centre"]),
            Paragraph(side_b, st["cell"]),
            para(line.note, st["small"]),
        ]

    return build(doc, sheet_story(heading, sections, labels, widths, row, st), footer_text(heading))


def standings_sheet(heading, sections, compress=None):
    """Standings tables: rank, name, country / club, then the section's columns (points and tie-breaks)."""
    st = styles()
    doc = document(io.BytesIO(), heading.title, compress)
    story = [*heading_parts(heading, st)]
    for section in sections:
        labels = [pgettext("standings column: rank", "#"), _("Name"), _("Country / club"), *section.columns]
        numbers = [22 if len(label) > 5 else 14 for label in section.columns]  # "Buchholz" on one line
        widths = fractions(doc.width, [8, 60, 46, *numbers])

        def row(line):  # plain text cells: a 1,000-player table is drawn straight on the canvas (GridTable)
            return [
                Text(line.rank, st["right"]),
                Text(line.name, st["cell"]),
                Text(line.team, st["small"]),
                *(Text(value, st["right"]) for value in line.values),
            ]

        story += section_parts(section, labels, widths, row, st, right_from=3, fast=True)
    if not sections:
        story.append(para(_("No standings yet."), st["text"]))
    return build(doc, story, footer_text(heading))


# ---------------------------------------------------------------- pairing, results and standings sheets


def sheet_story(heading, sections, labels, widths, row, st):
    story = [*heading_parts(heading, st)]
    for section in sections:
        story += section_parts(section, labels, widths, row, st)
    if not sections:
        story.append(para(_("No matches."), st["text"]))
    return story


def heading_parts(heading, st):
    parts = [Paragraph(escape(heading.title), st["title"])]
    if heading.tournament:
        parts.append(Paragraph(bold(heading.tournament), st["text"]))
    parts += [Paragraph(escape(line), st["text"]) for line in heading.lines if line]
    if heading.printed:
        parts.append(Paragraph(escape(heading.printed), st["note"]))
    return [*parts, Spacer(1, 4 * mm)]


def footer_text(heading):
    return " · ".join(part for part in (heading.tournament, heading.title) if part)


def section_parts(section, labels, widths, row, st, right_from=None, fast=False):
    """A section's title and table; the labels of columns from `right_from` on are right-aligned (numbers).
    `fast`: `row` gives grid_table.Text cells, drawn by a GridTable (the same look as the Table)."""
    parts = [Paragraph(escape(section.title), st["section"])] if section.title else []
    if not section.lines:
        return [*parts, para(_("Nothing to show yet."), st["text"]), Spacer(1, 3 * mm)]
    right = len(labels) if right_from is None else right_from
    if fast:
        heads = [Text(label, st["colhead" if i < right else "colhead_right"]) for i, label in enumerate(labels)]
        table = GridTable([heads, *(row(line) for line in section.lines)], widths)
        return [*parts, table, Spacer(1, 5 * mm)]
    data = [[para(label, st["colhead" if i < right else "colhead_right"]) for i, label in enumerate(labels)]] + [
        row(line) for line in section.lines
    ]
    table = Table(data, colWidths=widths, repeatRows=1)
    style = grid_style()
    style.add("LINEBELOW", (0, 0), (-1, 0), 1.2, colors.black)
    for index in range(2, len(data), 2):  # light bands guide the eye across a wide line, even in grey print
        style.add("BACKGROUND", (0, index), (-1, index), colors.Color(0.93, 0.93, 0.93))
    table.setStyle(style)
    return [*parts, table, Spacer(1, 5 * mm)]


# ---------------------------------------------------------------- fonts, styles and small helpers


def styles():
    regular, bold_font = fonts()
    shape = int(shaping())

    def style(name, size, font=regular, **options):
        return ParagraphStyle(name, fontName=font, fontSize=size, leading=size * 1.2, shaping=shape, **options)

    return {
        "title": style("title", 15, bold_font, spaceAfter=2),
        "section": style("section", 12, bold_font, spaceBefore=4, spaceAfter=3),
        "text": style("text", 10),
        "note": style("note", 6.5),
        "label": style("label", 7, bold_font),
        "value": style("value", 9.5),
        "head": style("head", 6.5, bold_font, alignment=TA_CENTER),
        "colhead": style("colhead", 8, bold_font),
        "colhead_right": style("colhead_right", 8, bold_font, alignment=TA_RIGHT),
        "cell": style("cell", 9.5),
        "small": style("small", 8),
        "centre": style("centre", 9.5, alignment=TA_CENTER),
        "right": style("right", 9.5, alignment=TA_RIGHT),
    }


def document(buffer, title, compress):
    compress = COMPRESS if compress is None else compress
    return SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=title,
        author=_("Carrom tournaments"),
        pageCompression=1 if compress else 0,
        invariant=1,
    )


def build(doc, story, footer=""):
    """Lay out `story`; `footer` (a sheet's title) is printed with the page number at the foot of every page,
    so the pages of a sheet pinned on a wall stay in order."""

    page_text = _("%(sheet)s · page %(page)s")  # in the language active now, not when reportlab draws

    def draw_footer(canvas, doc):
        canvas.saveState()
        font = fonts()[0]
        canvas.setFont(font, 7)
        text = shaped(page_text % {"sheet": footer, "page": doc.page}, font, 7)
        canvas.drawRightString(doc.pagesize[0] - MARGIN, MARGIN / 2, text)
        canvas.restoreState()

    if footer:
        doc.build(story, onFirstPage=draw_footer, onLaterPages=draw_footer)
    else:
        doc.build(story)
    return doc.filename.getvalue()
