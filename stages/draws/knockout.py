"""Knockout brackets: standard seeding, byes to the top seeds, group qualifiers, round names and progression.

Bracket positions are numbered from 0 at the top line; first-round match ``m`` holds positions ``2m`` and
``2m + 1``, and its winner goes to match ``m // 2`` of the next round (top side when ``m`` is even).
"""

from dataclasses import dataclass
from typing import NamedTuple

import rustworkx as rx
from django.utils.translation import gettext as _

from stages.draws.errors import DrawBug, DrawError

# Round keys shared with the rules app (a rule set may set e.g. the game length per round).
ROUND_NAMES = {2: "final", 4: "semi_final", 8: "quarter_final", 16: "pre_quarter_final"}
THIRD_PLACE = "third_place"


def bracket_size(n):
    """The next power of two at or above ``n`` (at least 2)."""
    size = 2
    while size < n:
        size *= 2
    return size


def seed_order(size):
    """Seed numbers by bracket position, top to bottom, for a bracket of ``size`` (a power of two).

    1 and 2 are in opposite halves, 3 and 4 in the other quarters, and so on; in round 1 seed s meets
    seed size + 1 - s (1 v 16, 8 v 9, ...). ``seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]``.
    """
    if size < 1 or size & (size - 1):
        raise DrawBug(f"bracket size {size} is not a power of two")
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for s in order for x in (s, n + 1 - s)]
    return order


def bracket_slots(n_seeds):
    """First-round lines from top to bottom as ``[seed, seed]``, ``None`` for a bye (the top seeds get them)."""
    if n_seeds < 2:
        raise DrawError(_("A knockout needs at least 2 competitors."))
    order = seed_order(bracket_size(n_seeds))
    seeds = [s if s <= n_seeds else None for s in order]
    return [[seeds[i], seeds[i + 1]] for i in range(0, len(seeds), 2)]


def round_name(entrants_in_round):
    """The round key for a round with this many places: final (2), semi_final (4), quarter_final (8),
    pre_quarter_final (16), then round_of_32, round_of_64, round_of_128, ..."""
    if entrants_in_round < 2:
        raise DrawBug(f"a knockout round needs at least 2 places, not {entrants_in_round}")
    size = bracket_size(entrants_in_round)
    return ROUND_NAMES.get(size, f"round_of_{size}")


def place_group_qualifiers(groups):
    """First-round lines for qualifiers from groups.

    ``groups`` is a list of groups, each a list of qualifier ids in finishing order (winner first). Group
    winners take the top seeds (in group order), then runners-up, then thirds, ... Within each finishing tier the
    qualifiers are placed so that players from the same group are as far apart as possible: in different halves
    first, then different quarters, ... With two per group and a power-of-two field, winners meet runners-up and
    the two from one group can meet only in the final. Returns lines as ``[id, id]`` with ``None`` for a bye.
    """
    tiers = []
    for g, members in enumerate(groups):
        for place, ident in enumerate(members):
            while len(tiers) <= place:
                tiers.append([])
            tiers[place].append((g, ident))
    total = sum(len(t) for t in tiers)
    if total < 2:
        raise DrawError(_("A knockout needs at least 2 qualifiers."))
    size = bracket_size(total)
    order = seed_order(size)
    position_of_seed = {s: p for p, s in enumerate(order)}
    placed = [None] * size  # position -> (group, id)
    next_seed = 1
    for tier in tiers:
        slots = [position_of_seed[s] for s in range(next_seed, next_seed + len(tier))]
        next_seed += len(tier)
        for (g, ident), pos in zip(tier, _spread(tier, slots, placed, size), strict=True):
            placed[pos] = (g, ident)
    lines = [x[1] if x else None for x in placed]
    return [[lines[i], lines[i + 1]] for i in range(0, size, 2)]


def _spread(tier, slots, placed, size):
    """Positions for the qualifiers of one tier: an assignment that keeps group-mates apart (maximum weight)."""
    if len(tier) == 1:
        return slots
    graph = rx.PyGraph()
    graph.add_nodes_from(range(len(tier) + len(slots)))
    depth = size.bit_length() - 1
    mates = {}
    for pos, entry in enumerate(placed):
        if entry:
            mates.setdefault(entry[0], []).append(pos)
    n = len(tier)
    costs = []
    for i, (g, _ident) in enumerate(tier):
        for j, pos in enumerate(slots):
            # Sharing a half costs most, then a quarter, ...; the last term keeps the natural seed order.
            cost = 0
            for other in mates.get(g, ()):
                shared = _shared_levels(pos, other, depth)
                cost += sum(4 ** (depth - level) for level in range(1, shared + 1))
            costs.append((i, j, cost * n * n + abs(i - j)))
    top = max(c for _, _, c in costs) + 1
    graph.add_edges_from([(i, n + j, top - c) for i, j, c in costs])
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    result = [None] * len(tier)
    for u, v in matching:
        i, j = (u, v) if u < len(tier) else (v, u)
        result[i] = slots[j - len(tier)]
    if None in result:
        raise DrawBug("group qualifier placement left a qualifier without a line")
    return result


def _shared_levels(a, b, depth):
    """How many bracket levels (half, quarter, ...) positions a and b share."""
    shared = 0
    for level in range(1, depth + 1):
        if a >> (depth - level) != b >> (depth - level):
            break
        shared = level
    return shared


@dataclass
class KnockoutMatch:
    round: int  # 1 = first round
    number: int  # 0-based, top to bottom within the round
    name: str  # round key: "final", "semi_final", ..., or "third_place"
    a: object = None
    b: object = None
    winner: object = None
    decided: bool = False  # True once the winner is known (``winner`` stays None for an empty line)
    walkover: bool = False  # decided without play: a bye, a walkover or a withdrawal

    @property
    def key(self):
        return (self.round, self.number)


@dataclass
class Bracket:
    rounds: list  # list of rounds, each a list of KnockoutMatch
    third_place: KnockoutMatch | None = None

    @property
    def champion(self):
        return self.rounds[-1][0].winner

    def matches(self):
        for rnd in self.rounds:
            yield from rnd
        if self.third_place:
            yield self.third_place


def advance(slots, results=None, walkovers=None, withdrawn=(), third_place=False):
    """Fill a bracket from its first-round ``slots`` (lines of two ids, ``None`` for a bye).

    - ``results``: ``{(round, number): winner_id}`` for confirmed results (round 1-based, number 0-based;
      the third-place match is ``(0, 0)``).
    - ``walkovers``: ``{(round, number): absent_id}``: the opponent advances; a tuple of both ids when both were
      absent: nobody advances (the next opponent then has a walkover).
    - ``withdrawn``: ids that withdrew; in every match they have not yet won, the opponent advances.
    - A line against a bye (or an emptied line) advances the one present without play.

    Returns a ``Bracket``. A match whose players are not both known yet has ``winner is None``.
    """
    results = dict(results or {})
    walkovers = dict(walkovers or {})
    withdrawn = set(withdrawn)
    size = 2 * len(slots)
    if size < 2 or size & (size - 1):
        raise DrawError(_("A bracket needs a power-of-two number of places (use bracket_slots)."))
    rounds = []
    entrants = [x for line in slots for x in line]
    rnd = 1
    while len(entrants) >= 2:
        name = round_name(len(entrants))
        matches = []
        for number in range(len(entrants) // 2):
            m = KnockoutMatch(rnd, number, name, entrants[2 * number], entrants[2 * number + 1])
            _decide(m, results, walkovers, withdrawn, feeders_done=_feeders_done(rounds, number))
            matches.append(m)
        rounds.append(matches)
        entrants = [m.winner for m in matches]
        rnd += 1
    bracket = Bracket(rounds)
    if third_place and len(rounds) >= 2:
        semis = rounds[-2]
        losers = [_loser(m) for m in semis]
        tp = KnockoutMatch(0, 0, THIRD_PLACE, losers[0], losers[1])
        _decide(tp, results, walkovers, withdrawn, feeders_done=all(m.decided for m in semis))
        bracket.third_place = tp
    return bracket


def _feeders_done(rounds, number):
    """Whether both matches feeding match ``number`` of the next round are decided (round 1: always)."""
    if not rounds:
        return True
    prev = rounds[-1]
    return prev[2 * number].decided and prev[2 * number + 1].decided


def _loser(match):
    if match.winner is None:
        return None
    return match.b if match.winner == match.a else match.a


def _decide(m, results, walkovers, withdrawn, feeders_done):
    if not feeders_done:
        return  # a player may still come in; even a lone one does not advance yet
    if m.key in results:
        winner = results[m.key]
        if winner is None or winner not in (m.a, m.b):
            raise DrawError(
                _("Result for match %(match)s: %(winner)s is not playing in it.")
                % {"match": m.key, "winner": repr(winner)}
            )
        m.winner, m.decided = winner, True
        return
    a = None if m.a in withdrawn else m.a
    b = None if m.b in withdrawn else m.b
    if m.key in walkovers:
        absent = walkovers[m.key]
        absent = set(absent) if isinstance(absent, tuple) else {absent}
        if not absent or not absent <= {m.a, m.b} - {None}:
            raise DrawError(
                _("Walkover for match %(match)s: %(absent)s is not playing in it.")
                % {"match": m.key, "absent": repr(walkovers[m.key])}
            )
        a = None if m.a in absent else a
        b = None if m.b in absent else b
    if a is None or b is None:
        # A bye, a walkover or a withdrawal: the one present advances (nobody, for an empty line).
        m.winner = a if b is None else b
        m.decided = True
        m.walkover = True


class Feeder(NamedTuple):
    """A match whose result fills one side of a later match: its round and number (1-based) and whether its
    ``"winner"`` or its ``"loser"`` comes on."""

    round: int
    number: int
    outcome: str


def feeders(round_number, number, name=""):
    """The matches feeding match ``number`` of round ``round_number``, side A's first, by bracket position.

    Positions are as ``stages.services.draw_knockout`` stores them: rounds numbered from 1 (the first round) to
    the final, then the third-place round (named ``THIRD_PLACE``) right after the final; matches numbered from 1
    at the top line. Match ``n`` is fed by the winners of matches ``2n - 1`` and ``2n`` of the round before; the
    third-place match by the losers of the two semi-finals. A first-round match has no feeders.
    """
    if round_number < 1 or number < 1:
        raise DrawBug(f"no bracket position at round {round_number}, match {number}")
    if name == THIRD_PLACE:
        if round_number < 3 or number != 1:
            raise DrawBug(f"a third-place match is match 1 of the round after a final, not {round_number}/{number}")
        semis = round_number - 2
        return [Feeder(semis, 1, "loser"), Feeder(semis, 2, "loser")]
    if round_number == 1:
        return []
    return [Feeder(round_number - 1, 2 * number - 1, "winner"), Feeder(round_number - 1, 2 * number, "winner")]


def rules_round(name):
    """The rules app's round key for a knockout round name (rules/base.py ROUNDS).

    The rules app knows league, pre_quarter_final, quarter_final, semi_final and final. Rounds before the
    pre-quarter-final play like it (ICF 56(b), 60(a): "up to and including pre-quarter final rounds"); the
    third-place match plays like a semi-final.
    """
    if name.startswith("round_of_"):
        return "pre_quarter_final"
    if name == THIRD_PLACE:
        return "semi_final"
    return name
