import pytest

from stages.draws.errors import DrawError
from stages.draws.standings import METRICS, MatchResult, round_robin_standings, standings, swiss_standings


def comps(names):
    return [{"id": x, "name": x} for x in names]


def table(rows):
    return [(r.id, r.points, r.rank) for r in rows]


def test_swiss_points_buchholz_net_total_name():
    matches = [
        MatchResult("A", "B", 25, 10),
        MatchResult("C", "D", 25, 20),
        MatchResult("E", None, 25, 0),  # bye: a win 25-0, the phantom counts 0 for Buchholz
        MatchResult("A", "C", 25, 24),
        MatchResult("B", "E", 25, 0),
        MatchResult("D", None, 25, 0),
    ]
    rows = swiss_standings(comps("ABCDE"), matches)
    assert [(r.id, r.points, r.buchholz, r.net_score, r.total_score, r.rank) for r in rows] == [
        ("A", 4, 4, 16, 50, 1),
        ("B", 2, 6, 10, 35, 2),  # B, C, D, E on 2 points: Buchholz B 6 (A 4 + E 2), C 6 (D 2 + A 4)
        ("C", 2, 6, 4, 49, 3),  # net score separates B and C
        ("D", 2, 2, 20, 45, 4),  # D: Buchholz 2 (C) + 0 (bye)
        ("E", 2, 2, 0, 25, 5),
    ]


def test_swiss_remaining_ties_in_name_order_get_distinct_ranks():
    rows = swiss_standings(comps(["Zed", "Amy"]), [])
    assert [(r.id, r.rank) for r in rows] == [("Amy", 1), ("Zed", 2)]


def test_round_robin_head_to_head_between_tied_players():
    # A, B, C each win once among themselves (a cycle), D loses to all three. A beat D by less.
    matches = [
        MatchResult("A", "B", 25, 0),
        MatchResult("B", "C", 25, 0),
        MatchResult("C", "A", 25, 0),
        MatchResult("A", "D", 25, 20),
        MatchResult("B", "D", 25, 0),
        MatchResult("C", "D", 25, 10),
        MatchResult("E", "D", 25, 0),
        MatchResult("E", "A", 0, 25),
        MatchResult("E", "B", 0, 25),
        MatchResult("E", "C", 25, 0),
    ]
    rows = round_robin_standings(comps("ABCDE"), matches)
    # A 6, B 6, C 4, E 4, D 0. A and B: A beat B. C and E: E beat C.
    assert table(rows) == [("A", 6, 1), ("B", 6, 2), ("E", 4, 3), ("C", 4, 4), ("D", 0, 5)]


def test_round_robin_head_to_head_mini_league_of_three():
    # A, B, C on 4 points; among themselves A 4, B 2, C 0 although C has the best net score.
    # E wins 5 points with a draw against D.
    matches = [
        MatchResult("A", "B", 25, 24),
        MatchResult("A", "C", 25, 24),
        MatchResult("B", "C", 25, 24),
        MatchResult("C", "D", 25, 0),
        MatchResult("C", "E", 25, 0),
        MatchResult("D", "A", 25, 0),
        MatchResult("E", "A", 25, 0),
        MatchResult("B", "D", 25, 0),
        MatchResult("E", "B", 25, 0),
        MatchResult("D", "E", 0, 0),
    ]
    rows = round_robin_standings(comps("ABCDE"), matches)
    assert table(rows) == [("E", 5, 1), ("A", 4, 2), ("B", 4, 3), ("C", 4, 4), ("D", 3, 5)]
    assert rows[3].net_score == 48  # C: the best net score of the three, but last between them


def test_round_robin_full_tie_shares_the_rank():
    matches = [MatchResult("A", "B", 20, 20)]
    rows = round_robin_standings(comps("BA"), matches)
    assert table(rows) == [("A", 1, 1), ("B", 1, 1)]
    assert rows[0].draws == 1


def test_precedence_is_configurable():
    matches = [MatchResult("A", "B", 25, 24), MatchResult("C", "D", 25, 0)]
    default = round_robin_standings(comps("ABCD"), matches)
    assert [r.id for r in default] == ["C", "A", "B", "D"]  # A and C on 2: net score, C first
    by_total = standings(comps("ABCD"), matches, precedence=["total_score", "points"])
    assert [r.id for r in by_total][:2] == ["A", "C"]  # totals: C 25, A 25, B 24 ... tie -> points -> name


def test_rating_metric_and_registry():
    rows = standings([{"id": 1, "name": "x", "rating": 1500}, {"id": 2, "name": "y"}], [], ["points", "rating"])
    assert [r.id for r in rows] == [1, 2]
    assert {"points", "head_to_head", "buchholz", "net_score", "total_score", "rating", "name"} <= set(METRICS)


def test_errors():
    with pytest.raises(ValueError):
        standings(comps("AB"), [], ["goal_average"])
    with pytest.raises(DrawError):
        standings(comps("AB"), [MatchResult("A", "Z", 1, 0)])
    with pytest.raises(DrawError):
        standings(comps("AA"), [])


def test_dict_matches_accepted():
    rows = swiss_standings(comps("AB"), [{"a": "A", "b": "B", "score_a": 3, "score_b": 25}])
    assert [r.id for r in rows] == ["B", "A"]


def test_a_bye_with_a_margin_counts_it_in_net_score_and_its_own_score_in_total():
    # SoL's reading of a bye whose card (1-0) no longer shows the phantom score (25): net 25, total 1.
    rows = swiss_standings(comps("AB"), [MatchResult("A", None, 1, 0, bye_margin=25), MatchResult("B", None, 1, 0)])
    assert [(r.id, r.points, r.net_score, r.total_score) for r in rows] == [("A", 2, 25, 1), ("B", 2, 1, 1)]
