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

from dataclasses import dataclass
from operator import attrgetter

from django.utils.translation import gettext as _

from stages.draws.errors import DrawError
from stages.draws.metrics import DRAW, LOSS, METRICS, OUTCOMES, Context

SWISS_PRECEDENCE = ("points", "buchholz", "net_score", "total_score", "name")
ROUND_ROBIN_PRECEDENCE = ("points", "head_to_head", "net_score", "total_score")
# Team ties: tie points, then the rubber points (a tie's score), then the board points over the rubbers.
TEAM_SWISS_PRECEDENCE = ("points", "buchholz", "net_score", "boards", "name")
TEAM_ROUND_ROBIN_PRECEDENCE = ("points", "head_to_head", "net_score", "boards")
# The metrics whose values every standings row carries, in its field of the same name.
ROW_FIGURES = ("points", "wins", "buchholz", "net_score", "total_score", "boards")


@dataclass
class MatchResult:
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
    unknown = [k for k in precedence if k not in METRICS]
    if unknown:
        raise ValueError("Unknown tie-break metrics: " + ", ".join(unknown))
    rows = _rows(competitors)
    context = Context(rows, _results(matches, rows), points_for)
    _fill_figures(context)
    groups = [sorted(rows.values(), key=attrgetter("name"))]
    for key in precedence:
        groups = _split_ties(groups, METRICS[key], context)
    return _ranked(groups)


def _rows(competitors):
    """A fresh standings row for each competitor, by id."""
    rows = {}
    for c in competitors:
        ident = _field(c, "id")
        if ident in rows:
            raise DrawError(_("Competitor %(id)s appears twice.") % {"id": repr(ident)})
        rows[ident] = Standing(ident, _field(c, "name", "") or "", _field(c, "rating"))
    return rows


def _results(matches, rows):
    """The matches as ``MatchResult`` objects, each checked against the competitor list."""
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
    for ident, games in context.games.items():
        outcomes = games[OUTCOMES]
        row = context.rows[ident]
        row.played = len(outcomes)
        row.draws = outcomes.count(DRAW)
        row.losses = outcomes.count(LOSS)


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
