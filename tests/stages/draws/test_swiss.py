import inspect
import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stages.draws.errors import DrawError
from stages.draws.swiss import (
    METHODS,
    Competitor,
    SwissPairer,
    assign_tables,
    backtracking_pairs,
    max_pairs,
    pair_round,
)


def field(points, names="ABCDEFGHIJKLMNOP"):
    return [Competitor(names[i], names[i], p) for i, p in enumerate(points)]


def played(*pairs):
    return [tuple(p) for p in pairs]


# -- dazed, written out in full ----------------------------------------------------------------------------


def test_dazed_first_round_all_level_pairs_top_half_with_bottom_half():
    # g = 8: pivot A tries position 4 (E) first; then g = 6 for B (F), g = 4 for C (G).
    pairing = pair_round(field([0] * 8), round_no=1, first_round="given")
    assert pairing.pairs == [("A", "E"), ("B", "F"), ("C", "G"), ("D", "H")]
    assert pairing.bye is None


def test_dazed_two_score_groups_of_four():
    # A..D won round 1. A: g = 4, positions 2, 3, 1 -> C. B: g = 2 (B, D) -> standing order -> D.
    # E: g = 4 -> G. F - H.
    pairs = played("AE", "BF", "CG", "DH")
    pairing = pair_round(field([2, 2, 2, 2, 0, 0, 0, 0]), pairs, round_no=2)
    assert pairing.pairs == [("A", "C"), ("B", "D"), ("E", "G"), ("F", "H")]


def test_dazed_odd_score_group_counts_one_more():
    # A, B, C on 4 points: g = 3 is odd and others follow, so g = 4 and A tries position 2 (C) first.
    # B alone (g = 1) takes D in standing order. E, F, G on 2: g = 4 again -> E - G; F - H.
    pairing = pair_round(field([4, 4, 4, 2, 2, 2, 2, 0]), played("AB"), round_no=3)
    assert pairing.pairs == [("A", "C"), ("B", "D"), ("E", "G"), ("F", "H")]


def test_dazed_skips_an_opponent_already_met():
    # A has met C (position 2), so tries D (position 3): g = 4 after counting one more.
    pairing = pair_round(field([4, 4, 4, 2, 2, 2, 2, 0]), played("AC"), round_no=3)
    assert pairing.pairs == [("A", "D"), ("B", "C"), ("E", "G"), ("F", "H")]


def test_dazed_backtracks_when_the_rest_cannot_be_paired():
    # Six players after round 1 (A-D, B-E, C-F), E-F and D-E also met. A - C leaves B, D, E, F, where
    # B - D leaves E - F (met) and B - F leaves D - E (met): back to A. A - D is a rematch, so A tries
    # position 1 (B): then C - D leaves E - F (met), C - E leaves D - F: done.
    pairs = played("AD", "BE", "CF", "EF", "DE")
    pairing = pair_round(field([2, 2, 2, 0, 0, 0]), pairs, round_no=3)
    assert pairing.pairs == [("A", "B"), ("C", "E"), ("D", "F")]


def test_dazed_bye_goes_last_and_the_bye_exception():
    # Seven level players; G already had a bye, so the phantom is unpaired at the end for someone else.
    # A: g = 7, only the bye follows, so g stays 7: positions 3.. -> D. B: g = 5 -> position 2 -> E.
    # C: g = 3 -> F first, but then G would need the bye again, so G; F gets the bye.
    pairing = pair_round(field([0] * 7), byes=["G"], round_no=2)
    assert pairing.pairs == [("A", "D"), ("B", "E"), ("C", "G")]
    assert pairing.bye == "F"
    assert pairing.bye_score == (25, 0)


def test_dazed_bye_to_the_lowest_when_possible():
    pairing = pair_round(field([4, 2, 2, 2, 0]), played("AB", "AC"), round_no=3)
    assert pairing.pairs == [("A", "D"), ("B", "C")]
    assert pairing.bye == "E"


def test_serial_pairs_in_standing_order():
    pairing = pair_round(field([2, 2, 2, 2, 0, 0, 0, 0]), played("AB"), method="serial", round_no=2)
    assert pairing.pairs == [("A", "C"), ("B", "D"), ("E", "F"), ("G", "H")]


def test_staggered_big_group_pairs_position_zero_with_25():
    comps = [Competitor(i, f"P{i:03d}") for i in range(60)]
    pairing = pair_round(comps, method="staggered", round_no=1, first_round="given")
    assert pairing.pairs[0] == (0, 25)
    dazed = pair_round(comps, method="dazed", round_no=1, first_round="given")
    assert dazed.pairs[0] == (0, 30)


def test_staggered_small_group_is_dazed():
    comps = field([2, 2, 2, 2, 0, 0, 0, 0])
    pairs = played("AE", "BF", "CG", "DH")
    assert pair_round(comps, pairs, method="staggered", round_no=2) == pair_round(comps, pairs, round_no=2)


def test_optimal_minimises_points_difference_and_keeps_clubs_apart():
    comps = field([4, 4, 2, 2])
    comps[0].club = comps[1].club = "Kiel"
    pairing = pair_round(comps, method="optimal", round_no=3)
    assert sorted(pairing.pairs) == [("A", "B"), ("C", "D")]  # points difference outweighs the club
    comps = field([2, 2, 2, 2])
    comps[0].club = comps[2].club = "Kiel"
    comps[1].club = comps[3].club = "Bern"
    pairing = pair_round(comps, method="optimal", round_no=2)
    clubs = {c.id: c.club for c in comps}
    assert all(clubs[a] != clubs[b] for a, b in pairing.pairs)


def test_optimal_bye_to_the_lowest_without_one():
    pairing = pair_round(field([4, 2, 2, 0, 0]), byes=["E"], method="optimal", round_no=3)
    assert pairing.bye == "D"


# -- options and errors --------------------------------------------------------------------------------------


def test_unknown_option_and_method_rejected():
    with pytest.raises(ValueError):
        SwissPairer("dazed", colour="white")
    with pytest.raises(ValueError):
        SwissPairer("dutch")


@pytest.mark.parametrize("method", METHODS)
def test_no_full_round_says_how_many_pairs_are_possible(method):
    # A has met everyone: no full round; the others can still make 1 pair (plus A unpaired).
    pairs = played("AB", "AC", "AD")
    with pytest.raises(DrawError) as info:
        pair_round(field([6, 4, 2, 0]), pairs, method=method, round_no=4)
    assert info.value.pairs_possible == 1


@pytest.mark.parametrize("method", METHODS)
def test_no_second_bye(method):
    # Three players who have all met: only the bye is left, once, and C already had it.
    with pytest.raises(DrawError) as info:
        pair_round(field([4, 2, 0]), played("AB", "AC", "BC"), byes=["C"], method=method, round_no=4)
    assert info.value.pairs_possible == 1


def test_not_in_standing_order_is_an_error():
    with pytest.raises(DrawError):
        pair_round(field([0, 2]), round_no=2)


def test_withdrawn_are_not_paired_and_late_entries_join_with_zero():
    comps = field([4, 4, 2, 2, 0])
    comps[2].withdrawn = True
    pairing = pair_round(comps, played("AB"), round_no=3)
    paired = {x for p in pairing.pairs for x in p}
    assert "C" not in paired and pairing.bye is None
    assert paired == {"A", "B", "D", "E"}


def test_delay_top_players_sorts_by_rating_after_buchholz():
    comps = [Competitor(x, x, 0, 0, rating=r) for x, r in zip("ABCD", [1500, 2000, 1800, 1000], strict=True)]
    pairing = pair_round(comps, round_no=1, first_round="given", delay_top_players=2)
    assert pairing.pairs == [("B", "A"), ("C", "D")]
    # After round 2 the order given is used again.
    pairing = pair_round(comps, round_no=3, delay_top_players=2)
    assert pairing.pairs == [("A", "C"), ("B", "D")]


def test_first_round_by_rating_and_random():
    comps = [Competitor(x, x, rating=r) for x, r in zip("ABCD", [1500, 2000, 1800, 1000], strict=True)]
    assert pair_round(comps, round_no=1, first_round="rating").pairs == [("B", "A"), ("C", "D")]
    one = pair_round(comps, round_no=1, rng=random.Random(7))
    two = pair_round(comps, round_no=1, rng=random.Random(7))
    assert one == two


def test_played_pair_with_none_counts_as_a_bye():
    pairing = pair_round(field([2, 2, 0]), [("C", None)], round_no=2)
    assert pairing.bye != "C"


# -- properties over many random tournaments ----------------------------------------------------------------


def _check_round(comps, history, byes, pairing):
    active = [c.id for c in comps if not c.withdrawn]
    ids = [x for p in pairing.pairs for x in p] + ([pairing.bye] if pairing.bye is not None else [])
    assert sorted(ids) == sorted(active)  # never a half round: everyone active exactly once
    assert (pairing.bye is not None) == (len(active) % 2 == 1)
    assert pairing.bye not in byes  # no second bye
    for a, b in pairing.pairs:
        assert frozenset((a, b)) not in history  # never a rematch


def _infeasible(comps, history, byes):
    """Independent check that no full round exists (brute force on small fields)."""
    active = [c.id for c in comps if not c.withdrawn]
    if len(active) % 2:
        active.append(None)

    def ok(a, b):
        if a is None or b is None:
            return (b if a is None else a) not in byes
        return frozenset((a, b)) not in history

    def can(rest):
        if not rest:
            return True
        first = rest[0]
        return any(ok(first, x) and can(rest[1:i] + rest[i + 1 :]) for i, x in enumerate(rest) if i)

    return not can(active)


def _simulate(n, rounds, method, seed, withdraw):
    rng = random.Random(seed)
    comps = [Competitor(i, f"P{i:02d}", rating=rng.randint(1000, 2000), club=rng.choice("xyz")) for i in range(n)]
    points = dict.fromkeys(range(n), 0)
    history, byes = set(), set()
    for round_no in range(1, rounds + 1):
        if withdraw and round_no == 3:
            comps[rng.randrange(n)].withdrawn = True
        order = sorted(comps, key=lambda c: (-points[c.id], c.name))
        for c in order:
            c.points = points[c.id]
        try:
            pairing = pair_round(order, [tuple(p) for p in history], byes, method=method, round_no=round_no, rng=rng)
        except DrawError as error:
            assert _infeasible(order, history, byes)
            assert error.pairs_possible is not None
            active = len([c for c in comps if not c.withdrawn])
            assert error.pairs_possible < (active + active % 2) // 2
            return
        _check_round(order, history, byes, pairing)
        for a, b in pairing.pairs:
            history.add(frozenset((a, b)))
            winner = rng.choice((a, b))
            points[winner] += 2
        if pairing.bye is not None:
            byes.add(pairing.bye)
            points[pairing.bye] += 2


@pytest.mark.parametrize("method", METHODS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(min_value=2, max_value=11),
    rounds=st.integers(min_value=1, max_value=11),
    seed=st.integers(min_value=0, max_value=10**6),
    withdraw=st.booleans(),
)
def test_random_tournaments_no_rematch_correct_byes(method, n, rounds, seed, withdraw):
    _simulate(n, rounds, method, seed, withdraw and n > 3)


@settings(max_examples=150, deadline=None)
@given(
    points=st.lists(st.sampled_from([0, 1, 2, 3, 4, 6]), min_size=2, max_size=11),
    edges=st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11)), max_size=30),
    bye_holders=st.lists(st.integers(0, 11), max_size=4),
    method=st.sampled_from(["dazed", "serial", "staggered"]),
)
def test_search_equals_plain_backtracking(points, edges, bye_holders, method):
    """The look-ahead search gives exactly the pairs of the textbook backtracking search."""
    points = sorted(points, reverse=True)
    n = len(points)
    comps = [Competitor(i, f"P{i:02d}", p) for i, p in enumerate(points)]
    history = [(a, b) for a, b in edges if a < n and b < n and a != b]
    byes = [x for x in bye_holders if x < n]
    size = n + n % 2
    phantom = n if n % 2 else None
    opp = [set() for _ in range(size)]
    for a, b in history:
        opp[a].add(b)
        opp[b].add(a)
    if phantom is not None:
        for x in byes:
            opp[x].add(phantom)
            opp[phantom].add(x)
    expected = backtracking_pairs(points, opp, method, phantom)
    try:
        pairing = pair_round(comps, history, byes, method=method, round_no=2)
    except DrawError as error:
        assert expected is None
        assert error.pairs_possible == max_pairs(list(range(size)), opp)
        return
    got = set(pairing.pairs) | ({(pairing.bye, phantom)} if pairing.bye is not None else set())
    assert got == set(expected)
    assert pairing.pairs == [p for p in expected if phantom not in p]  # in the same order


# -- big fields ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["dazed", "optimal"])
def test_two_thousand_competitors_pair_without_recursion(method):
    rng = random.Random(3)
    n = 2001
    comps = [Competitor(i, f"P{i:04d}") for i in range(n)]
    points = dict.fromkeys(range(n), 0)
    history, byes = [], []
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 60)  # any recursive pairing would fail here
    try:
        for round_no in range(1, 5):
            order = sorted(comps, key=lambda c: (-points[c.id], c.name))
            for c in order:
                c.points = points[c.id]
            pairing = pair_round(order, history, byes, method=method, round_no=round_no, rng=rng)
            assert len(pairing.pairs) == 1000 and pairing.bye is not None
            for a, b in pairing.pairs:
                history.append((a, b))
                points[rng.choice((a, b))] += 2
            byes.append(pairing.bye)
    finally:
        sys.setrecursionlimit(limit)
    assert len({frozenset(p) for p in history}) == len(history)


# -- tables ----------------------------------------------------------------------------------------------------


def test_tables_round_one_random_and_later_least_used():
    pairs = [("A", "B"), ("C", "D"), ("E", None)]
    tables = assign_tables(pairs, {}, 2, 1, random.Random(1))
    assert sorted(tables[:2]) == [1, 2] and tables[2] is None
    history = {"A": {1: 2, 2: 1}, "B": {1: 1}, "C": {2: 1}, "D": {}}
    assert assign_tables(pairs, history, 3, 4) == [3, 1, None]
    assert assign_tables(pairs, {"A": {1: 1}, "B": {2: 1}}, 2, 2) == [1, 2, None]


def test_tables_fewer_tables_than_pairs():
    pairs = [("A", "B"), ("C", "D"), ("E", "F")]
    assert assign_tables(pairs, {}, 2, 2) == [1, 2, None]


def test_optimal_widens_its_window_when_needed():
    # With a window of 1, A could only meet B (already met): the window grows and finds A - C, B - D.
    comps = field([2, 2, 2, 2])
    pairing = pair_round(comps, played("AB", "CD"), method="optimal", round_no=3, optimal_window=1)
    assert sorted(len(p) for p in pairing.pairs) == [2, 2]
    assert not {frozenset(p) for p in pairing.pairs} & {frozenset("AB"), frozenset("CD")}
