"""The ``optimal`` Swiss pairing: exactness on small fields, the former one-graph result kept up to 2 x block, blocks
that never miss a full round, and the same error when none exists."""

import random

import pytest
import rustworkx as rx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import stages.draws.optimal as optimal
from stages.draws.errors import DrawError
from stages.draws.swiss import Competitor, pair_round

PP, CP, KP = 100, 50, 20


def _indexed(comps, history, byes):
    """Pairing order (as given), the phantom and the sets of indices met, as the engine builds them."""
    order = [c for c in comps if not c.withdrawn]
    n = len(order)
    phantom = n if n % 2 else None
    index = {c.id: i for i, c in enumerate(order)}
    opp = [set() for _ in range(n + n % 2)]
    for a, b in history:
        opp[index[a]].add(index[b])
        opp[index[b]].add(index[a])
    if phantom is not None:
        for x in byes:
            opp[index[x]].add(phantom)
            opp[phantom].add(index[x])
    return order, index, phantom, opp


def _cost_fn(order, phantom):
    """The documented cost, written out independently of the engine."""
    n = len(order)
    points = [c.points for c in order]
    low = min(points)
    size = {p: points.count(p) for p in points}

    def cost(i, j):
        if j == phantom:
            return (round(PP * (points[i] - (low - 2)) ** 2) + n - 1 - i) * (n + 1)
        c = round(PP * (points[i] - points[j]) ** 2)
        c += CP if order[i].club and order[i].club == order[j].club else 0
        c += KP if order[i].country and order[i].country == order[j].country else 0
        return c * (n + 1) + abs(j - i - size[points[i]] // 2)

    return cost


def _result_pairs(pairing, index, phantom):
    pairs = [tuple(sorted((index[a], index[b]))) for a, b in pairing.pairs]
    if pairing.bye is not None:
        pairs.append((index[pairing.bye], phantom))
    return pairs


def _matchings(nodes, allowed):
    """Every maximum matching of ``nodes`` (brute force; small fields only), as lists of pairs."""
    best, out = 0, []

    def walk(rest, chosen):
        nonlocal best, out
        if len(chosen) + len(rest) // 2 < best:
            return
        if len(rest) < 2:
            if len(chosen) > best:
                best, out = len(chosen), []
            if len(chosen) == best:
                out.append(list(chosen))
            return
        first = rest[0]
        for k in range(1, len(rest)):
            if allowed(first, rest[k]):
                walk(rest[1:k] + rest[k + 1 :], [*chosen, (first, rest[k])])
        walk(rest[1:], chosen)  # first left unpaired

    walk(list(nodes), [])
    return best, out


def _field(rng, n, groups, clubs="xyz", countries="DEFR"):
    points = sorted((rng.choice(groups) for _ in range(n)), reverse=True)
    return [
        Competitor(
            i,
            f"P{i:03d}",
            points[i],
            club=rng.choice(clubs + "-").strip("-"),
            country=rng.choice(countries + "-").strip("-"),
        )
        for i in range(n)
    ]


def _history(rng, n, density):
    return [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < density]


# -- exactness ---------------------------------------------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(
    n=st.integers(2, 9),
    seed=st.integers(0, 10**6),
    density=st.sampled_from([0.0, 0.2, 0.5]),
    window=st.sampled_from([1, 2, 3, 40]),
    block=st.sampled_from([2, 3, 1000]),
)
def test_small_fields_exact_and_never_missing_a_full_round(n, seed, density, window, block):
    """Against brute force over every pairing: the full-graph optimum is reached whenever one of its pairings fits
    in the window (always with the default window); a full round is found whenever one exists, with blocks too;
    otherwise the DrawError counts the pairs possible."""
    rng = random.Random(seed)
    comps = _field(rng, n, [0, 2, 4])
    history = _history(rng, n, density)
    byes = [i for i in range(n) if rng.random() < 0.3]
    order, index, phantom, opp = _indexed(comps, history, byes)
    cost = _cost_fn(order, phantom)
    most, full = _matchings(range(len(opp)), lambda a, b: b not in opp[a])
    options = {"optimal_window": window, "optimal_block": block}
    if 2 * most < len(opp):
        with pytest.raises(DrawError) as info:
            pair_round(comps, history, byes, method="optimal", round_no=3, **options)
        assert info.value.pairs_possible == most
        assert info.value.message.startswith("No full round exists without a rematch")
        return
    got = _result_pairs(pair_round(comps, history, byes, method="optimal", round_no=3, **options), index, phantom)
    assert sorted(x for p in got for x in p) == list(range(len(opp)))
    assert all(b not in opp[a] for a, b in got)
    best = min(sum(cost(a, b) for a, b in m) for m in full)
    fits = [
        m for m in full if sum(cost(a, b) for a, b in m) == best and all(b - a <= window or b == phantom for a, b in m)
    ]
    if n <= 2 * block and fits:
        assert sum(cost(a, b) for a, b in got) == best
    else:
        assert sum(cost(a, b) for a, b in got) >= best


# -- one block: the former implementation, edge for edge --------------------------------------------------------


def _former_edges(order, opp, phantom, window):
    """The candidate edges as they were built before blocks (one cost function call per edge)."""
    size, n = len(opp), len(order)
    low = min(c.points for c in order)
    points = [c.points for c in order] + ([low - 2] if phantom is not None else [])
    clubs = [c.club for c in order]
    countries = [c.country for c in order]
    half = [0] * size
    start = 0
    for i in range(1, n + 1):
        if i == n or points[i] != points[start]:
            for k in range(start, i):
                half[k] = (i - start) // 2
            start = i
    scale = n + 1

    def cost(i, j):
        d = points[i] - points[j]
        c = round(PP * d * d)
        if j == phantom:
            return int(c + n - 1 - i) * scale
        if clubs[i] and clubs[i] == clubs[j]:
            c += CP
        if countries[i] and countries[i] == countries[j]:
            c += KP
        return int(c * scale + abs(j - i - half[i]))

    edges = []
    for i in range(n):
        seen = opp[i]
        for j in range(i + 1, min(n, i + 1 + window)):
            if j not in seen:
                edges.append((i, j, cost(i, j)))
        if phantom is not None and phantom not in seen:
            edges.append((i, phantom, cost(i, phantom)))
    return edges


def _former_optimal(order, opp, phantom, window):
    """The ``optimal`` pairing as it was before blocks: one graph, the window growing fourfold."""
    size, n = len(opp), len(order)

    def matching(window):
        edges = _former_edges(order, opp, phantom, window)
        if not edges:
            return set()
        top = max(e[2] for e in edges) + 1
        graph = rx.PyGraph()
        graph.add_nodes_from(range(size))
        graph.add_edges_from([(i, j, top - c) for i, j, c in edges])
        return rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)

    window = max(1, window)
    found = matching(window)
    while 2 * len(found) < size and window < n:
        window *= 4
        found = matching(window)
    return sorted((min(i, j), max(i, j)) for i, j in found)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(2, 160),
    seed=st.integers(0, 10**6),
    density=st.sampled_from([0.0, 0.02, 0.1]),
    window=st.sampled_from([1, 3, 8, 40]),
)
def test_up_to_two_blocks_the_pairs_are_the_former_ones(n, seed, density, window):
    rng = random.Random(seed)
    comps = _field(rng, n, [0, 1, 2, 2, 4, 6], clubs="abcdefgh")
    history = _history(rng, n, density)
    byes = [i for i in range(n) if rng.random() < 0.1]
    order, index, phantom, opp = _indexed(comps, history, byes)
    pairer = optimal.OptimalPairer(
        order, opp, phantom, window=window, block=n, points_penalty=PP, club_penalty=CP, country_penalty=KP
    )
    assert pairer._edges(range(len(opp)), window) == _former_edges(order, opp, phantom, window)  # same order too
    expected = _former_optimal(order, opp, phantom, window)
    if 2 * len(expected) < len(opp):
        with pytest.raises(DrawError) as info:
            pair_round(comps, history, byes, method="optimal", round_no=2, optimal_window=window)
        assert info.value.pairs_possible == len(expected)
        return
    pairing = pair_round(
        comps, history, byes, method="optimal", round_no=2, optimal_window=window, optimal_block=(n + 1) // 2
    )
    assert sorted(_result_pairs(pairing, index, phantom)) == expected


# -- blocks -----------------------------------------------------------------------------------------------------


def _tournament_rounds(n, rounds, seed, **options):
    """A simulated event paired with ``options``; yields each round's inputs and pairing (index pairs)."""
    rng = random.Random(seed)
    comps = [
        Competitor(i, f"P{i:03d}", club=f"C{rng.randrange(n // 6)}", country=rng.choice("ABCDE")) for i in range(n)
    ]
    points = dict.fromkeys(range(n), 0)
    history, byes = [], []
    for round_no in range(1, rounds + 1):
        order = sorted(comps, key=lambda c: (-points[c.id], c.name))
        for c in order:
            c.points = points[c.id]
        pairing = pair_round(order, history, byes, method="optimal", round_no=round_no, first_round="given", **options)
        yield order, list(history), list(byes), pairing
        for a, b in pairing.pairs:
            history.append((a, b))
            points[rng.choice((a, b))] += 2
        if pairing.bye is not None:
            byes.append(pairing.bye)
            points[pairing.bye] += 2


@pytest.mark.parametrize("n", [161, 240])
def test_blocks_match_the_one_graph_optimum_but_for_the_tie_break(n, monkeypatch):
    """Blocks of 20 with a window of 4: every round a full round without rematches or second byes, and repairing
    the cuts never costs more. On these events the points, club, country and bye costs also equal those of the
    one-graph optimum (an observation, not a theorem: with still smaller blocks and windows they sometimes differ
    by a penalty, either way, as a block that widens its window sees pairs the one graph does not)."""
    for order, history, byes, pairing in _tournament_rounds(n, 8, seed=n, optimal_window=4, optimal_block=20):
        _, index, phantom, opp = _indexed(order, history, byes)
        cost = _cost_fn(order, phantom)
        got = _result_pairs(pairing, index, phantom)
        assert sorted(x for p in got for x in p) == list(range(len(opp)))
        assert all(b not in opp[a] for a, b in got)
        one = pair_round(order, history, byes, method="optimal", round_no=3, optimal_window=4, optimal_block=n)
        one = _result_pairs(one, index, phantom)
        assert sum(cost(a, b) // (n + 1) for a, b in got) == sum(cost(a, b) // (n + 1) for a, b in one)
        monkeypatch.setattr(optimal, "REPAIR_WINDOWS", 0)
        unrepaired = pair_round(order, history, byes, method="optimal", round_no=3, optimal_window=4, optimal_block=20)
        monkeypatch.undo()
        unrepaired = _result_pairs(unrepaired, index, phantom)
        assert sum(cost(a, b) for a, b in got) <= sum(cost(a, b) for a, b in unrepaired)


def test_cuts_fall_on_score_groups_or_whole_runs_and_are_even():
    # 1,001 players: 4 points at 0-389, 2 at 390-610, 0 at 611-1000 (and the phantom, 1001). Blocks of about 200
    # with a window of 10 (runs of 20). Targets 200, 400, 601, 801:
    # 200: no boundary within 50, runs from 0 -> 200. 400: the even boundary 390. 601: the boundary 611 is odd,
    # so runs from 390 -> 610. 801: runs from 612 (611 made even) -> 792.
    comps = [Competitor(i, f"P{i:03d}", 4 if i < 390 else 2 if i < 611 else 0) for i in range(1001)]
    _, _, phantom, opp = _indexed(comps, [], [])
    pairer = optimal.OptimalPairer(
        comps, opp, phantom, window=10, block=200, points_penalty=PP, club_penalty=CP, country_penalty=KP
    )
    assert pairer.cuts() == [0, 200, 390, 610, 792, 1002]
    pairer.n = 400  # up to twice the block: one block
    assert pairer.cuts() == [0, 1002]


def test_a_top_group_that_has_all_met_is_paired_across_blocks():
    # The top 8 have all played each other: the first block of 4 (and then of 8) cannot be paired on its own,
    # so the blocks merge until the top 8 find 8 others; with a window of 2 it widens as well.
    n = 40
    comps = [Competitor(i, f"P{i:03d}", 8 if i < 8 else 2) for i in range(n)]
    history = [(a, b) for a in range(8) for b in range(a + 1, 8)]
    pairing = pair_round(comps, history, method="optimal", round_no=5, optimal_window=2, optimal_block=4)
    assert len(pairing.pairs) == n // 2 and pairing.bye is None
    assert not {frozenset(p) for p in pairing.pairs} & {frozenset(p) for p in history}
    top = [p for p in pairing.pairs if p[0] < 8]
    assert len(top) == 8 and all(b >= 8 for _, b in top)
    # the top 8 meet the next 8 (the smallest tie-break), the rest pair among themselves
    assert sorted(b for _, b in top) == list(range(8, 16))


def test_no_full_round_with_blocks_is_the_same_error():
    # Player 0 has met everyone: no full round, and with blocks of 4 the error is the one-graph error.
    n = 30
    comps = [Competitor(i, f"P{i:03d}", 10 if i == 0 else 2) for i in range(n)]
    history = [(0, b) for b in range(1, n)]
    errors = []
    for block in (4, 1000):
        with pytest.raises(DrawError) as info:
            pair_round(comps, history, method="optimal", round_no=30, optimal_block=block)
        errors.append((info.value.message, info.value.pairs_possible))
    assert errors[0] == errors[1]
    assert errors[0][1] == (n - 2) // 2
    assert errors[0][0] == (
        f"No full round exists without a rematch: at most {(n - 2) // 2} of {n // 2} pairs "
        "(a bye counted as a pair) can be made."
    )


def test_a_repair_pairs_across_a_cut(monkeypatch):
    # Twelve level players, window 3: blocks 0-5 and 6-11. Players 0-3 have met 4, 5 and each other but for 0-1
    # and 2-3, so block 0-5 alone can only pair 4 with 5, who share a club. Across the cut 4 and 5 can meet 6-8.
    comps = [Competitor(i, f"P{i:03d}", 0, club="K" if i in (4, 5) else "") for i in range(12)]
    history = [(a, b) for a in range(4) for b in range(a + 1, 6) if (a, b) not in ((0, 1), (2, 3))]
    options = {"method": "optimal", "round_no": 9, "optimal_window": 3}
    _, index, phantom, _ = _indexed(comps, history, [])
    cost = _cost_fn(comps, phantom)

    def total(pairing):
        return sum(cost(a, b) for a, b in _result_pairs(pairing, index, phantom))

    blocked = pair_round(comps, history, optimal_block=5, **options)
    whole = pair_round(comps, history, optimal_block=6, **options)
    assert (4, 5) not in blocked.pairs and total(blocked) == total(whole)
    monkeypatch.setattr(optimal, "REPAIR_WINDOWS", 0)
    unrepaired = pair_round(comps, history, optimal_block=5, **options)
    assert (4, 5) in unrepaired.pairs and total(unrepaired) > total(blocked)


def test_matchings_helper_counts_every_perfect_matching():
    best, out = _matchings(range(6), lambda a, b: True)
    assert best == 3 and len(out) == 15 and len({tuple(sorted(m)) for m in out}) == 15
