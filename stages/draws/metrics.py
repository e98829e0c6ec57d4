"""Tie-break metrics for the standings, one class per metric, registered by key.

Each metric computes its own values from a shared ``Context``: the standings rows of the competitors and the
decided results (each competitor's games from that side's point of view). Most metrics give every competitor one
value, computed once per standings and kept in the context, so that Buchholz can read the points without adding
them up again. ``head_to_head`` instead depends on who is still tied, so it computes its values for each tied group.

A new tie-break is one new class with ``@register``; its key can then go in an event's precedence list.
"""

from functools import partial
from operator import attrgetter, itemgetter

from django.utils.translation import gettext_lazy

# A game's outcome for one side, as an index into ``points_for`` (points for a win, a draw and a loss).
WIN, DRAW, LOSS = 0, 1, 2

# A competitor's games are one flat tuple, five entries per game in match order (one per competitor keeps this
# cheap for a 10,000-player Swiss, and a tuple of plain values is left alone by the cyclic garbage collector);
# each slice below takes one column of it.
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
    results), ``points_for``, ``games`` (each competitor's games, see ``OPPONENTS``) and ``tally``, the Tally those
    come from. ``figures(key)`` gives a metric's value for every competitor, computed at most once. A ``tally``
    already made (the results of the rounds before with one more round's added) is read as it is."""

    def __init__(self, rows, matches, points_for, tally=None):
        self.rows = rows
        self.points_for = points_for
        self.tally = tally or Tally(rows, points_for).added(matches)
        self.matches = self.tally.matches
        self.games = self.tally.games
        self._figures = {}

    def figures(self, key):
        if key not in self._figures:
            self._figures[key] = METRICS[key].figures(self)
        return self._figures[key]


# The figures a Tally keeps adding up as results come, by metric key; "draws" and "losses" fill the rows' record.
RUNNING = ("points", "wins", "draws", "losses", "net_score", "total_score", "boards")


class Tally:
    """The results counted so far, added up for each competitor: ``games`` (see ``OPPONENTS``) and ``figures``,
    each running figure (RUNNING) by key, then competitor id. The standings after round 7 are the tally after
    round 6 with round 7's results added, not every result of the stage added up again: a players' page asks for
    the standings after every round, and in a live round the last one changes with every result. A figure is a
    running total in match order, as ``+=`` makes it, so it comes out the same whichever round it was continued
    from. Never ``sum()``: from Python 3.12 it compensates float rounding, which would change a net score such as
    0.1 + 0.2 against the tables already published."""

    def __init__(self, idents, points_for):
        self.points_for = points_for
        self.matches = []
        self.games = {ident: () for ident in idents}
        self.figures = {key: dict.fromkeys(idents, 0) for key in RUNNING}

    def added(self, matches):
        """A new Tally: this one with ``matches`` (checked results, in match order) counted after its own."""
        matches = list(matches)
        new = Tally((), self.points_for)
        new.matches = self.matches + matches
        new.games = dict(self.games)  # each competitor's games are replaced, never extended: this one stays whole
        new.figures = {key: dict(values) for key, values in self.figures.items()}
        new._add(matches)
        return new

    def _add(self, matches):
        """Each game decided for the table: the higher score wins and a bye is a win for ``a``. Written out step by
        step because this loop runs once per game of the round on every standings request."""
        games, figures, points_for = self.games, self.figures, self.points_for
        points, net, total, boards = (figures[key] for key in ("points", "net_score", "total_score", "boards"))
        counts = (figures["wins"], figures["draws"], figures["losses"])  # by outcome: WIN, DRAW, LOSS
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
            earned = points_for[outcome_a]
            games[a] = games[a] + (b, score_a, margin, outcome_a, earned)
            points[a] += earned
            net[a] += margin
            total[a] += score_a
            counts[outcome_a][a] += 1
            if b is None:  # a bye is a game for ``a`` only
                continue
            earned = points_for[outcome_b]
            games[b] = games[b] + (a, score_b, score_b - score_a, outcome_b, earned)
            points[b] += earned
            net[b] += score_b - score_a
            total[b] += score_b
            counts[outcome_b][b] += 1
            if not (m.walkover or m.both_lose):
                # Board points won less lost: a team's over its tie's rubbers; for a match that is no tie, its
                # net score. A walk-over and a bye add nothing.
                won = m.score_a - m.score_b if m.boards_a is None else m.boards_a - (m.boards_b or 0)
                boards[a] += won
                boards[b] -= won


class Metric:
    """A tie-break metric. ``values`` gives each row of a tied group its value; higher ranks first unless
    ``descending`` is False.

    A metric whose value does not depend on who else is tied implements ``figures``, one value for every
    competitor; the default reads the row's field of the same name (``name``, or a figure already on the row).
    """

    key = ""
    name = ""
    descending = True
    # Its value for a competitor is a figure of the results or of the competitor's id, name or rating alone: not of
    # who else is tied, nor of another field of the row. The players' ranks after each round are then one sort by
    # all the metrics at once (standings.ranks).
    plain = False

    def figures(self, context):
        return dict(zip(context.rows, map(attrgetter(self.key), context.rows.values()), strict=True))

    def values(self, rows, context):
        # The figures cover every competitor, so they serve any tied group without copying.
        return context.figures(self.key)


class Running(Metric):
    """A figure the results add up game by game: kept by the Tally (RUNNING)."""

    plain = True

    def figures(self, context):
        return context.tally.figures[self.key]


@register
class Points(Running):
    key, name = "points", gettext_lazy("Points")


@register
class Buchholz(Metric):
    key, name = "buchholz", gettext_lazy("Buchholz (sum of the opponents' points)")
    plain = True

    def figures(self, context):
        # The opponents' current points; a bye's opponent (None) counts 0, which leaves the sum as it was. Every
        # competitor's opponents added up by map and sum alone: this runs for every player on every new table.
        points_of = partial(map, {**context.figures("points"), None: 0}.__getitem__)
        opponents = map(itemgetter(OPPONENTS), context.games.values())
        return dict(zip(context.games, map(sum, map(points_of, opponents)), strict=True))


@register
class NetScore(Running):
    key, name = "net_score", gettext_lazy("Net score")


@register
class TotalScore(Running):
    key, name = "total_score", gettext_lazy("Total score")


@register
class Boards(Running):
    """Board points won less lost: a team's over the rubbers of its ties (the tie-break after the rubbers, when
    the tie points are level); for a match that is no tie, its net score. A walk-over and a bye add nothing."""

    key, name = "boards", gettext_lazy("Board points won less lost")


@register
class Wins(Running):
    key, name = "wins", gettext_lazy("Wins")


@register
class Rating(Metric):
    key, name, plain = "rating", gettext_lazy("Rating"), True

    def figures(self, context):
        # An unrated competitor ranks below every rated one.
        return {ident: float("-inf") if row.rating is None else row.rating for ident, row in context.rows.items()}


@register
class Name(Metric):
    key, name, descending, plain = "name", gettext_lazy("Name"), False, True


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
    # Unlike ``Tally._add``, a game that neither score wins (a NaN score) counts as a draw between tied players;
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
