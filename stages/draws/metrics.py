"""Tie-break metrics for the standings, one class per metric, registered by key.

Each metric computes its own values from a shared ``Context``: the standings rows of the competitors and the
decided results (each competitor's games from that side's point of view). Most metrics give every competitor one
value, computed once per standings and kept in the context, so that Buchholz can read the points without adding
them up again. ``head_to_head`` instead depends on who is still tied, so it computes its values for each tied group.

A new tie-break is one new class with ``@register``; its key can then go in an event's precedence list.
"""

from functools import reduce
from operator import add

from django.utils.translation import gettext_lazy

# A game's outcome for one side, as an index into ``points_for`` (points for a win, a draw and a loss).
WIN, DRAW, LOSS = 0, 1, 2

# A competitor's games are one flat list, five entries per game in match order (one list per competitor keeps
# this cheap for a 2,000-player Swiss); each slice below takes one column of it.
OPPONENTS = slice(0, None, 5)  # None for a bye
SCORES = slice(1, None, 5)  # the competitor's own score
MARGINS = slice(2, None, 5)  # own score minus the opponent's
OUTCOMES = slice(3, None, 5)  # WIN, DRAW or LOSS
POINTS = slice(4, None, 5)  # the table points the game earned

METRICS = {}


def register(cls):
    """Class decorator: make a metric available by its key."""
    METRICS[cls.key] = cls()
    return cls


class Context:
    """What the metrics work from: ``rows`` (the standings rows by competitor id), ``matches`` (the checked
    results), ``points_for`` and ``games`` (each competitor's games, see ``OPPONENTS``). ``figures(key)`` gives a
    metric's value for every competitor, computed at most once."""

    def __init__(self, rows, matches, points_for):
        self.rows = rows
        self.matches = matches
        self.points_for = points_for
        self.games = _games(rows, matches, points_for)
        self._figures = {}

    def figures(self, key):
        if key not in self._figures:
            self._figures[key] = METRICS[key].figures(self)
        return self._figures[key]


def _games(rows, matches, points_for):
    """Each competitor's games, deciding each for the table: the higher score wins and a bye is a win for ``a``.
    Written out step by step because this loop runs once per game of the event on every standings request."""
    games = {ident: [] for ident in rows}
    for m in matches:
        a, b, score_a, score_b = m.a, m.b, m.score_a, m.score_b
        if m.both_lose:  # both sides absent (a double forfeit, ICF 143(i), ECC 18): a loss for each
            outcome_a = outcome_b = LOSS
        elif m.walkover:  # ICF 143: the match is lost, no score is given: nothing for net or total score
            outcome_a, outcome_b = (WIN, LOSS) if m.walkover == "a" else (LOSS, WIN)
            score_a = score_b = 0
        elif b is None or score_a > score_b:
            outcome_a, outcome_b = WIN, LOSS
        elif score_a != score_b:
            outcome_a, outcome_b = LOSS, WIN
        else:
            outcome_a = outcome_b = DRAW
        margin = score_a - score_b if b is not None or m.bye_margin is None else m.bye_margin
        games[a].extend((b, score_a, margin, outcome_a, points_for[outcome_a]))
        if b is not None:  # a bye is a game for ``a`` only
            games[b].extend((a, score_b, score_b - score_a, outcome_b, points_for[outcome_b]))
    return games


def added_up(values):
    """The running total in the order given, as ``+=`` would make it. ``sum()`` compensates float rounding from
    Python 3.12 on, which would change a net score such as 0.1 + 0.2 against the tables already published."""
    return reduce(add, values, 0)


class Metric:
    """A tie-break metric. ``values`` gives each row of a tied group its value; higher ranks first unless
    ``descending`` is False.

    A metric whose value does not depend on who else is tied implements ``figures``, one value for every
    competitor; the default reads the row's field of the same name (``name``, or a figure already on the row).
    """

    key = ""
    name = ""
    descending = True

    def figures(self, context):
        return {ident: getattr(row, self.key) for ident, row in context.rows.items()}

    def values(self, rows, context):
        # The figures cover every competitor, so they serve any tied group without copying.
        return context.figures(self.key)


@register
class Points(Metric):
    key, name = "points", gettext_lazy("Points")

    def figures(self, context):
        return {ident: added_up(games[POINTS]) for ident, games in context.games.items()}


@register
class Buchholz(Metric):
    key, name = "buchholz", gettext_lazy("Buchholz (sum of the opponents' points)")

    def figures(self, context):
        # The opponents' current points; a bye's opponent (None) counts 0, which leaves the sum as it was.
        points_of = {**context.figures("points"), None: 0}.__getitem__
        return {ident: sum(map(points_of, games[OPPONENTS])) for ident, games in context.games.items()}


@register
class NetScore(Metric):
    key, name = "net_score", gettext_lazy("Net score")

    def figures(self, context):
        return {ident: added_up(games[MARGINS]) for ident, games in context.games.items()}


@register
class TotalScore(Metric):
    key, name = "total_score", gettext_lazy("Total score")

    def figures(self, context):
        return {ident: added_up(games[SCORES]) for ident, games in context.games.items()}


@register
class Boards(Metric):
    """Board points won less lost: a team's over the rubbers of its ties (the tie-break after the rubbers, when
    the tie points are level); for a match that is no tie, its net score. A walk-over and a bye add nothing."""

    key, name = "boards", gettext_lazy("Board points won less lost")

    def figures(self, context):
        net = dict.fromkeys(context.rows, 0)
        for m in context.matches:
            if m.b is None or m.walkover or m.both_lose:
                continue
            if m.boards_a is None:
                margin = m.score_a - m.score_b
            else:
                margin = m.boards_a - (m.boards_b or 0)
            net[m.a] += margin
            net[m.b] -= margin
        return net


@register
class Wins(Metric):
    key, name = "wins", gettext_lazy("Wins")

    def figures(self, context):
        return {ident: games[OUTCOMES].count(WIN) for ident, games in context.games.items()}


@register
class Rating(Metric):
    key, name = "rating", gettext_lazy("Rating")

    def figures(self, context):
        # An unrated competitor ranks below every rated one.
        return {ident: float("-inf") if row.rating is None else row.rating for ident, row in context.rows.items()}


@register
class Name(Metric):
    key, name, descending = "name", gettext_lazy("Name"), False


@register
class HeadToHead(Metric):
    """Points from the games among the tied competitors only."""

    key, name = "head_to_head", gettext_lazy("Result between the tied players")

    def figures(self, context):
        raise TypeError("head_to_head depends on who is tied; ask for its values for a tied group.")

    def values(self, rows, context):
        group = {row.id for row in rows}
        score = dict.fromkeys(group, 0)
        win, draw, loss = context.points_for
        for m in context.matches:
            if m.a in group and m.b in group:
                pa, pb = _outcome(m, win, draw, loss)
                score[m.a] += pa
                score[m.b] += pb
        return score


def _outcome(m, win, draw, loss):
    # Unlike ``_games``, a game that neither score wins (a NaN score) counts as a draw between tied players;
    # kept as it always was, so that no standings change.
    if m.both_lose:
        return loss, loss
    if m.walkover:
        return (win, loss) if m.walkover == "a" else (loss, win)
    if m.b is None or m.score_a > m.score_b:
        return win, loss
    if m.score_a < m.score_b:
        return loss, win
    return draw, draw
