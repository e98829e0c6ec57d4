"""A Swiss stage's outcome as an estimate: each entry's chance of each finishing place and of qualifying, by
playing the rest of the stage many times over (Monte Carlo), each game drawn from Glicko-2's expected score.

Plain Python in, plain Python out. What it does, and where it simplifies:

- The matches already paired but not decided are played first, as paired; then each remaining round is paired by
  the stage's own Swiss engine (``swiss.SwissPairer``, the stage's method and options: never a rematch, a bye to
  someone who has had none), fast enough for a 64-player Eurocup (see ``benchmarks/chances.py``).
- A game: the higher-rated side wins with Glicko-2's expected score (``core.glicko.win_expectancy``, both
  deviations when they are known). Where the rule set allows draws (ECC 39), a share ``draw_rate`` of the games are
  drawn, taken evenly from both sides' chances (never more than the weaker side's whole share). A bye is a win.
- The ranking, for the pairing order and at the end, follows the stage's precedence of tie-breaks as far as
  simulated results allow: points, wins, Buchholz, the result between the tied players, rating and name are worked
  out; a simulated game has no score, so at the first metric that needs one (net score, total score, board points)
  the players still tied are put in a random order. The pairing of the real stage would use their scores there:
  the one simplification of the pairing order.
- An entry without a rating plays at ``unrated_rate`` (the caller gives the field's median) with the deviation of
  an unrated player (``UNRATED_DEVIATION``, Glicko-2's default).
- Qualifying: among the entries that have not withdrawn, the top ``qualifiers`` (as the next stage takes them).

Deterministic: the same state and ``seed`` give the same figures. The caller seeds with its state's key.
"""

import math
import random
from dataclasses import dataclass, field

from core.glicko import win_expectancy
from stages.draws import swiss
from stages.draws.errors import DrawError
from stages.draws.metrics import DRAW, LOSS, OPPONENTS, POINTS, WIN, Context
from stages.draws.standings import SWISS_PRECEDENCE, MatchResult, Standing

RUNS = 1000  # about ±1.6 points of percentage at worst (a 50 % chance), 1 s for a 64-player Eurocup
# The `optimal` pairing costs five times as much a round: fewer runs (about ±3 points).
OPTIMAL_RUNS = 300
UNRATED_DEVIATION = 350.0  # Glicko-2's deviation of a player never rated
# The metrics a simulated game adds to; the others depend on scores, which a simulated game does not have.
KNOWABLE = ("points", "wins", "buchholz", "head_to_head", "rating", "name")


@dataclass
class Entrant:
    """An entry as the estimate sees it: its rating (None: unrated) and deviation (None: not known, then only the
    ratings' difference counts)."""

    id: object
    name: str = ""
    rating: float | None = None
    deviation: float | None = None
    withdrawn: bool = False
    country: str = ""
    club: str = ""


@dataclass
class Chances:
    """Each entry's chance (0 to 1) of each finishing place, ``places[id][k]`` for place k + 1, and of qualifying
    (``qualify``, empty when the stage has no qualifiers); ``sure_in`` and ``sure_out``: the entries whose
    qualifying is already decided by points alone, whatever the rest of the stage brings."""

    runs: int
    places: dict = field(default_factory=dict)
    qualify: dict = field(default_factory=dict)
    sure_in: set = field(default_factory=set)
    sure_out: set = field(default_factory=set)


def swiss_chances(
    entrants,
    results,
    rounds_left,
    qualifiers=None,
    *,
    pending=(),
    precedence=SWISS_PRECEDENCE,
    points_for=(2, 1, 0),
    draw_rate=0.0,
    runs=RUNS,
    seed=0,
    next_round=2,
    method="dazed",
    pairer_options=None,
    unrated_rate=1500.0,
):
    """The estimate (``Chances``) for a Swiss stage.

    ``entrants``: ``Entrant`` objects, every entry of the standings (withdrawn ones stay there but play no more).
    ``results``: the decided results so far (``standings.MatchResult`` or dicts, as ``swiss_standings`` reads
    them). ``pending``: pairs (a, b) paired but not decided yet; b None for a bye not decided. ``rounds_left``: the
    rounds still to pair after them, the first of which is round ``next_round``. ``method`` and
    ``pairer_options``: the stage's Swiss pairing (``swiss.SwissPairer``).
    """
    if runs < 1:
        raise ValueError("runs must be at least 1")
    unknown = [key for key in precedence if key not in KNOWABLE and key not in ("net_score", "total_score", "boards")]
    if unknown:
        raise ValueError("Unknown tie-break metrics: " + ", ".join(unknown))
    field_ = _Field(entrants, results, precedence, points_for, unrated_rate)
    pairer = swiss.SwissPairer(method, **{**(pairer_options or {}), "rng": None})
    rng = random.Random(seed)
    n = len(field_.ids)
    counts = [[0] * n for _ in range(n)]
    qualified = [0] * n
    for _run in range(runs):
        order = field_.play_out(rng, pending, rounds_left, next_round, pairer, draw_rate)
        for place, i in enumerate(order):
            counts[i][place] += 1
        if qualifiers:
            for i in [i for i in order if not field_.withdrawn[i]][:qualifiers]:
                qualified[i] += 1
    chances = Chances(runs=runs)
    for i, ident in enumerate(field_.ids):
        chances.places[ident] = [c / runs for c in counts[i]]
        if qualifiers:
            chances.qualify[ident] = qualified[i] / runs
    if qualifiers:
        chances.sure_in, chances.sure_out = decided_by_points(field_, pending, rounds_left, qualifiers, points_for)
    return chances


class _Field:
    """The stage's state once (the real results' figures, the opponents met) and one simulated run at a time."""

    def __init__(self, entrants, results, precedence, points_for, unrated_rate):
        self.ids = [e.id for e in entrants]
        self.index = {ident: i for i, ident in enumerate(self.ids)}
        self.names = [e.name or "" for e in entrants]
        self.withdrawn = [e.withdrawn for e in entrants]
        self.country = [e.country for e in entrants]
        self.club = [e.club for e in entrants]
        self.rates = [unrated_rate if e.rating is None else float(e.rating) for e in entrants]
        self.rating_order = [math.inf if e.rating is None else -float(e.rating) for e in entrants]  # unrated last
        self.deviations = [UNRATED_DEVIATION if e.rating is None else (e.deviation or 0.0) for e in entrants]
        self.points_for = points_for
        # The metrics the simulation can follow, up to the first that needs a score.
        self.metrics = []
        for key in precedence:
            if key not in KNOWABLE:
                break
            self.metrics.append(key)
        # The real results as the standings decide them (a double forfeit, a walk-over, a bye: metrics._games).
        rows = {e.id: Standing(e.id, e.name or "", e.rating) for e in entrants}
        context = Context(rows, [as_result(m) for m in results], points_for)
        points, wins = context.figures("points"), context.figures("wins")
        self.points = [points[ident] for ident in self.ids]
        self.wins = [wins[ident] for ident in self.ids]
        # Each entry's opponents (None: a bye) and, game by game, the points it earned (for head_to_head).
        self.opponents = [
            [None if j is None else self.index[j] for j in context.games[ident][OPPONENTS]] for ident in self.ids
        ]
        self.earned = [list(context.games[ident][POINTS]) for ident in self.ids]
        self.met = {(m.a, m.b) for m in context.matches}

    # -- one run ---------------------------------------------------------------------------------------------

    def play_out(self, rng, pending, rounds_left, next_round, pairer, draw_rate):
        """One simulated end of the stage: the entries' indices in final order. A run in which the pairing finds
        no full round without a rematch stops pairing there, as the stage itself would have to."""
        state = (list(self.points), list(self.wins), [list(o) for o in self.opponents], [list(e) for e in self.earned])
        played = set(self.met)
        byes = {a for a, b in played if b is None}
        round_pairs = [(self.index[a], None if b is None else self.index[b]) for a, b in pending]
        played.update(pending)
        for step in range(rounds_left + 1):
            for i, j in round_pairs:
                self._play(rng, i, j, draw_rate, *state)
            if step == rounds_left:
                break
            order = self._ranked(rng, *state)
            try:
                pairing = self._pair(pairer, order, state, played, byes, next_round + step)
            except DrawError:
                break
            round_pairs = [(self.index[a], self.index[b]) for a, b in pairing.pairs]
            if pairing.bye is not None:
                round_pairs.append((self.index[pairing.bye], None))
                byes.add(pairing.bye)
            played.update(pairing.pairs)
        return self._ranked(rng, *state)

    def _play(self, rng, i, j, draw_rate, points, wins, opponents, earned):
        win, draw, loss = self.points_for
        if j is None:  # a bye is a win
            outcome_i = WIN
        else:
            expected = win_expectancy(self.rates[i], self.rates[j], self.deviations[i], self.deviations[j])
            drawn = min(draw_rate, 2 * min(expected, 1 - expected))
            u = rng.random()
            outcome_i = WIN if u < expected - drawn / 2 else DRAW if u < expected + drawn / 2 else LOSS
            outcome_j = 2 - outcome_i  # WIN <-> LOSS, a draw both ways
            points[j] += self.points_for[outcome_j]
            wins[j] += outcome_j == WIN
            opponents[j].append(i)
            earned[j].append(self.points_for[outcome_j])
        points[i] += self.points_for[outcome_i]
        wins[i] += outcome_i == WIN
        opponents[i].append(j)
        earned[i].append(self.points_for[outcome_i])

    def _pair(self, pairer, order, state, played, byes, round_no):
        points, _wins, opponents, _earned = state
        competitors = [
            swiss.Competitor(
                id=self.ids[i],
                name=self.names[i],
                points=points[i],
                buchholz=_buchholz(i, points, opponents),
                rating=self.rates[i],
                country=self.country[i],
                club=self.club[i],
                withdrawn=self.withdrawn[i],
            )
            for i in order
        ]
        return pairer.pair(competitors, played=played, byes=byes, round_no=round_no)

    def _ranked(self, rng, points, wins, opponents, earned):
        """The entries' indices in standing order, ties after the metrics a simulation can follow in random order."""
        groups = [list(range(len(self.ids)))]
        for key in self.metrics:
            values = self._values(key, points, wins, opponents, earned, groups)
            split = []
            for group in groups:
                if len(group) == 1:
                    split.append(group)
                    continue
                group.sort(key=values.__getitem__)
                run = [group[0]]
                for i in group[1:]:
                    if values[i] == values[run[0]]:
                        run.append(i)
                    else:
                        split.append(run)
                        run = [i]
                split.append(run)
            groups = split
        order = []
        for group in groups:
            if len(group) > 1:
                rng.shuffle(group)
            order += group
        return order

    def _values(self, key, points, wins, opponents, earned, groups):
        """Each entry's sort value for one metric, smaller first."""
        if key == "points":
            return [-p for p in points]
        if key == "wins":
            return [-w for w in wins]
        if key == "buchholz":
            return [-_buchholz(i, points, opponents) for i in range(len(points))]
        if key == "rating":
            return self.rating_order
        if key == "name":
            return self.names
        # head_to_head: points from the games among the entries still tied with each other.
        group_of = {}
        for number, group in enumerate(groups):
            for i in group:
                group_of[i] = number
        return [
            -sum(
                e for j, e in zip(opponents[i], earned[i], strict=True) if j is not None and group_of[j] == group_of[i]
            )
            for i in range(len(points))
        ]


def decided_by_points(field_, pending, rounds_left, qualifiers, points_for):
    """(sure in, sure out): the ids whose qualifying no result can change. An entry is in when fewer than
    ``qualifiers`` others could reach its points at the least it can have, out when ``qualifiers`` others already
    have more than it can reach (a tie on points may go either way, so it decides nothing)."""
    games = [0 if field_.withdrawn[i] else rounds_left for i in range(len(field_.ids))]
    for a, b in pending:
        for side in (a, b):
            if side is not None:
                games[field_.index[side]] += 1
    low = [field_.points[i] + games[i] * min(points_for) for i in range(len(games))]
    high = [field_.points[i] + games[i] * max(points_for) for i in range(len(games))]
    active = [i for i in range(len(games)) if not field_.withdrawn[i]]
    sure_in, sure_out = set(), set()
    for i in active:
        if sum(1 for j in active if j != i and high[j] >= low[i]) < qualifiers:
            sure_in.add(field_.ids[i])
        if sum(1 for j in active if j != i and low[j] > high[i]) >= qualifiers:
            sure_out.add(field_.ids[i])
    for i in range(len(games)):
        if field_.withdrawn[i]:
            sure_out.add(field_.ids[i])
    return sure_in, sure_out


def _buchholz(i, points, opponents):
    return sum(points[j] for j in opponents[i] if j is not None)


def as_result(m):
    """A result as ``standings.MatchResult`` (dicts are read as the standings read them)."""
    if isinstance(m, MatchResult):
        return m
    return MatchResult(**{key: m[key] for key in MatchResult.__dataclass_fields__ if key in m})


def median_rate(rates):
    """The field's median rate, for the entries without one (None when nobody is rated)."""
    known = sorted(r for r in rates if r is not None)
    if not known:
        return None
    middle = len(known) // 2
    return known[middle] if len(known) % 2 else (known[middle - 1] + known[middle]) / 2


def likely_places(places, threshold=0.01):
    """Places (1-based) worth naming: those with at least ``threshold`` chance."""
    return [k + 1 for k, p in enumerate(places) if p >= threshold and not math.isclose(p, 0.0)]
