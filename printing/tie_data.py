"""The team ties of a round as printing.tie_pdf draws them: a team score sheet per tie, filled with what is known
(the line-ups once both sides have named, the results so far), and a line-up slip per team."""

from django.utils import timezone
from django.utils.translation import gettext as _

from matches.ties.selectors import tie_sheet
from printing.names import day_text, printed
from printing.pdf import Heading
from printing.tie_pdf import LineUpSlip, RubberLine, TieSheet
from stages.models import Match
from tournaments.models import entry_name


def round_ties(rnd):
    return list(
        Match.objects.filter(round=rnd)
        .exclude(entry_b=None)
        .select_related("entry_a", "entry_b", "group", "stage__event__tournament", "round")
        .order_by("group__number", "number")
    )


def tie_heading(title, tie):
    stage = tie.stage
    where = [f"{stage.event.name} · {stage.name} · {tie.round.display_name}"]
    facts = [_("tie %(number)s") % {"number": tie.number}]
    if tie.table:
        facts.append(_("table %(table)s") % {"table": tie.table})
    if tie.planned_at:
        planned = timezone.localtime(tie.planned_at)
        facts.append(f"{day_text(planned)} {planned:%H:%M}")
    return Heading(title=title, tournament=stage.event.tournament.name, lines=[*where, " · ".join(facts)],
                   printed=printed())  # fmt: skip


def score_sheet(tie):
    sheet = tie_sheet(tie, official=True)
    lines = []
    for row in sheet["rows"]:
        match = row.match
        decided = match is not None and match.is_decided
        winner = {match.entry_a_id: "A", match.entry_b_id: "B"}.get(match.winner_id, "") if decided else ""
        lines.append(
            RubberLine(
                row.number,
                row.kind,
                row.points,
                entry_name(row.players["a"]),
                entry_name(row.players["b"]),
                f"{match.games_a}–{match.games_b}" if decided else "",
                winner,
            )
        )
    score = sheet["score"]
    return TieSheet(
        heading=tie_heading(_("Team score sheet"), tie),
        team_a=tie.entry_a.name,
        team_b=tie.entry_b.name,
        rubbers=lines,
        points_a=str(score.points_a) if tie.rubbers.exists() else "",
        points_b=str(score.points_b) if tie.rubbers.exists() else "",
        winner=tie.winner.name if tie.is_decided and tie.winner_id else "",
    )


def slips(tie):
    """Both teams' slips, blank: what a captain writes is theirs to hand in."""
    sheet = tie_sheet(tie, official=True)
    rubbers = [RubberLine(row.number, row.kind, row.points) for row in sheet["rows"]]
    made = []
    for team, opponent in ((tie.entry_a, tie.entry_b), (tie.entry_b, tie.entry_a)):
        members = team.members.select_related("player").order_by("position")
        roster = [m.player.full_name + (" " + _("(reserve)") if m.reserve else "") for m in members]
        made.append(LineUpSlip(tie_heading(_("Line-up slip"), tie), team.name, opponent.name, rubbers, roster))
    return made
