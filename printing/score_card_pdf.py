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
    if card.games > 1:
        games = ngettext("best of %(games)s game", "best of %(games)s games", card.games) % {"games": card.games}
    else:
        games = _("one game")
    right = " · ".join(str(part) for part in (card.rule_set, games) if part)
    if card.links:
        return title_with_links(card, right, width, st)
    table = Table(
        [[para(_("Score card").upper(), st["title"]), para(right, st["right"])]],
        colWidths=[width * 0.45, width * 0.55],
    )
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("BOTTOMPADDING", (0, 0), (-1, -1), 4)]))
    return table


CARD_QR = 24 * mm


def title_with_links(card, right, width, st):
    """The title, and at the right each side's match link as a QR code captioned with the side: the players scan
    theirs to keep (or confirm) the score on a phone."""
    hint = _("Players: scan your side's code to enter or confirm the result on your phone.")
    left = [para(_("Score card").upper(), st["title"]), para(right, st["value"]), para(hint, st["small"])]
    codes = [labelled(url, CARD_QR, caption, st["small"]) for caption, url in card.links]
    side = CARD_QR + 4 * mm
    table = Table([[left, *codes]], colWidths=[width - len(codes) * side, *[side] * len(codes)])
    style = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("ALIGN", (1, 0), (-1, 0), "RIGHT"),
    ]
    table.setStyle(TableStyle(style))
    return table


def card_header(card, width, st):
    """ICF XIX: championship, event, round, date, time, match no., umpire, C/B (carrom board) no., toss; and
    the stage, which our draws add."""
    c = card
    board_no = pgettext("carrom board (the table) number", "C/B No.")
    rows = [
        ([_("CHAMPIONSHIP / TOURNAMENT"), c.tournament], [46, 0]),
        (
            [_("EVENT"), c.event, pgettext("round of a stage", "ROUND"), c.round, _("DATE"), c.date, _("TIME"), c.time],
            [15, 48, 16, 31, 13, 31, 12, 0],
        ),
        ([_("MATCH NO."), c.match_no, _("UMPIRE"), c.umpire, board_no, c.table], [22, 18, 18, 88, 18, 0]),
        ([_("TOSS WON BY"), c.toss_winner, _("CHOICE OF TOSS WINNER"), c.toss_choice], [28, 64, 46, 0]),
        ([_("STAGE"), c.stage], [15, 0]),
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
            ["", para(_("Player/s A"), st["label"]), para(_("Player/s B"), st["label"])],
            [para(_("Name"), st["label"]), value(names_a[0]), value(names_b[0])],
            ["", value(names_a[1]), value(names_b[1])],
            [para(_("Team"), st["label"]), value(card.team_a), value(card.team_b)],
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
    labels = [_("Queen"), _("No. of\nc/m"), _("Grand\ntotal")] * 2  # ICF XIX columns 2-7
    columns = [f"({n})<br/>{lines(label)}" for n, label in enumerate(labels, start=2)]
    name_a, name_b = (one_line(name, 3 * value_w - 3, head, 5) for name in (f"A  {side_a}", f"B  {side_b}"))
    board_no = Paragraph(lines(pgettext("score card column: the board of a game", "Board\nNo.")), head)
    break_by = para(pgettext("score card column: who broke (the opening shot)", "(1) Break by"), head)
    data = [
        [para(_("GAME %(number)s") % {"number": game_no}, st["label"])] + [""] * 7,
        [board_no, break_by, name_a, "", "", name_b, "", ""],
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


def lines(text):
    """A heading's text for a Paragraph: escaped, its line breaks (in the English text and any translation) kept."""
    return escape(str(text)).replace("\n", "<br/>")


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
    rows = [[para(_("Remarks of the Umpire"), st["label"])]]
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
            [para(t, st["label"]) for t in (_("Match won by"), _("Loser's signature"), _("Umpire's signature"))],
            [one_line(card.winner, third - 5, st["value"]), "", ""],
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
