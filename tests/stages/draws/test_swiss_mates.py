"""Compatriots (and, as an option, club mates) kept apart in the first Swiss rounds, as SoL 5.26's
`delaycompatriotpairing` does: for the pivot's opponent, the candidates are read in the method's order as runs of
equal points, and within each run the pivot's compatriots go last (the bye stays last of all)."""

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stages.draws.errors import DrawError
from stages.draws.swiss import Competitor, SwissPairer, backtracking_pairs, pair_round

NAMES = "ABCDEFGHIJKLMNOP"


def field(points, countries, clubs=None):
    clubs = clubs or [""] * len(points)
    return [
        Competitor(NAMES[i], NAMES[i], p, country=k, club=c)
        for i, (p, k, c) in enumerate(zip(points, countries, clubs, strict=True))
    ]


def candidates(method, comps, round_no=2, phantom=False, **options):
    """The pivot's (the first's) candidates in the order they are tried, as names; the bye as None."""
    pairer = SwissPairer(method, **options)
    n = len(comps)
    size = n + phantom
    neg = [-c.points for c in comps] + ([float("inf")] if phantom else [])
    rem = list(range(size))
    order = pairer._candidates(rem, neg, n if phantom else None, pairer.mates(comps, round_no))
    return [NAMES[rem[p]] if rem[p] < n else None for p in order]


# The field of SoL's own example: four on 10 points (A, B, C Italian, D French), four on 8 (E, F, G Italian, H French).
EXAMPLE = field([10, 10, 10, 10, 8, 8, 8, 8], ["ITA", "ITA", "ITA", "FRA", "ITA", "ITA", "ITA", "FRA"])


def test_without_the_delay_the_method_order():
    assert candidates("serial", EXAMPLE) == list("BCDEFGH")
    assert candidates("dazed", EXAMPLE) == list("CDBEFGH")


def test_compatriots_last_within_each_run_of_equal_points():
    # Serial: among the 10s, D (French) before the Italians B and C; among the 8s, H before E, F, G.
    assert candidates("serial", EXAMPLE, delay_compatriots=2) == list("DBCHEFG")
    # Dazed: the 10s in the order C, D, B; the Italians C and B after D, keeping their order.
    assert candidates("dazed", EXAMPLE, delay_compatriots=2) == list("DCBHEFG")


def test_the_delay_holds_only_for_rounds_up_to_n():
    assert candidates("serial", EXAMPLE, round_no=2, delay_compatriots=1) == list("BCDEFGH")
    assert candidates("serial", EXAMPLE, round_no=1, delay_compatriots=1) == list("DBCHEFG")


def test_a_run_ends_wherever_the_points_change_and_the_bye_stays_last():
    # Five on 10: dazed counts F (on 9) into the group, so the order is D, E, F, A, B, C, then G, H, I. F's run
    # interrupts the 10s: E (Italian) goes before F, and B and C form a run of their own after it.
    comps = field([10, 10, 10, 10, 10, 9, 8, 8, 8], ["ITA", "ITA", "ITA", "FRA", "ITA", "ITA", "ITA", "FRA", "ITA"])
    assert candidates("dazed", comps, phantom=True, delay_compatriots=2) == [
        "D",
        "E",
        "F",
        "B",
        "C",
        "H",
        "G",
        "I",
        None,
    ]
    assert candidates("serial", comps, phantom=True, delay_compatriots=2) == [
        "D",
        "B",
        "C",
        "E",
        "F",
        "H",
        "G",
        "I",
        None,
    ]


def test_a_compatriot_of_the_same_score_comes_before_a_foreigner_of_another():
    comps = field([2, 2, 0, 0], ["ITA", "ITA", "FRA", "FRA"])
    pairing = pair_round(comps, played=[("A", "C"), ("B", "D")], round_no=2, delay_compatriots=2, method="serial")
    assert pairing.pairs == [("A", "B"), ("C", "D")]


def test_round_one_keeps_compatriots_apart():
    comps = field([0] * 8, ["ITA", "ITA", "ITA", "ITA", "FRA", "FRA", "FRA", "FRA"])
    plain = pair_round(comps, round_no=1, first_round="given")
    assert plain.pairs == [("A", "E"), ("B", "F"), ("C", "G"), ("D", "H")]
    comps = field([0] * 8, ["ITA", "ITA", "ITA", "ITA", "ITA", "FRA", "FRA", "FRA"])
    kept = pair_round(comps, round_no=1, first_round="given", delay_compatriots=1)
    # A tries F, G, H before its compatriots; so do B and C; D and E are left to each other.
    assert kept.pairs == [("A", "F"), ("B", "G"), ("C", "H"), ("D", "E")]


def test_two_without_a_country_count_as_compatriots_as_in_sol():
    comps = field([0] * 4, ["", "", "ITA", "ITA"])
    assert candidates("serial", comps, round_no=1, delay_compatriots=1) == ["C", "D", "B"]


def test_club_mates_kept_apart_the_same_way_and_an_empty_club_is_nobodys():
    comps = field([0] * 4, ["ITA"] * 4, ["Milano", "Milano", "", "Roma"])
    assert candidates("serial", comps, round_no=1, delay_club_mates=1) == ["C", "D", "B"]
    comps = field([0] * 4, ["ITA"] * 4, ["", "", "Roma", "Roma"])
    assert candidates("serial", comps, round_no=1, delay_club_mates=1) == ["B", "C", "D"]


def test_with_both_one_sharing_country_and_club_goes_after_one_sharing_the_country():
    comps = field([0] * 4, ["ITA", "ITA", "ITA", "FRA"], ["Milano", "Milano", "Roma", "Paris"])
    assert candidates("serial", comps, round_no=1, delay_compatriots=1, delay_club_mates=1) == ["D", "C", "B"]
    assert candidates("serial", comps, round_no=2, delay_compatriots=1, delay_club_mates=2) == ["C", "D", "B"]


def test_optimal_keeps_compatriots_apart_in_the_delayed_rounds_only():
    # A-D and B-C have met: either the compatriots meet (A-B, C-D: country cost 2 x 20) or the club mates
    # (A-C, B-D: club cost 2 x 50).
    comps = field([0] * 4, ["ITA", "ITA", "FRA", "FRA"], ["x", "y", "x", "y"])
    met = [("A", "D"), ("B", "C")]
    assert pair_round(comps, met, method="optimal", round_no=2).pairs == [("A", "B"), ("C", "D")]
    kept = pair_round(comps, met, method="optimal", round_no=2, delay_compatriots=2)
    assert kept.pairs == [("A", "C"), ("B", "D")]
    assert pair_round(comps, met, method="optimal", round_no=3, delay_compatriots=2).pairs == [("A", "B"), ("C", "D")]
    # Club mates delayed as well: 2 x (50 + 75) for them outweighs 2 x (20 + 75) for the compatriots.
    both = pair_round(comps, met, method="optimal", round_no=2, delay_compatriots=2, delay_club_mates=2)
    assert both.pairs == [("A", "B"), ("C", "D")]


@settings(max_examples=150, deadline=None)
@given(
    points=st.lists(st.sampled_from([0, 1, 2, 4]), min_size=2, max_size=11),
    countries=st.lists(st.sampled_from(["", "ITA", "FRA", "IND"]), min_size=11, max_size=11),
    clubs=st.lists(st.sampled_from(["", "x", "y"]), min_size=11, max_size=11),
    edges=st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11)), max_size=25),
    byes=st.lists(st.integers(0, 11), max_size=3),
    method=st.sampled_from(["dazed", "serial", "staggered"]),
    clubs_too=st.booleans(),
)
def test_search_with_mates_equals_plain_backtracking(points, countries, clubs, edges, byes, method, clubs_too):
    points = sorted(points, reverse=True)
    n = len(points)
    comps = [Competitor(i, f"P{i:02d}", p, country=countries[i], club=clubs[i]) for i, p in enumerate(points)]
    history = [(a, b) for a, b in edges if a < n and b < n and a != b]
    byes = [x for x in byes if x < n]
    phantom = n if n % 2 else None
    opp = [set() for _ in range(n + n % 2)]
    for a, b in history:
        opp[a].add(b)
        opp[b].add(a)
    for x in byes if phantom is not None else ():
        opp[x].add(phantom)
        opp[phantom].add(x)
    options = {"delay_compatriots": 3, "delay_club_mates": 3 if clubs_too else 0}
    mates = SwissPairer(method, **options).mates(comps, 2)
    expected = backtracking_pairs(points, opp, method, phantom, mates=mates)
    try:
        pairing = pair_round(comps, history, byes, method=method, round_no=2, **options)
    except DrawError:
        assert expected is None
        return
    assert pairing.pairs == [p for p in expected if phantom not in p]
    assert pairing.bye == next((a for a, b in expected if b == phantom), None)


def test_big_fields_pair_fast_and_as_the_plain_order_reads_them():
    rng = random.Random(4)
    # Everyone a compatriot: every candidate is a mate, so the order, and the pairs, are those without the delay.
    same = [Competitor(i, f"P{i:04d}", 0, country="IND") for i in range(2000)]
    plain = pair_round(same, round_no=1, first_round="given")
    assert pair_round(same, round_no=1, first_round="given", delay_compatriots=1).pairs == plain.pairs
    # Many countries and clubs: the search (which skips parts of runs by counting) pairs as the reference search
    # that reads every candidate.
    comps = [
        Competitor(i, f"P{i:03d}", rng.choice([4, 2, 2, 0]), country=rng.choice("ABCD"), club=rng.choice("xyz "))
        for i in range(301)
    ]
    comps.sort(key=lambda c: -c.points)
    pairer = SwissPairer("dazed", delay_compatriots=2, delay_club_mates=2)
    opp = [set() for _ in range(302)]
    expected = backtracking_pairs([c.points for c in comps], opp, "dazed", 301, mates=pairer.mates(comps, 2))
    pairing = pairer.pair(comps, round_no=2)
    assert pairing.pairs == [(comps[i].id, comps[j].id) for i, j in expected if j != 301]


RECORDED = json.loads((Path(__file__).with_name("sol_compatriots.json")).read_text())["rounds"]


@pytest.mark.parametrize("case", RECORDED, ids=lambda c: f"{c['method']}-delay{c['delay']}-round{c['round']}")
def test_same_pairs_as_sol_on_recorded_rounds(case):
    """Rounds SoL 5.26 paired with `delaycompatriotpairing` (see the fixture's "about"): the same pairs here."""
    comps = [
        Competitor(i, str(i), p, country=k)
        for i, (p, k) in enumerate(zip(case["points"], case["countries"], strict=True))
    ]
    pairing = pair_round(
        comps,
        played=[tuple(p) for p in case["played"]],
        byes=case["byes"],
        method=case["method"],
        round_no=case["round"],
        first_round="given",
        delay_compatriots=case["delay"],
    )
    assert sorted(sorted(p) for p in pairing.pairs) == case["pairs"]
    assert pairing.bye == case["bye"]
