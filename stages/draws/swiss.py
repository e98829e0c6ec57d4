"""Swiss pairing (Eurocup): methods ``dazed``, ``serial``, ``staggered`` and ``optimal``.

Competitors come in standing order; the engine pairs in that order (re-sorting only for "delay top players" and
for a random or rated first round). With an odd count a phantom joins as the last competitor of the pairing
order; whoever is paired with it gets the bye. A bye counts as a game against the phantom, so nobody gets two.
Never a rematch, never a half round: when no full round exists a ``DrawError`` says how many pairs are possible.

The searching methods (dazed, serial, staggered) are the classic backtracking search, done without recursion and
without undoing: a tentative pair is kept only when the rest can still be paired, which is checked exactly
(Dirac's theorem when the rest is large, a maximum matching when it is small). That gives the same pairs as
trying every candidate in order and backtracking, in polynomial time. See README.md for the dazed order.

In the first rounds compatriots (and, as an option, club mates) can be kept apart as SoL 5.26's
``delaycompatriotpairing`` does: the candidates' order changes (``mates.py``), the search does not.

The ``optimal`` method (a minimum-cost full round by maximum-weight matching) lives in ``optimal.py``, which also
says how it stays fast for 10,000 competitors (a windowed candidate graph, solved in blocks of about 1,000).
"""

import bisect
import random
from dataclasses import dataclass, field
from itertools import chain

import rustworkx as rx
from django.utils.translation import gettext as _

from stages.draws.errors import DrawBug, DrawError
from stages.draws.mates import MateCounts, mates_last
from stages.draws.optimal import OptimalPairer

METHODS = ("dazed", "serial", "staggered", "optimal")
FIRST_ROUND = ("random", "rating", "given")
STAGGERED_GROUP = 50  # staggered: a score group this big pairs position 0 with position 25
STAGGERED_OFFSET = 25


@dataclass
class Competitor:
    """One competitor as the pairing engine sees it (the services layer fills it from the standings)."""

    id: object
    name: str = ""
    points: float = 0
    buchholz: float = 0
    net_score: float = 0
    total_score: float = 0
    rating: float | None = None
    country: str = ""
    club: str = ""
    withdrawn: bool = False


@dataclass
class Pairing:
    """Pairs of competitor ids in pairing order (the higher-placed first) and the bye, if any."""

    pairs: list = field(default_factory=list)
    bye: object = None
    bye_score: tuple = (25, 0)  # the bye counts as a win by this score


class SwissPairer:
    """Pairs one Swiss round. Options (unknown options are rejected):

    - ``delay_top_players`` (0): in rounds 1...N, rating comes right after Buchholz in the pairing order.
    - ``first_round`` ("random"): order for round 1: "random" (shuffled with ``rng``), "rating" (highest
      first) or "given" (as passed in).
    - ``rng`` (None): a ``random.Random`` for the random first round; a fresh one when None.
    - ``bye_score`` ((25, 0)): the score a bye counts as, returned with the pairing.
    - ``optimal_window`` (40): for ``optimal``, each competitor is first offered the nearest N in standing
      order on either side (plus the bye); when that allows no full round the window grows fourfold until it
      does or every allowed pair is offered.
    - ``optimal_block`` (1000): for ``optimal``, a field of more than twice this many is paired in blocks of about
      this many in standing order, then again across each cut (see ``optimal.py``); smaller fields in one piece.
    - ``points_penalty`` (100), ``club_penalty`` (50), ``country_penalty`` (20): ``optimal`` costs; a pair
      costs points_penalty x (points difference)^2 plus the club and country penalties when shared.
    - ``delay_compatriots`` (0): in rounds 1...N, compatriots (same ``country``) are paired as late as possible,
      as SoL's ``delaycompatriotpairing`` does (see ``mates.mates_last``). ``optimal`` adds ``compatriot_penalty`` (75)
      to a pair of compatriots in those rounds: above the club and country costs together, below one point of
      difference, so that (as in SoL) a compatriot of the same score comes before a foreigner of another score.
    - ``delay_club_mates`` (0) and ``club_mate_penalty`` (75): the same for players of one ``club`` (an empty club
      is nobody's club mate).
    """

    DEFAULT_OPTIONS = {
        "delay_top_players": 0,
        "first_round": "random",
        "rng": None,
        "bye_score": (25, 0),
        "optimal_window": 40,
        "optimal_block": 1000,
        "points_penalty": 100,
        "club_penalty": 50,
        "country_penalty": 20,
        "delay_compatriots": 0,
        "delay_club_mates": 0,
        "compatriot_penalty": 75,
        "club_mate_penalty": 75,
    }

    def __init__(self, method="dazed", **options):
        if method not in METHODS:
            raise ValueError(f"Unknown pairing method {method!r}; use one of {', '.join(METHODS)}")
        unknown = sorted(set(options) - set(self.DEFAULT_OPTIONS))
        if unknown:
            raise ValueError("Unrecognised options: " + ", ".join(unknown))
        self.method = method
        self.options = {**self.DEFAULT_OPTIONS, **options}
        if self.options["first_round"] not in FIRST_ROUND:
            raise ValueError(f"first_round must be one of {', '.join(FIRST_ROUND)}")

    def pair(self, competitors, played=(), byes=(), round_no=1):
        """Pair one round. ``played`` is an iterable of id pairs already met (a pair with ``None`` is a bye);
        ``byes`` the ids that already had a bye. Withdrawn competitors are left out."""
        active = [c for c in competitors if not c.withdrawn]
        ids = [c.id for c in active]
        if len(set(ids)) != len(ids):
            raise DrawError(_("A competitor appears twice in the list."))
        if len(active) < 2:
            raise DrawError(_("A round needs at least 2 competitors who have not withdrawn."))
        order = self.pairing_order(active, round_no)
        for above, below in zip(order, order[1:], strict=False):
            if below.points > above.points:
                raise DrawError(
                    _("Competitors are not in standing order: %(below)s has more points than %(above)s above them.")
                    % {"below": below.name or below.id, "above": above.name or above.id}
                )

        n = len(order)
        phantom = n if n % 2 else None
        size = n + (n % 2)
        index = {c.id: i for i, c in enumerate(order)}
        opp = [set() for _ in range(size)]
        bye_ids = set(byes)
        for a, b in played:
            if a is None or b is None:
                bye_ids.add(b if a is None else a)
            elif a in index and b in index and a != b:
                opp[index[a]].add(index[b])
                opp[index[b]].add(index[a])
        if phantom is not None:
            for x in bye_ids:
                if x in index:
                    opp[index[x]].add(phantom)
                    opp[phantom].add(index[x])

        if self.method == "optimal":
            matched = self._optimal(order, opp, phantom, round_no)
        else:
            points = [c.points for c in order]
            matched = self._search(points, opp, phantom, self.mates(order, round_no))

        pairing = Pairing(bye_score=tuple(self.options["bye_score"]))
        for i, j in matched:
            if j == phantom:
                pairing.bye = order[i].id
            else:
                pairing.pairs.append((order[i].id, order[j].id))
        return pairing

    def pairing_order(self, active, round_no):
        """The order the pairing works in: the standing order given, except for round 1 and delayed tops."""
        order = list(active)
        if round_no == 1 and self.options["first_round"] == "random":
            rng = self.options["rng"] or random.Random()
            rng.shuffle(order)
        elif round_no == 1 and self.options["first_round"] == "rating":
            order.sort(key=lambda c: (-(c.rating or 0), c.name))
        if round_no <= self.options["delay_top_players"]:
            order.sort(key=lambda c: (-c.points, -c.buchholz, -(c.rating or 0), -c.net_score, -c.total_score, c.name))
        return order

    def mates(self, order, round_no):
        """What makes two competitors "mates" kept apart this round, one list per kind (its values by position in
        ``order``), or None. Countries as SoL compares nationalities: two without one count as compatriots; an
        empty club is nobody's."""
        keys = []
        if round_no <= self.options["delay_compatriots"]:
            keys.append([c.country for c in order])
        if round_no <= self.options["delay_club_mates"]:
            keys.append([c.club or -1 - i for i, c in enumerate(order)])
        return keys or None

    # -- dazed, serial, staggered ------------------------------------------------------------------------

    def _search(self, points, opp, phantom, mates=None):
        size = len(opp)
        # Sort key for the score groups: negated points, the phantom below everybody.
        neg = [-p for p in points] + ([float("inf")] if phantom is not None else [])
        most_played = max(len(s) for s in opp)
        # Dirac: if everyone may meet at least half of the others, a full round exists. A set of r competitors
        # in which nobody has played more than ``most_played`` of them satisfies that once r >= 2 * most + 2.
        always_pairable = 2 * most_played + 2
        rem = list(range(size))
        if len(rem) < always_pairable and not _pairable(rem, opp):
            raise _no_full_round(rem, opp)
        result = []
        counts = MateCounts(mates) if mates else None
        while rem:
            pivot, met = rem[0], opp[rem[0]]
            # The rest is copied only to be checked: while it is large enough to be always pairable, the pair is
            # taken out in place (a 10,000-player field would copy 25 million list items otherwise).
            large = len(rem) - 2 >= always_pairable
            for pos in self._candidates(rem, neg, phantom, mates, counts):
                cand = rem[pos]
                if cand in met:
                    continue
                if large or _pairable(rem[1:pos] + rem[pos + 1 :], opp):
                    break
            else:
                raise DrawBug("the pairing search found no candidate although a full round exists")
            result.append((pivot, cand))
            del rem[pos]
            del rem[0]
            if counts:
                counts.remove(pivot, cand)
        return result

    def _candidates(self, rem, neg, phantom, mates=None, counts=None):
        """Positions in ``rem`` (0 = the pivot) to try as the pivot's opponent, in order; with ``mates`` (see
        ``mates``), the pivot's mates later (``mates.mates_last``; ``counts``, a ``MateCounts`` of ``rem``, only
        makes that faster)."""
        segments = self._method_order(rem, neg, phantom)
        return chain(*segments) if mates is None else mates_last(segments, rem, neg, phantom, mates, counts)

    def _method_order(self, rem, neg, phantom):
        """The method's order as ranges of positions, one after the other."""
        r = len(rem)
        if self.method == "serial":
            return (range(1, r),)
        # g: how many unpaired competitors, the pivot included, share the pivot's points.
        g = bisect.bisect_right(rem, neg[rem[0]], key=neg.__getitem__)
        if g <= 2:
            return (range(1, r),)
        only_bye_follows = g == r - 1 and rem[-1] == phantom
        if g % 2 and g < r and not only_bye_follows:
            g += 1
        half = g // 2
        if self.method == "staggered" and g >= STAGGERED_GROUP:
            half = STAGGERED_OFFSET
        return range(half, g), range(1, half), range(g, r)

    # -- optimal --------------------------------------------------------------------------------------------

    def _optimal(self, order, opp, phantom, round_no):
        opt = self.options
        club_penalty, country_penalty = opt["club_penalty"], opt["country_penalty"]
        if round_no <= opt["delay_compatriots"]:
            country_penalty += opt["compatriot_penalty"]
        if round_no <= opt["delay_club_mates"]:
            club_penalty += opt["club_mate_penalty"]
        pairer = OptimalPairer(
            order,
            opp,
            phantom,
            window=opt["optimal_window"],
            block=opt["optimal_block"],
            points_penalty=opt["points_penalty"],
            club_penalty=club_penalty,
            country_penalty=country_penalty,
        )
        pairs, full = pairer.solve()
        if not full:
            raise _no_full_round(list(range(len(opp))), opp, pairs_possible=len(pairs))
        return pairs


def pair_round(competitors, played=(), byes=(), method="dazed", round_no=1, **options):
    """Pair one Swiss round; see ``SwissPairer`` for the options. Returns a ``Pairing``."""
    return SwissPairer(method, **options).pair(competitors, played, byes, round_no)


def _allowed_graph(nodes, opp):
    graph = rx.PyGraph()
    graph.add_nodes_from(range(len(nodes)))
    edges = []
    for a in range(len(nodes)):
        seen = opp[nodes[a]]
        for b in range(a + 1, len(nodes)):
            if nodes[b] not in seen:
                edges.append((a, b, None))
    graph.add_edges_from(edges)
    return graph


def max_pairs(nodes, opp):
    """The largest number of pairs among ``nodes`` without a rematch (maximum-cardinality matching)."""
    return len(rx.max_weight_matching(_allowed_graph(nodes, opp), max_cardinality=True))


def _pairable(nodes, opp):
    return 2 * max_pairs(nodes, opp) == len(nodes)


def _no_full_round(nodes, opp, pairs_possible=None):
    if pairs_possible is None:
        pairs_possible = max_pairs(nodes, opp)
    return DrawError(
        _(
            "No full round exists without a rematch: at most %(possible)s of %(pairs)s pairs "
            "(a bye counted as a pair) can be made."
        )
        % {"possible": pairs_possible, "pairs": len(nodes) // 2},
        pairs_possible=pairs_possible,
    )


def backtracking_pairs(points, opp, method="dazed", phantom=None, max_steps=1_000_000, mates=None):
    """Reference search for tests: plain backtracking with an explicit stack, no look-ahead.

    Same arguments as the internal search (indices in pairing order, ``opp`` the sets of indices met, ``mates``
    as ``SwissPairer.mates`` gives them). Returns the list of index pairs, or None when no full round exists.
    Exponential in the worst case: small fields only.
    """
    pairer = SwissPairer(method if method != "optimal" else "dazed")
    neg = [-p for p in points] + ([float("inf")] if phantom is not None else [])
    stack = [(list(range(len(opp))), iter(pairer._candidates(list(range(len(opp))), neg, phantom, mates)))]
    chosen = []
    steps = 0
    while stack:
        steps += 1
        if steps > max_steps:
            raise DrawBug("reference search gave up")
        rem, cands = stack[-1]
        pivot = rem[0]
        for pos in cands:
            if rem[pos] not in opp[pivot]:
                break
        else:
            stack.pop()
            if chosen:
                chosen.pop()
            continue
        chosen.append((pivot, rem[pos]))
        rest = rem[1:pos] + rem[pos + 1 :]
        if not rest:
            return chosen
        stack.append((rest, iter(pairer._candidates(rest, neg, phantom, mates))))
    return None


def assign_tables(pairs, history, n_tables, round_no, rng=None):
    """Carrom tables for the pairs of a round: a list of table numbers (1-based), one per pair.

    Round 1: tables at random. Later rounds: pairs in the order given (standing order) each take the free table
    the two players used least (ties: the lower number). ``history`` maps competitor id to a mapping
    ``{table: times used}``. A bye pair (second id ``None``) gets no table; with more pairs than tables the
    pairs at the end get ``None`` (they wait).
    """
    tables = [None] * len(pairs)
    playing = [k for k, (_, b) in enumerate(pairs) if b is not None]
    free = list(range(1, n_tables + 1))
    if round_no == 1:
        (rng or random.Random()).shuffle(free)
        for k, t in zip(playing, free, strict=False):
            tables[k] = t
        return tables
    for k in playing:
        if not free:
            break
        a, b = pairs[k]
        used_a, used_b = history.get(a, {}), history.get(b, {})
        best, best_use = None, None
        for pos, t in enumerate(free):
            use = used_a.get(t, 0) + used_b.get(t, 0)
            if best_use is None or use < best_use:
                best, best_use = pos, use
                if use == 0:
                    break
        tables[k] = free.pop(best)
    return tables


def tables_in_board_order(pairs, n_tables):
    """Table k for the k-th pair played (pairs come top board first): the leaders play at table 1, where the
    hall and the spectators expect them. A bye takes no table; pairs beyond the hall's tables wait (None)."""
    tables, table = [], 0
    for _a, b in pairs:
        if b is None or table >= n_tables:
            tables.append(None)
        else:
            table += 1
            tables.append(table)
    return tables
