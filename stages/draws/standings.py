"""Standings for Swiss, group and round-robin play, ordered by tie-break metrics registered by key (the metric
classes are in ``stages.draws.metrics``; ``METRICS`` is importable from here too).

A match is a win for the higher score (2 points), a draw for equal scores (1) and a loss otherwise (0); a bye
(``b is None``) is a win for ``a`` by the score given (its net score the ``bye_margin`` when one is given); a
walk-over without a score (``walkover`` "a" or "b", ICF 143) is a win for that side that adds nothing to net or
total score. The event stores an ordered precedence list of metric keys; competitors are ordered by the first
metric, ties by the next, and so on. ``head_to_head`` is computed only among the competitors still tied when it
is reached (a mini-league of their games against each other). Ranks are shared only when every metric in the
list ties; the display order of a shared rank is by name.
"""

from collections import namedtuple
from dataclasses import dataclass
from operator import attrgetter, neg
from typing import NamedTuple

from django.utils.translation import gettext as _

from stages.draws.errors import DrawError
from stages.draws.metrics import METRICS, Context, Tally

SWISS_PRECEDENCE = ("points", "buchholz", "net_score", "total_score", "name")
ROUND_ROBIN_PRECEDENCE = ("points", "head_to_head", "net_score", "total_score")
# Team ties: tie points, then the rubber points (a tie's score), then the board points over the rubbers.
TEAM_SWISS_PRECEDENCE = ("points", "buchholz", "net_score", "boards", "name")
TEAM_ROUND_ROBIN_PRECEDENCE = ("points", "head_to_head", "net_score", "boards")
# The metrics whose values every standings row carries, in its field of the same name.
ROW_FIGURES = ("points", "wins", "buchholz", "net_score", "total_score", "boards")


class MatchResult(NamedTuple):
    """A result as the standings count it. A tuple of plain values: a 10,000-player stage keeps 50,000 of them
    between requests, which the cyclic garbage collector then leaves alone."""

    a: object
    b: object  # None for a bye
    score_a: float = 0
    score_b: float = 0
    both_lose: bool = False  # both sides absent (a double forfeit, ICF 143(i), ECC 18): a loss for each
    # "a" or "b": won by walk-over with no score (ICF 143, queen2 ¶10): the win counts, the scores count nothing.
    walkover: str = ""
    # A bye's net score when it is not score_a - score_b: the stage's bye margin, whatever the bye's card says
    # (SoL counts its tourney's phantom score in the net score and the card's score in the total).
    bye_margin: float | None = None
    # A team tie's board points over its rubbers, each side's (its score is its rubber points); None for a match
    # that is no tie, whose score is its board points.
    boards_a: float | None = None
    boards_b: float | None = None


@dataclass
class Standing:
    id: object
    name: str = ""
    rating: float | None = None
    points: float = 0
    buchholz: float = 0
    net_score: float = 0
    total_score: float = 0
    boards: float = 0  # board points won less lost (a team's over its ties' rubbers)
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    rank: int | None = None
    # The key of the metric that put this row below the row before it ("" for the first row, or when the two
    # share a rank): what the stage page names when two rows are level on points.
    separated_by: str = ""


# A competitor as the standings read one: what a plain metric reads of it (metrics.Metric.plain), so that ranks()
# makes no Standing rows.
Entrant = namedtuple("Entrant", ("id", "name", "rating"))


class Entrants(list):
    """A list of Entrants, made once (stages.selectors.competitors_of): read as it is, with no look at each.
    `heads`: what the kept standings make of the list alone, once while it is kept (stages.kept_standings)."""

    def __init__(self, *args):
        super().__init__(*args)
        self.heads = {}


def entrants(competitors):
    """The competitors as Entrants, as given when they are."""
    if isinstance(competitors, Entrants):
        return competitors
    return Entrants(Entrant(_field(c, "id"), _field(c, "name", "") or "", _field(c, "rating")) for c in competitors)


def _field(obj, key, default=None):
    if isinstance(obj, dict):
        return obj.get(key, default)
    return getattr(obj, key, default)


def standings(competitors, matches, precedence=SWISS_PRECEDENCE, points_for=(2, 1, 0)):
    """Standings rows in order, with ranks.

    ``competitors``: objects or dicts with ``id``, ``name`` and optionally ``rating``. ``matches``:
    ``MatchResult`` objects or dicts with ``a``, ``b`` (None for a bye), ``score_a``, ``score_b``.
    ``points_for``: points for a win, a draw and a loss.
    """
    return table(competitors, tally(competitors, matches, points_for), precedence)


def tally(competitors, matches, points_for=(2, 1, 0), before=None):
    """The results added up for each competitor (a metrics.Tally): ``matches`` as ``standings`` takes them,
    counted after ``before``'s when given (the tally of the rounds before, of the same competitors)."""
    if before is None:
        before = Tally(_checked_ids(competitors), points_for)
    return before.added(_results(matches, before.games))


def table(competitors, tally, precedence=SWISS_PRECEDENCE):
    """The standings rows of the results in ``tally``, in order, with ranks."""
    _check_precedence(precedence)
    rows = _rows(competitors)
    context = Context(rows, None, tally.points_for, tally)
    _fill_figures(context)
    groups = [sorted(rows.values(), key=attrgetter("name"))]
    for key in precedence:
        groups = _split_ties(groups, METRICS[key], context)
    return _ranked(groups)


def ranks(competitors, tally, precedence=SWISS_PRECEDENCE):
    """Each competitor's rank and points, in the competitors' order: ``table``'s, without making its rows (what a
    player's rank after each round reads, for every player of a stage at once). Where every metric is ``plain``,
    one sort by all of them at once ranks the competitors as ``table`` does splitting its ties one metric after
    the other, a rank shared where all of them tie."""
    _check_precedence(precedence)
    metrics = [METRICS[key] for key in precedence]
    competitors = entrants(competitors)
    ids = [entrant.id for entrant in competitors]
    if not all(metric.plain for metric in metrics):
        place = {row.id: row for row in table(competitors, tally, precedence)}
        return [place[ident].rank for ident in ids], [place[ident].points for ident in ids]
    context = Context(dict(zip(ids, competitors, strict=True)), None, tally.points_for, tally)
    columns = []
    for metric in metrics:
        column = list(map(context.figures(metric.key).__getitem__, ids))
        columns.append(list(map(neg, column)) if metric.descending else column)
    keys = list(zip(*columns, strict=True)) if columns else [()] * len(ids)
    order = sorted(range(len(ids)), key=keys.__getitem__)
    found, rank, previous = [None] * len(ids), 0, None
    for place, i in enumerate(order, 1):
        if place == 1 or keys[i] != previous:
            rank, previous = place, keys[i]
        found[i] = rank
    return found, list(map(tally.figures["points"].__getitem__, ids))


def _check_precedence(precedence):
    unknown = [k for k in precedence if k not in METRICS]
    if unknown:
        raise ValueError("Unknown tie-break metrics: " + ", ".join(unknown))


def _checked_ids(competitors):
    """The competitors' ids, each once."""
    ids = {}
    for ident in (competitor.id for competitor in entrants(competitors)):
        if ident in ids:
            raise DrawError(_("Competitor %(id)s appears twice.") % {"id": repr(ident)})
        ids[ident] = None
    return ids


def _rows(competitors):
    """A fresh standings row for each competitor, by id."""
    return {c.id: Standing(*c) for c in entrants(competitors)}


def _results(matches, rows):
    """The matches as ``MatchResult`` objects, each checked against the competitors (``rows``: by id)."""
    results = []
    for m in matches:
        if not isinstance(m, MatchResult):
            m = MatchResult(
                _field(m, "a"),
                _field(m, "b"),
                _field(m, "score_a", 0),
                _field(m, "score_b", 0),
                bool(_field(m, "both_lose", False)),
                _field(m, "walkover", "") or "",
                _field(m, "bye_margin"),
                _field(m, "boards_a"),
                _field(m, "boards_b"),
            )
        for side in (m.a, m.b):
            if side is not None and side not in rows:
                raise DrawError(_("A match names %(id)s, who is not in the competitor list.") % {"id": repr(side)})
        if m.a is None:
            raise DrawError(_("A match needs a first competitor; a bye goes in the second place."))
        results.append(m)
    return results


def _fill_figures(context):
    """Every row shows its record and figures, whatever the precedence; the metrics compute them."""
    for key in ROW_FIGURES:
        for ident, value in context.figures(key).items():
            setattr(context.rows[ident], key, value)
    wins, draws, losses = (context.tally.figures[key] for key in ("wins", "draws", "losses"))
    for ident, row in context.rows.items():
        row.draws, row.losses = draws[ident], losses[ident]
        row.played = wins[ident] + row.draws + row.losses


def _split_ties(groups, metric, context):
    """Order each tied group by the metric and split it where the metric's value changes."""
    split = []
    for group in groups:
        if len(group) <= 1:  # an empty competitor list has one empty group
            split.append(group)
            continue
        vals = metric.values(group, context)
        # The group's first row carries what separates the group from the one above; re-sorting may put another
        # row first, which then carries it.
        boundary = group[0].separated_by
        for row in group:
            row.separated_by = ""
        group = sorted(group, key=lambda r: vals[r.id], reverse=metric.descending)
        group[0].separated_by = boundary
        run, run_value = [group[0]], vals[group[0].id]
        for row in group[1:]:
            value = vals[row.id]
            if value == run_value:
                run.append(row)
            else:
                split.append(run)
                run, run_value = [row], value
                row.separated_by = metric.key
        split.append(run)
    return split


def _ranked(groups):
    """The rows in order; a group still tied after the last metric shares its rank."""
    ordered = []
    for group in groups:
        rank = len(ordered) + 1
        for row in group:
            row.rank = rank
            ordered.append(row)
    return ordered


def swiss_standings(competitors, matches, precedence=SWISS_PRECEDENCE, points_for=(2, 1, 0)):
    """Swiss standings: points, Buchholz, net score, total score, then name (by default)."""
    return standings(competitors, matches, precedence, points_for)


def round_robin_standings(competitors, matches, precedence=ROUND_ROBIN_PRECEDENCE, points_for=(2, 1, 0)):
    """Group and round-robin standings: points, the result between tied players, net score, total score."""
    return standings(competitors, matches, precedence, points_for)
