"""Printed sheets (issue #5, point 7): ICF XIX score cards, pairing sheets, results and standings, as PDF bytes.

Plain Python: each function takes the dataclasses below (matches.print_data fills them from the database) and
returns an A4 PDF drawn with reportlab. Black lines and text only, so a sheet reads the same from a
black-and-white printer. Names print in a TrueType font of the system (DejaVu Sans or Liberation Sans) when one is
installed, so "Müller", "Šárka" and "Ramachandran" all print; Helvetica (Latin-1 only) otherwise.

Output is reproducible (reportlab's invariant mode): the same data gives the same bytes. `compress=False` leaves
the page streams readable (so does `COMPRESS = False`), which the tests use to find the names in them.
"""

import io
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont
from reportlab.platypus import KeepInFrame, PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

MARGIN = 12 * mm
MAX_BLANK_CARDS = 200  # the most blank score cards one request prints
COMPRESS = True  # compress page streams unless a call says otherwise (tests turn it off to read the text)
NIL = "Nil"  # ICF XIX: 'Nil' in the other side's Queen and c/m columns

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
    doc = document(io.BytesIO(), "Score cards", compress)
    width, height = doc.width - 12, doc.height - 12  # the frame's padding
    story = []
    for card in cards:
        story += [KeepInFrame(width, height, card_parts(card, width, height, st), mode="shrink"), PageBreak()]
    return build(doc, story[:-1] or [Paragraph("No score cards to print.", st["text"])])


def pairing_sheet(heading, sections, compress=None):
    """The pairings of a round: table, time, A v B, umpire (sections: one per group, or one for the round)."""
    st = styles()
    doc = document(io.BytesIO(), heading.title, compress)
    labels = ["No.", "Table", "Time", "Player/s A", "", "Player/s B", "Umpire"]
    widths = fractions(doc.width, [11, 13, 17, 55, 6, 55, 29])

    def row(line):
        side_b = Paragraph("<i>bye</i>", st["cell"]) if line.bye else para(line.side_b, st["cell"])
        cells = [para(text, st["cell"]) for text in (line.number, line.table, line.time, line.side_a)]
        return [*cells, para("" if line.bye else "v", st["centre"]), side_b, para(line.umpire, st["small"])]

    return build(doc, sheet_story(heading, sections, labels, widths, row, st), footer_text(heading))


def results_sheet(heading, sections, compress=None):
    """A round's results, the winner in bold."""
    st = styles()
    doc = document(io.BytesIO(), heading.title, compress)
    labels = ["No.", "Table", "Player/s A", "Result", "Player/s B", ""]
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
        labels = ["#", "Name", "Country / club", *section.columns]
        numbers = [22 if len(label) > 5 else 14 for label in section.columns]  # "Buchholz" on one line
        widths = fractions(doc.width, [8, 60, 46, *numbers])

        def row(line):
            return [
                para(line.rank, st["right"]),
                para(line.name, st["cell"]),
                para(line.team, st["small"]),
                *(para(value, st["right"]) for value in line.values),
            ]

        story += section_parts(section, labels, widths, row, st, right_from=3)
    if not sections:
        story.append(Paragraph("No standings yet.", st["text"]))
    return build(doc, story, footer_text(heading))


# ---------------------------------------------------------------- the score card (ICF XIX)


def card_parts(card, width, height, st):
    """The flowables of one card: the ICF XIX header, players and game times, one board table per game,
    remarks and signatures. The board rows take the height left, so a card fills one page."""
    fixed = [
        card_title(card, width, st),
        card_header(card, width, st),
        Spacer(1, 2 * mm),
        players_and_times(card, width, st),
        Spacer(1, 3 * mm),
    ]
    footer = [Spacer(1, 2 * mm), signatures(card, width, st), Spacer(1, 1 * mm), column_notes(card, st)]
    remarks_apart = card.games % 2 == 0 or card.games == 1  # otherwise the remarks fill the grid's last cell
    if remarks_apart:
        footer.insert(0, remarks_box(card, width, 3, st))
    used = sum(part.wrap(width, height)[1] for part in fixed + footer)
    grid_rows = 1 if card.games == 1 else (card.games + 1) // 2
    rows_per_table = card.board_rows + 3  # the game's title and two heading rows
    row_height = (height - used - 3 * mm * grid_rows) / (grid_rows * rows_per_table)
    row_height = max(4.5 * mm, min((10 if card.games == 1 else 8) * mm, row_height))
    return [*fixed, games_grid(card, width, row_height, st), *footer]


def card_title(card, width, st):
    games = f"best of {card.games} games" if card.games > 1 else "one game"
    right = " · ".join(part for part in (card.rule_set, games) if part)
    table = Table(
        [[Paragraph("SCORE CARD", st["title"]), para(right, st["right"])]],
        colWidths=[width * 0.45, width * 0.55],
    )
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("BOTTOMPADDING", (0, 0), (-1, -1), 4)]))
    return table


def card_header(card, width, st):
    """ICF XIX: championship, event, round, date, time, match no., umpire, C/B (carrom board) no., toss; and
    the stage, which our draws add."""
    c = card
    rows = [
        (["CHAMPIONSHIP / TOURNAMENT", c.tournament], [46, 0]),
        (["EVENT", c.event, "ROUND", c.round, "DATE", c.date, "TIME", c.time], [15, 48, 16, 31, 13, 31, 12, 0]),
        (["MATCH NO.", c.match_no, "UMPIRE", c.umpire, "C/B No.", c.table], [22, 18, 18, 88, 18, 0]),
        (["TOSS WON BY", c.toss_winner, "CHOICE OF TOSS WINNER", c.toss_choice], [28, 64, 46, 0]),
        (["STAGE", c.stage], [15, 0]),
    ]
    return stack([form_row(texts, widths, width, st) for texts, widths in rows])


def form_row(texts, widths_mm, width, st, height=7 * mm):
    """One line of a form: label, value, label, value... in columns `widths_mm` wide (0: the rest)."""
    rest = width - sum(widths_mm) * mm
    widths = [w * mm if w else rest for w in widths_mm]
    pad = 5  # the cell's left and right padding
    content = [
        para(text, st["label"]) if i % 2 == 0 else one_line(text, widths[i] - pad, st["value"])
        for i, text in enumerate(texts)
    ]
    table = Table([content], colWidths=widths, rowHeights=[height])
    table.setStyle(grid_style())
    return table


def players_and_times(card, width, st):
    """ICF XIX: each side's player/s (two name lines: a doubles pair) and team; the starting and finishing time
    of each game."""
    times_width = 62 * mm
    players_width = width - times_width - 4 * mm
    names_a, names_b = (list(card.side_a) + ["", ""])[:2], (list(card.side_b) + ["", ""])[:2]
    label_w = 12 * mm
    side_w = (players_width - label_w) / 2

    def value(text):
        return one_line(text, side_w - 5, st["value"])

    players = Table(
        [
            ["", para("Player/s A", st["label"]), para("Player/s B", st["label"])],
            [para("Name", st["label"]), value(names_a[0]), value(names_b[0])],
            ["", value(names_a[1]), value(names_b[1])],
            [para("Team", st["label"]), value(card.team_a), value(card.team_b)],
        ],
        colWidths=[label_w, side_w, side_w],
        rowHeights=[5.5 * mm] + [6.5 * mm] * 3,
    )
    players.setStyle(grid_style())
    times = Table(
        [[para(t, st["label"]) for t in ("Game No.", "Starting time", "Finishing time")]]
        + [[para(f"{n}.", st["value"]), "", ""] for n in range(1, card.games + 1)],
        colWidths=[17 * mm, (times_width - 17 * mm) / 2, (times_width - 17 * mm) / 2],
        rowHeights=[5.5 * mm] + [6.5 * mm] * card.games,
    )
    times.setStyle(grid_style())
    outer = Table([[players, "", times]], colWidths=[players_width, 4 * mm, times_width])
    outer.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), *no_padding()]))
    return outer


def games_grid(card, width, row_height, st):
    """The board tables: one across the page for a one-game match, else two per line; with an odd number of
    games the remarks of the umpire fill the last cell."""
    if card.games == 1:
        return game_table(card, 1, width, row_height, st)
    gutter = 4 * mm
    half = (width - gutter) / 2
    cells = [game_table(card, n, half, row_height, st) for n in range(1, card.games + 1)]
    if len(cells) % 2:
        cells.append(remarks_box(card, half, card.board_rows + 3, st, row_height))
    rows = [[cells[i], "", cells[i + 1]] for i in range(0, len(cells), 2)]
    grid = Table(rows, colWidths=[half, gutter, half])
    spacing = ("BOTTOMPADDING", (0, 0), (-1, -1), 3 * mm)
    grid.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), *no_padding(), spacing]))
    return grid


def game_table(card, game_no, width, row_height, st):
    """ICF XIX columns: board no., (1) break by, then for A and for B: queen, no. of c/m, grand total."""
    filled = {line.number: line for line in card.boards.get(game_no, [])}
    rows_count = max(card.board_rows, max(filled, default=0))
    board_w, breaker_w = (9 * mm, 22 * mm) if width < 120 * mm else (14 * mm, 46 * mm)
    value_w = (width - board_w - breaker_w) / 6
    head = st["head"]
    side_a, side_b = " & ".join(card.side_a), " & ".join(card.side_b)
    labels = ["Queen", "No. of<br/>c/m", "Grand<br/>total"] * 2  # ICF XIX columns 2-7
    columns = [f"({n})<br/>{label}" for n, label in enumerate(labels, start=2)]
    name_a, name_b = (one_line(name, 3 * value_w - 3, head, 5) for name in (f"A  {side_a}", f"B  {side_b}"))
    data = [
        [para(f"GAME {game_no}", st["label"])] + [""] * 7,
        [Paragraph("Board<br/>No.", head), para("(1) Break by", head), name_a, "", "", name_b, "", ""],
        ["", ""] + [Paragraph(text, head) for text in columns],
    ]
    for number in range(1, rows_count + 1):
        data.append(board_cells(number, filled.get(number), breaker_w, st))
    heights = [5 * mm, 5 * mm, 9 * mm] + [row_height] * rows_count
    table = Table(data, colWidths=[board_w, breaker_w] + [value_w] * 6, rowHeights=heights)
    style = grid_style()
    style.add("SPAN", (0, 0), (-1, 0))
    style.add("SPAN", (0, 1), (0, 2))
    style.add("SPAN", (1, 1), (1, 2))
    style.add("SPAN", (2, 1), (4, 1))
    style.add("SPAN", (5, 1), (7, 1))
    style.add("LEFTPADDING", (0, 1), (-1, 2), 1)
    style.add("RIGHTPADDING", (0, 1), (-1, 2), 1)
    style.add("LINEAFTER", (4, 1), (4, -1), 1.5, colors.black)  # A's columns | B's columns
    style.add("LINEBELOW", (0, 2), (-1, 2), 1.2, colors.black)
    if card.board_limit and card.board_limit < rows_count:
        # ICF 56(b): the rows below the thick line are for the extra board.
        style.add("LINEBELOW", (0, 2 + card.board_limit), (-1, 2 + card.board_limit), 1.5, colors.black)
    table.setStyle(style)
    return table


def board_cells(number, line, breaker_w, st):
    mark = "*" if line is not None and line.law else ""
    cells = [para(f"{number}{mark}", st["centre"])]
    if line is None:
        return cells + [""] * 7
    sides = []
    for side, total in (("A", line.total_a), ("B", line.total_b)):
        if line.awarded_to == side:  # ICF XIX columns 2-3 / 5-6: the points, 'Nil' in the other side's
            sides += [str(line.queen) if line.queen else NIL, str(line.coins) if line.coins else NIL]
        else:
            sides += [NIL, NIL]
        sides.append(str(total))
    breaker = one_line(line.breaker, breaker_w - 5, st["cell"])
    return [*cells, breaker, *(para(value, st["centre"]) for value in sides)]


def remarks_box(card, width, lines, st, row_height=6 * mm):
    """ICF XIX: remarks of the umpire, with ruled lines to write on; special finishes are listed here."""
    rows = [[para("Remarks of the Umpire", st["label"])]]
    rows += [[para(text, st["small"])] for text in card.remarks[: lines - 1]]
    rows += [[""]] * (lines - len(rows))
    table = Table(rows, colWidths=[width], rowHeights=[5 * mm] + [row_height] * (lines - 1))
    style = TableStyle([("BOX", (0, 0), (-1, -1), 0.8, colors.black), ("VALIGN", (0, 0), (-1, -1), "MIDDLE")])
    style.add("LINEBELOW", (0, 1), (-1, -2), 0.3, colors.black)
    table.setStyle(style)
    return table


def signatures(card, width, st):
    """ICF XIX: match won by, loser's signature, umpire's signature."""
    third = width / 3
    table = Table(
        [
            [para(t, st["label"]) for t in ("Match won by", "Loser's signature", "Umpire's signature")],
            [one_line(card.winner, third - 5, st["value"]), "", ""],
        ],
        colWidths=[third] * 3,
        rowHeights=[5 * mm, 13 * mm],
    )
    table.setStyle(grid_style())
    return table


def column_notes(card, st):
    """ICF XIX's instructions for the columns, printed at the foot of the card as on the original."""
    text = (
        "ICF XIX. (1) The name of the player choosing to break is entered first. "
        f"(2) &amp; (5) {card.queen_value} points for the player pocketing the queen, 'Nil' in the other Queen "
        "column. (3) &amp; (6) The number of c/m of the opponent/s lying at the finish of the board, 'Nil' in the "
        "other column. (4) &amp; (7) The aggregate points of the player/s at the finish of each board."
    )
    if card.extra_rows_note:
        text += " " + escape(card.extra_rows_note)
    return Paragraph(text, st["note"])


# ---------------------------------------------------------------- pairing, results and standings sheets


def sheet_story(heading, sections, labels, widths, row, st):
    story = [*heading_parts(heading, st)]
    for section in sections:
        story += section_parts(section, labels, widths, row, st)
    if not sections:
        story.append(Paragraph("No matches.", st["text"]))
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


def section_parts(section, labels, widths, row, st, right_from=None):
    """A section's title and table; the labels of columns from `right_from` on are right-aligned (numbers)."""
    parts = [Paragraph(escape(section.title), st["section"])] if section.title else []
    if not section.lines:
        return [*parts, Paragraph("Nothing to show yet.", st["text"]), Spacer(1, 3 * mm)]
    right = len(labels) if right_from is None else right_from
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


@cache
def fonts():
    """(regular, bold) font names: a system TrueType font with wide Unicode coverage, or Helvetica."""
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


def styles():
    regular, bold_font = fonts()

    def style(name, size, font=regular, **options):
        return ParagraphStyle(name, fontName=font, fontSize=size, leading=size * 1.2, **options)

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
        author="Carrom tournaments",
        pageCompression=1 if compress else 0,
        invariant=1,
    )


def build(doc, story, footer=""):
    """Lay out `story`; `footer` (a sheet's title) is printed with the page number at the foot of every page,
    so the pages of a sheet pinned on a wall stay in order."""

    def draw_footer(canvas, doc):
        canvas.saveState()
        canvas.setFont(fonts()[0], 7)
        canvas.drawRightString(doc.pagesize[0] - MARGIN, MARGIN / 2, f"{footer} · page {doc.page}")
        canvas.restoreState()

    if footer:
        doc.build(story, onFirstPage=draw_footer, onLaterPages=draw_footer)
    else:
        doc.build(story)
    return doc.filename.getvalue()


def para(text, style):
    return Paragraph(escape(str(text)), style)


def bold(text):
    return f"<b>{escape(text)}</b>"


def one_line(text, width, style, smallest=6.5):
    """A paragraph of `text` on one line `width` points wide: in a smaller type if need be (down to `smallest`
    points), cut with an ellipsis beyond that. Cells of a form have a fixed height; a name must not spill."""
    text = str(text)
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
