"""What a tie's page shows: its rubbers in the format's order, who plays each (a side's line-up stays hidden from
the other side until both have named, as captains exchange them at the table), the results and the tie's score."""

from dataclasses import dataclass, field

from django.db import models

from matches.ties.models import LineUp
from matches.ties.services import named_sides, rubbers_begun, rubbers_to_name, score_of, tie_format
from stages.models import Match
from tournaments.models import Event


@dataclass
class RubberRow:
    number: int
    kind: str
    points: int
    players: dict = field(default_factory=lambda: {"a": [], "b": []})
    match: Match | None = None


def tie_sheet(tie, official=False):
    """The tie's rows and score for its page; `official` (the desk) sees a line-up as soon as it is named."""
    fmt = tie_format(tie)
    matches = {rubber.rubber: rubber for rubber in tie.rubbers.all()}
    score = score_of(tie, fmt)
    rubbers = list(fmt.rubbers)
    if fmt.decider.number in matches or score.needs_decider:
        rubbers.append(fmt.decider)
    rows = {r.number: RubberRow(r.number, r.kind, r.points, match=matches.get(r.number)) for r in rubbers}
    places = LineUp.objects.filter(tie=tie).select_related("player").order_by("side", "rubber", "position")
    named = {place.side for place in places if place.rubber in rows}
    for place in places:
        if place.rubber in rows and (official or named == {"a", "b"}):
            rows[place.rubber].players[place.side].append(place.player)
    to_name = [r.number for r in rubbers_to_name(tie, fmt)]
    named_now = {side for side in "ab" if any(p.side == side and p.rubber in to_name for p in places)}
    return {
        "format": fmt,
        "rows": list(rows.values()),
        "score": score,
        "named": named_now,
        "to_name": to_name,
    }


def captains_ties(player, tournament):
    """The ties whose line-up `player` names as captain of a team: undecided ties of published rounds, each with
    the side the captain's team plays and whether it has named already."""
    teams = set(
        player.memberships.filter(captain=True, entry__event__tournament=tournament).values_list("entry_id", flat=True)
    )
    if not teams:
        return []
    ties = (
        Match.objects.filter(stage__event__tournament=tournament, round__status="published")
        .filter(models.Q(entry_a__in=teams) | models.Q(entry_b__in=teams))
        .exclude(entry_b=None)
        .filter(status__in=(Match.Status.SCHEDULED, Match.Status.CALLED, Match.Status.IN_PLAY))
        .select_related("entry_a", "entry_b", "round", "stage__event")
        .order_by("round__number", "number")
    )
    rows = []
    for tie in ties:
        side = "a" if tie.entry_a_id in teams else "b"
        to_name = [r.number for r in rubbers_to_name(tie)]
        if rubbers_begun(tie, to_name):
            continue  # its rubbers have begun: nothing left to name
        opponent = tie.entry_b if side == "a" else tie.entry_a
        rows.append({"tie": tie, "side": side, "opponent": opponent, "named": side in named_sides(tie, to_name)})
    return rows


def players_rubbers(tie, player):
    """The rubbers of `tie` that `player` plays, once both line-ups are in: number, kind, partner(s) and the
    rubber's match (None until made). A match of an event of single matches has none, without a query."""
    if tie.tie_id is not None or tie.stage.event.kind != Event.Kind.TEAM_TIES:
        return []
    if not tie.line_ups.filter(player=player).exists():
        return []
    matches = {rubber.rubber: rubber for rubber in tie.rubbers.all()}
    fmt = tie_format(tie)
    mine = tie.line_ups.filter(player=player).values_list("side", "rubber")
    rows = []
    for side, number in mine:
        match = matches.get(number)
        if match is None:
            continue  # the other side has not named yet: nothing to play, nothing to show
        partners = tie.line_ups.filter(side=side, rubber=number).exclude(player=player).select_related("player")
        rows.append(
            {
                "number": number,
                "kind": fmt.rubber(number).kind,
                "partners": [place.player for place in partners],
                "match": match,
                "side": side,
            }
        )
    return rows


def rubbers_of(ties):
    """{tie id: [(rubber match, {"a": [player names], "b": [...]})]} for `ties`, in playing order: the exports'
    rows under each tie. Two queries, whatever the number of ties."""
    ids = [tie.pk for tie in ties]
    names = {}
    places = LineUp.objects.filter(tie_id__in=ids).select_related("player__club").order_by("side", "position")
    for place in places:
        names.setdefault((place.tie_id, place.rubber), {"a": [], "b": []})[place.side].append(place.player.shown_name)
    found = {}
    for rubber in Match.with_rubbers.filter(tie_id__in=ids).order_by("tie_id", "rubber"):
        players = names.get((rubber.tie_id, rubber.rubber), {"a": [], "b": []})
        found.setdefault(rubber.tie_id, []).append((rubber, players))
    return found
