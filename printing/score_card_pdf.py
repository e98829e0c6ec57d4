"""The ICF XIX score card, laid out on one A4 page (printing.pdf.score_cards prints one per match).

Header (championship, event, round, date, time, match no., umpire, C/B no., toss), players and game times, one
board table per game (ICF: columns 1-7, 'Nil' in the other side's Queen and c/m columns), remarks, signatures and
the law's column notes. Every function takes the card (printing.pdf.ScoreCard) and the sheet's styles `st`.
"""

from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from printing.pdf_kit import grid_style, no_padding, one_line, para, stack
from printing.qr import labelled

NIL = pgettext_lazy("score card: no points", "Nil")  # ICF XIX: 'Nil' in the other side's Queen and c/m columns


class Filled:
    """What a card prints in its variable cells, as flowables: the card's own texts. Each variable cell is named
    by a function of the card's Texts that gives its text (None: nothing), so a card template (printing.card_forms)
    can leave the cell empty and write the text of each card in its place."""

    template = False

    def __init__(self, card):
        self.texts = Texts(card)

    def value(self, text_of, width, style, smallest=6.5):
        """A value in a form's cell: one line, `width` points at most (one_line)."""
        return one_line(text_of(self.texts), width, style, smallest)

    def text(self, text_of, style):
        """A text in a cell of fixed height (a board's points, a remark)."""
        text = text_of(self.texts)
        return "" if text is None else para(text, style)

    def codes(self, size, style):
        """Each side's match link as a QR code, captioned."""
        return [labelled(url, size, caption, style) for caption, url in self.texts.card.links]


class Texts:
    """A card's texts as its cells read them."""

    def __init__(self, card):
        self.card = card
        self.lines = {(game, line.number): line for game, lines in card.boards.items() for line in lines}

    @staticmethod
    def field(name):
        return lambda texts: getattr(texts.card, name)

    @staticmethod
    def name(side, index):
        return lambda texts: (list(getattr(texts.card, f"side_{side}")) + ["", ""])[index]

    @staticmethod
    def side_heading(side):
        return lambda texts: f"{side.upper()}  {' & '.join(getattr(texts.card, f'side_{side}'))}"

    @staticmethod
    def board_number(game_no, number):
        """The board's number, starred when the board ended specially (ICF 102-112, listed in the remarks)."""

        def text(texts):
            line = texts.lines.get((game_no, number))
            return f"{number}*" if line is not None and line.law else str(number)

        return text

    @staticmethod
    def breaker(game_no, number):
        def text(texts):
            line = texts.lines.get((game_no, number))
            return None if line is None else line.breaker

        return text

    @staticmethod
    def points(game_no, number, column):
        """ICF XIX columns 2-7 of a board's row: queen, c/m and total for A, then for B."""

        def text(texts):
            line = texts.lines.get((game_no, number))
            return None if line is None else board_values(line)[column]

        return text

    @staticmethod
    def remark(index):
        return lambda texts: texts.card.remarks[index] if index < len(texts.card.remarks) else None


def card_parts(card, width, height, st, fill=None):
    """The flowables of one card: the ICF XIX header, players and game times, one board table per game,
    remarks and signatures. The board rows take the height left, so a card fills one page."""
    fill = fill or Filled(card)
    fixed = [
        card_title(card, width, st, fill),
        *card_body_top(card, width, st, fill),
    ]
    footer = card_footer(card, width, st, fill)
    used = sum(part.wrap(width, height)[1] for part in fixed + footer)
    row_height = board_row_height(card, used, height)
    return [*fixed, games_grid(card, width, row_height, st, fill), *footer]


def card_body_top(card, width, st, fill):
    return [
        card_header(card, width, st, fill),
        Spacer(1, 2 * mm),
        players_and_times(card, width, st, fill),
        Spacer(1, 3 * mm),
    ]


def card_footer(card, width, st, fill):
    footer = [Spacer(1, 2 * mm), signatures(card, width, st, fill), Spacer(1, 1 * mm), column_notes(card, st)]
    remarks_apart = card.games % 2 == 0 or card.games == 1  # otherwise the remarks fill the grid's last cell
    if remarks_apart:
        footer.insert(0, remarks_box(card, width, 3, st, fill))
    return footer


def board_row_height(card, used, height):
    """The height of a board's row: what the page leaves for the game tables, `used` by the rest of the card."""
    grid_rows = 1 if card.games == 1 else (card.games + 1) // 2
    rows_per_table = card.board_rows + 3  # the game's title and two heading rows
    row_height = (height - used - 3 * mm * grid_rows) / (grid_rows * rows_per_table)
    return max(4.5 * mm, min((10 if card.games == 1 else 8) * mm, row_height))


def card_title(card, width, st, fill):
    if card.games > 1:
        games = ngettext("best of %(games)s game", "best of %(games)s games", card.games) % {"games": card.games}
    else:
        games = _("one game")
    right = " · ".join(str(part) for part in (card.rule_set, games) if part)
    if card.links:
        return title_with_links(card, right, width, st, fill)
    table = Table(
        [[para(_("Score card").upper(), st["title"]), para(right, st["right"])]],
        colWidths=[width * 0.45, width * 0.55],
    )
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("BOTTOMPADDING", (0, 0), (-1, -1), 4)]))
    return table


CARD_QR = 24 * mm


def title_with_links(card, right, width, st, fill):
    """The title, and at the right each side's match link as a QR code captioned with the side: the players scan
    theirs to keep (or confirm) the score on a phone."""
    hint = _("Players: scan your side's code to enter or confirm the result on your phone.")
    left = [para(_("Score card").upper(), st["title"]), para(right, st["value"]), para(hint, st["small"])]
    codes = fill.codes(CARD_QR, st["small"])
    side = CARD_QR + 4 * mm
    table = Table([[left, *codes]], colWidths=[width - len(codes) * side, *[side] * len(codes)])
    style = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("ALIGN", (1, 0), (-1, 0), "RIGHT"),
    ]
    table.setStyle(TableStyle(style))
    return table


def card_header(card, width, st, fill):
    """ICF XIX: championship, event, round, date, time, match no., umpire, C/B (carrom board) no., toss; and
    the stage, which our draws add."""
    c = Texts.field
    board_no = pgettext("carrom board (the table) number", "C/B No.")
    round_label = pgettext("round of a stage", "ROUND")
    rows = [
        ([_("CHAMPIONSHIP / TOURNAMENT"), c("tournament")], [46, 0]),
        (
            [_("EVENT"), c("event"), round_label, c("round"), _("DATE"), c("date"), _("TIME"), c("time")],
            [15, 48, 16, 31, 13, 31, 12, 0],
        ),
        ([_("MATCH NO."), c("match_no"), _("UMPIRE"), c("umpire"), board_no, c("table")], [22, 18, 18, 88, 18, 0]),
        ([_("TOSS WON BY"), c("toss_winner"), _("CHOICE OF TOSS WINNER"), c("toss_choice")], [28, 64, 46, 0]),
        ([_("STAGE"), c("stage")], [15, 0]),
    ]
    return stack([form_row(texts, widths, width, st, fill) for texts, widths in rows])


def form_row(texts, widths_mm, width, st, fill, height=7 * mm):
    """One line of a form: label, value, label, value... in columns `widths_mm` wide (0: the rest); each value
    is a function of the card's Texts."""
    rest = width - sum(widths_mm) * mm
    widths = [w * mm if w else rest for w in widths_mm]
    pad = 5  # the cell's left and right padding
    content = [
        para(text, st["label"]) if i % 2 == 0 else fill.value(text, widths[i] - pad, st["value"])
        for i, text in enumerate(texts)
    ]
    table = Table([content], colWidths=widths, rowHeights=[height])
    table.setStyle(grid_style())
    return table


def players_and_times(card, width, st, fill):
    """ICF XIX: each side's player/s (two name lines: a doubles pair) and team; the starting and finishing time
    of each game."""
    times_width = 62 * mm
    players_width = width - times_width - 4 * mm
    label_w = 12 * mm
    side_w = (players_width - label_w) / 2

    def value(text_of):
        return fill.value(text_of, side_w - 5, st["value"])

    name = Texts.name
    players = Table(
        [
            ["", para(_("Player/s A"), st["label"]), para(_("Player/s B"), st["label"])],
            [para(_("Name"), st["label"]), value(name("a", 0)), value(name("b", 0))],
            ["", value(name("a", 1)), value(name("b", 1))],
            [para(_("Team"), st["label"]), value(Texts.field("team_a")), value(Texts.field("team_b"))],
        ],
        colWidths=[label_w, side_w, side_w],
        rowHeights=[5.5 * mm] + [6.5 * mm] * 3,
    )
    players.setStyle(grid_style())
    times = Table(
        [[para(t, st["label"]) for t in (_("Game No."), _("Starting time"), _("Finishing time"))]]
        + [[para(f"{n}.", st["value"]), "", ""] for n in range(1, card.games + 1)],
        colWidths=[17 * mm, (times_width - 17 * mm) / 2, (times_width - 17 * mm) / 2],
        rowHeights=[5.5 * mm] + [6.5 * mm] * card.games,
    )
    times.setStyle(grid_style())
    outer = Table([[players, "", times]], colWidths=[players_width, 4 * mm, times_width])
    outer.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), *no_padding()]))
    return outer


def games_grid(card, width, row_height, st, fill):
    """The board tables: one across the page for a one-game match, else two per line; with an odd number of
    games the remarks of the umpire fill the last cell."""
    if card.games == 1:
        return game_table(card, 1, width, row_height, st, fill)
    gutter = 4 * mm
    half = (width - gutter) / 2
    cells = [game_table(card, n, half, row_height, st, fill) for n in range(1, card.games + 1)]
    if len(cells) % 2:
        cells.append(remarks_box(card, half, card.board_rows + 3, st, fill, row_height))
    rows = [[cells[i], "", cells[i + 1]] for i in range(0, len(cells), 2)]
    grid = Table(rows, colWidths=[half, gutter, half])
    spacing = ("BOTTOMPADDING", (0, 0), (-1, -1), 3 * mm)
    grid.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), *no_padding(), spacing]))
    return grid


def game_table(card, game_no, width, row_height, st, fill):
    """ICF XIX columns: board no., (1) break by, then for A and for B: queen, no. of c/m, grand total."""
    filled = {line.number: line for line in card.boards.get(game_no, [])}
    rows_count = board_rows_count(card, game_no)
    board_w, breaker_w = (9 * mm, 22 * mm) if width < 120 * mm else (14 * mm, 46 * mm)
    value_w = (width - board_w - breaker_w) / 6
    head = st["head"]
    labels = [_("Queen"), _("No. of\nc/m"), _("Grand\ntotal")] * 2  # ICF XIX columns 2-7
    columns = [f"({n})<br/>{lines(label)}" for n, label in enumerate(labels, start=2)]
    name_a, name_b = (fill.value(Texts.side_heading(side), 3 * value_w - 3, head, 5) for side in "ab")
    board_no = Paragraph(lines(pgettext("score card column: the board of a game", "Board\nNo.")), head)
    break_by = para(pgettext("score card column: who broke (the opening shot)", "(1) Break by"), head)
    data = [
        [para(_("GAME %(number)s") % {"number": game_no}, st["label"])] + [""] * 7,
        [board_no, break_by, name_a, "", "", name_b, "", ""],
        ["", ""] + [Paragraph(text, head) for text in columns],
    ]
    for number in range(1, rows_count + 1):
        data.append(board_cells(game_no, number, filled.get(number), breaker_w, st, fill))
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


def lines(text):
    """A heading's text for a Paragraph: escaped, its line breaks (in the English text and any translation) kept."""
    return escape(str(text)).replace("\n", "<br/>")


def board_rows_count(card, game_no):
    return max(card.board_rows, max((line.number for line in card.boards.get(game_no, [])), default=0))


def board_cells(game_no, number, line, breaker_w, st, fill):
    cells = [fill.text(Texts.board_number(game_no, number), st["centre"])]
    if line is None and not fill.template:
        return cells + [""] * 7
    breaker = fill.value(Texts.breaker(game_no, number), breaker_w - 5, st["cell"])
    return [*cells, breaker, *(fill.text(Texts.points(game_no, number, i), st["centre"]) for i in range(6))]


def board_values(line):
    """ICF XIX columns 2-7 of a filled row: for A then for B, the queen, the c/m and the running total."""
    sides = []
    for side, total in (("A", line.total_a), ("B", line.total_b)):
        if line.awarded_to == side:  # ICF XIX columns 2-3 / 5-6: the points, 'Nil' in the other side's
            sides += [str(line.queen) if line.queen else NIL, str(line.coins) if line.coins else NIL]
        else:
            sides += [NIL, NIL]
        sides.append(str(total))
    return sides


def remarks_box(card, width, lines, st, fill, row_height=6 * mm):
    """ICF XIX: remarks of the umpire, with ruled lines to write on; special finishes are listed here."""
    rows = [[para(_("Remarks of the Umpire"), st["label"])]]
    if fill.template:
        rows += [[fill.text(Texts.remark(index), st["small"])] for index in range(lines - 1)]
    else:
        rows += [[para(text, st["small"])] for text in card.remarks[: lines - 1]]
    rows += [[""]] * (lines - len(rows))
    table = Table(rows, colWidths=[width], rowHeights=[5 * mm] + [row_height] * (lines - 1))
    style = TableStyle([("BOX", (0, 0), (-1, -1), 0.8, colors.black), ("VALIGN", (0, 0), (-1, -1), "MIDDLE")])
    style.add("LINEBELOW", (0, 1), (-1, -2), 0.3, colors.black)
    table.setStyle(style)
    return table


def signatures(card, width, st, fill):
    """ICF XIX: match won by, loser's signature, umpire's signature."""
    third = width / 3
    table = Table(
        [
            [para(t, st["label"]) for t in (_("Match won by"), _("Loser's signature"), _("Umpire's signature"))],
            [fill.value(Texts.field("winner"), third - 5, st["value"]), "", ""],
        ],
        colWidths=[third] * 3,
        rowHeights=[5 * mm, 13 * mm],
    )
    table.setStyle(grid_style())
    return table


def column_notes(card, st):
    """ICF XIX's instructions for the columns, printed at the foot of the card as on the original."""
    notes = ngettext(
        "ICF XIX. (1) The name of the player choosing to break is entered first. (2) & (5) %(points)s point for the "
        "player pocketing the queen, 'Nil' in the other Queen column. (3) & (6) The number of c/m of the opponent/s "
        "lying at the finish of the board, 'Nil' in the other column. (4) & (7) The aggregate points of the "
        "player/s at the finish of each board.",
        "ICF XIX. (1) The name of the player choosing to break is entered first. (2) & (5) %(points)s points for the "
        "player pocketing the queen, 'Nil' in the other Queen column. (3) & (6) The number of c/m of the opponent/s "
        "lying at the finish of the board, 'Nil' in the other column. (4) & (7) The aggregate points of the "
        "player/s at the finish of each board.",
        card.queen_value,
    )
    text = escape(notes % {"points": card.queen_value})
    if card.extra_rows_note:
        text += " " + escape(card.extra_rows_note)
    return Paragraph(text, st["note"])
