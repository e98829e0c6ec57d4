"""Standings for Swiss, group and round-robin play, with tie-break metrics registered by key.

A match is a win for the higher score (2 points), a draw for equal scores (1) and a loss otherwise (0); a bye
(``b is None``) is a win for ``a`` by the score given. The event stores an ordered precedence list of metric keys;
competitors are ordered by the first metric, ties by the next, and so on. ``head_to_head`` is computed only among
the competitors still tied when it is reached (a mini-league of their games against each other). Ranks are
shared only when every metric in the list ties; the display order of a shared rank is by name.
"""

from dataclasses import dataclass

from stages.draws.errors import DrawError

SWISS_PRECEDENCE = ("points", "buchholz", "net_score", "total_score", "name")
ROUND_ROBIN_PRECEDENCE = ("points", "head_to_head", "net_score", "total_score")


@dataclass
class MatchResult:
    a: object
    b: object  # None for a bye
    score_a: float = 0
    score_b: float = 0
    both_lose: bool = False  # both sides absent (a double forfeit, ICF 143(i), ECC 18): a loss for each


@dataclass
class Standing:
    id: object
    name: str = ""
    rating: float | None = None
    points: float = 0
    buchholz: float = 0
    net_score: float = 0
    total_score: float = 0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    rank: int | None = None


METRICS = {}


def register(cls):
    """Class decorator: make a metric available by its key."""
    METRICS[cls.key] = cls()
    return cls


class Metric:
    """A tie-break metric. ``values`` gives each row of a tied group its value; higher ranks first unless
    ``descending`` is False."""

    key = ""
    name = ""
    descending = True

    def values(self, rows, context):
        return {row.id: getattr(row, self.key) for row in rows}


@register
class Points(Metric):
    key, name = "points", "Points"


@register
class Buchholz(Metric):
    key, name = "buchholz", "Buchholz (sum of the opponents' points)"


@register
class NetScore(Metric):
    key, name = "net_score", "Net score"


@register
class TotalScore(Metric):
    key, name = "total_score", "Total score"


@register
class Wins(Metric):
    key, name = "wins", "Wins"


@register
class Rating(Metric):
    key, name = "rating", "Rating"

    def values(self, rows, context):
        return {row.id: float("-inf") if row.rating is None else row.rating for row in rows}


@register
class Name(Metric):
    key, name, descending = "name", "Name", False


@register
class HeadToHead(Metric):
    """Points from the games among the tied competitors only."""

    key, name = "head_to_head", "Result between the tied players"

    def values(self, rows, context):
        group = {row.id for row in rows}
        score = dict.fromkeys(group, 0)
        win, draw, loss = context["points_for"]
        for m in context["matches"]:
            if m.a in group and m.b in group:
                pa, pb = _outcome(m, win, draw, loss)
                score[m.a] += pa
                score[m.b] += pb
        return score


def _outcome(m, win, draw, loss):
    if m.both_lose:
        return loss, loss
    if m.b is None or m.score_a > m.score_b:
        return win, loss
    if m.score_a < m.score_b:
        return loss, win
    return draw, draw


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
    rows = {}
    for c in competitors:
        ident = _field(c, "id")
        if ident in rows:
            raise DrawError(f"Competitor {ident!r} appears twice.")
        rows[ident] = Standing(ident, _field(c, "name", "") or "", _field(c, "rating"))
    results = []
    for m in matches:
        if not isinstance(m, MatchResult):
            m = MatchResult(
                _field(m, "a"),
                _field(m, "b"),
                _field(m, "score_a", 0),
                _field(m, "score_b", 0),
                bool(_field(m, "both_lose", False)),
            )
        for side in (m.a, m.b):
            if side is not None and side not in rows:
                raise DrawError(f"A match names {side!r}, who is not in the competitor list.")
        if m.a is None:
            raise DrawError("A match needs a first competitor; a bye goes in the second place.")
        results.append(m)

    win, draw, loss = points_for
    opponents = {ident: [] for ident in rows}
    for m in results:
        if m.both_lose:
            sides = ((m.a, m.b, m.score_a, m.score_b, False), (m.b, m.a, m.score_b, m.score_a, False))
        elif m.b is None or m.score_a != m.score_b:
            a_won = m.b is None or m.score_a > m.score_b
            sides = ((m.a, m.b, m.score_a, m.score_b, a_won), (m.b, m.a, m.score_b, m.score_a, not a_won))
        else:
            sides = ((m.a, m.b, m.score_a, m.score_b, None), (m.b, m.a, m.score_b, m.score_a, None))
        for me, other, mine, theirs, won in sides:
            if me is None:
                continue
            row = rows[me]
            row.played += 1
            if won is None:
                row.points += draw
                row.draws += 1
            elif won:
                row.points += win
                row.wins += 1
            else:
                row.points += loss
                row.losses += 1
            row.net_score += mine - theirs
            row.total_score += mine
            opponents[me].append(other)
    for ident, row in rows.items():
        # Buchholz: the opponents' current points; a bye opponent counts 0.
        row.buchholz = sum(rows[o].points for o in opponents[ident] if o is not None)

    context = {"matches": results, "points_for": points_for}
    groups = [sorted(rows.values(), key=lambda r: r.name)]
    for key in precedence:
        metric = METRICS[key]
        split = []
        for group in groups:
            if len(group) <= 1:  # an empty competitor list has one empty group
                split.append(group)
                continue
            vals = metric.values(group, context)
            group = sorted(group, key=lambda r: vals[r.id], reverse=metric.descending)
            run = [group[0]]
            for row in group[1:]:
                if vals[row.id] == vals[run[0].id]:
                    run.append(row)
                else:
                    split.append(run)
                    run = [row]
            split.append(run)
        groups = split

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
