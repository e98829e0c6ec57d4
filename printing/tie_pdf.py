"""Team ties on paper: the team score sheet (one page a tie: its rubbers, who played, results, rubber points, the
captains' and the referee's signatures) and the line-up slips a captain fills in and hands to the desk before the
tie (one a team: its rubbers with room for the names, its roster to choose from). Plain Python over the
dataclasses below; printing.tie_data fills them. Black lines only, like the other sheets."""

import io
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, PageBreak, Paragraph, Spacer, Table

from printing.fonts import in_its_script
from printing.pdf import Heading, build, document, heading_parts, styles
from printing.pdf_kit import bold, fractions, grid_style, para
from stages.draws.ties import kind_name


@dataclass
class RubberLine:
    number: int
    kind: str  # "singles" or "doubles", worded by rubber_kind()
    points: int = 1
    players_a: str = ""
    players_b: str = ""
    result: str = ""
    winner: str = ""  # "A", "B" or ""


@dataclass
class TieSheet:
    heading: Heading
    team_a: str
    team_b: str
    rubbers: list = field(default_factory=list)
    points_a: str = ""
    points_b: str = ""
    winner: str = ""


@dataclass
class LineUpSlip:
    heading: Heading
    team: str
    opponent: str
    rubbers: list = field(default_factory=list)  # RubberLine: players_a holds the names already named, if any
    roster: list = field(default_factory=list)  # names, reserves marked


def rubber_kind(kind, points):
    word = kind_name(kind)
    return word if points == 1 else f"{word} ({points})"


def team_score_sheets(sheets, compress=None):
    st = styles()
    doc = document(io.BytesIO(), _("Team score sheet"), compress)
    story = []
    for index, sheet in enumerate(sheets):
        if index:
            story.append(PageBreak())
        story += heading_parts(sheet.heading, st)
        story.append(rubbers_table(sheet, doc.width, st))
        story.append(Spacer(1, 4 * mm))
        total = _("Rubber points: %(a)s – %(b)s") % {"a": sheet.points_a, "b": sheet.points_b}
        story.append(para(total, st["text"]))
        won = _("Tie won by: %(team)s") % {"team": sheet.winner} if sheet.winner else _("Tie won by:") + " " + "_" * 30
        story.append(para(won, st["text"]))
        story.append(Spacer(1, 10 * mm))
        story.append(signatures([_("Captain of %(team)s") % {"team": t} for t in (sheet.team_a, sheet.team_b)]
                                + [_("Referee")], doc.width, st))  # fmt: skip
    if not sheets:
        story.append(para(_("No ties."), st["text"]))
    return build(doc, story, _("Team score sheet"))


def rubbers_table(sheet, width, st):
    labels = [_("No."), _("Rubber"), sheet.team_a, _("Result"), sheet.team_b]
    rows = [[Paragraph(bold(label), st["colhead"]) for label in labels]]
    for line in sheet.rubbers:
        rows.append(
            [
                para(str(line.number), st["cell"]),
                para(rubber_kind(line.kind, line.points), st["cell"]),
                names(line.players_a, line.winner == "A", st),
                para(line.result, st["centre"]),
                names(line.players_b, line.winner == "B", st),
            ]
        )
    table = Table(
        rows, colWidths=fractions(width, [8, 22, 50, 20, 50]), rowHeights=[None] + [11 * mm] * len(sheet.rubbers)
    )
    table.setStyle(grid_style())
    return table


def names(text, won, st):
    """The players of one side of a rubber, in bold for the winners, in a type that has their script."""
    return Paragraph(bold(text), in_its_script(text, st["cell"])) if won else para(text, st["cell"])


def signatures(captions, width, st):
    cells = [[para("_" * 28, st["text"]) for _caption in captions], [para(c, st["small"]) for c in captions]]
    return Table(cells, colWidths=fractions(width, [1] * len(captions)))


def line_up_slips(slips, compress=None):
    """Two slips a page, cut along the line between them."""
    st = styles()
    doc = document(io.BytesIO(), _("Line-up slips"), compress)
    story = []
    for index, slip in enumerate(slips):
        if index and index % 2 == 0:
            story.append(PageBreak())
        story.append(KeepTogether(slip_parts(slip, doc.width, st)))
        if index % 2 == 0:
            story.append(Spacer(1, 6 * mm))
            story.append(para("- " * 60, st["note"]))
            story.append(Spacer(1, 6 * mm))
    if not slips:
        story.append(para(_("No ties."), st["text"]))
    return build(doc, story, _("Line-up slips"))


def slip_parts(slip, width, st):
    title = _("Line-up of %(team)s against %(opponent)s") % {"team": slip.team, "opponent": slip.opponent}
    parts = [Paragraph(bold(title), st["section"]), *heading_parts(slip.heading, st)[1:-1]]
    rows = [[Paragraph(bold(label), st["colhead"]) for label in (_("No."), _("Rubber"), _("Player/s"))]]
    for line in slip.rubbers:
        rows.append([para(str(line.number), st["cell"]), para(rubber_kind(line.kind, line.points), st["cell"]),
                     para(line.players_a, st["cell"])])  # fmt: skip
    table = Table(rows, colWidths=fractions(width, [8, 25, 100]), rowHeights=[None] + [9 * mm] * len(slip.rubbers))
    table.setStyle(grid_style())
    roster = _("Roster: %(players)s") % {"players": ", ".join(slip.roster)}
    hand_in = pgettext(
        "line-up slip", "Hand this slip to the desk before the tie; the other side sees it only once both are in."
    )
    return [*parts, Spacer(1, 2 * mm), table, Spacer(1, 2 * mm), para(roster, st["small"]), para(hand_in, st["note"]),
            Spacer(1, 8 * mm), signatures([_("Captain")], width / 2, st)]  # fmt: skip
