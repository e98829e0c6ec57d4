"""The estimate of a Swiss stage's outcome (stages.draws.chances): plain Python, no database."""

import math

import pytest

from core.glicko import win_expectancy
from stages.draws import chances as engine
from stages.draws.chances import Entrant, decided_by_points, swiss_chances
from stages.draws.standings import MatchResult
from stages.draws.swiss import SwissPairer


def field(n=16, rating=1500, step=0):
    return [Entrant(i, f"P{i:02}", rating=rating - step * i) for i in range(n)]


def round_one(n):
    """Round 1 of n entrants: 0 beats 1, 2 beats 3, ... (the even-numbered entry wins 25-10)."""
    return [MatchResult(i, i + 1, 25, 10) for i in range(0, n, 2)]


def test_the_expected_score_is_glickos():
    assert win_expectancy(1500, 1500) == 0.5
    # Glickman's worked example: 1500 against 1400 with deviation 30 expects 0.639 (glicko2.pdf, step 3).
    assert math.isclose(win_expectancy(1500, 1400, 0, 30), 0.639, abs_tol=0.001)
    assert math.isclose(win_expectancy(1500, 1700, 0, 300), 0.303, abs_tol=0.001)
    assert win_expectancy(1800, 1500) + win_expectancy(1500, 1800) == pytest.approx(1)


def test_chances_sum_to_one_per_entry_and_per_place():
    entrants = field(16, step=20)
    chances = swiss_chances(entrants, round_one(16), 3, 4, runs=300, seed=1, next_round=2, draw_rate=0.1)
    for ident, places in chances.places.items():
        assert len(places) == 16
        assert sum(places) == pytest.approx(1), ident
    for place in range(16):
        assert sum(chances.places[e.id][place] for e in entrants) == pytest.approx(1), place
    assert sum(chances.qualify.values()) == pytest.approx(4)


def test_a_much_stronger_player_has_better_chances():
    entrants = field(16)
    entrants[5].rating = 2300  # a loser of round 1, far above everyone else
    chances = swiss_chances(entrants, round_one(16), 3, 4, runs=400, seed=2, next_round=2)
    others = [e.id for e in entrants if e.id != 5]
    assert chances.qualify[5] > max(chances.qualify[i] for i in others if i % 2)  # the other round-1 losers
    assert chances.qualify[5] > 0.3  # a loss already: the Buchholz of the others may still keep it out
    mean_place = {i: sum(k * p for k, p in enumerate(places, 1)) for i, places in chances.places.items()}
    assert mean_place[5] < min(mean_place[i] for i in others if i % 2)


def test_an_entry_sure_of_qualifying_gets_100_percent():
    # After three rounds entry 0 has 6 points; 1, 4 and 5 have 4, 2, 3 and 6 have 2, 7 none. With one round left
    # only three others can reach 6: 0 is in the top 4 whatever happens.
    entrants = field(8)
    results = [
        *round_one(8),
        MatchResult(0, 2, 25, 0),
        MatchResult(4, 6, 25, 0),
        MatchResult(1, 3, 25, 0),
        MatchResult(5, 7, 25, 0),
        MatchResult(0, 4, 25, 0),
        MatchResult(2, 1, 0, 25),
        MatchResult(6, 5, 0, 25),
        MatchResult(3, 7, 25, 0),
    ]
    chances = swiss_chances(entrants, results, 1, 4, runs=200, seed=3, next_round=4)
    assert 0 in chances.sure_in
    assert chances.qualify[0] == 1.0
    # Entry 7 lost every game: four others already have more points than it can reach.
    assert 7 in chances.sure_out and chances.qualify[7] == 0.0
    assert not (chances.sure_in & chances.sure_out)


def test_the_same_state_and_seed_give_the_same_figures():
    entrants = field(12, step=30)
    one = swiss_chances(entrants, round_one(12), 2, 4, runs=150, seed=7, next_round=2)
    again = swiss_chances(entrants, round_one(12), 2, 4, runs=150, seed=7, next_round=2)
    other = swiss_chances(entrants, round_one(12), 2, 4, runs=150, seed=8, next_round=2)
    assert one.places == again.places and one.qualify == again.qualify
    assert one.places != other.places


def test_simulated_rounds_never_pair_a_rematch(monkeypatch):
    seen = []
    pair = SwissPairer.pair

    def recording(self, competitors, played=(), byes=(), round_no=1):
        pairing = pair(self, competitors, played, byes, round_no)
        seen.append((set(played), pairing.pairs, round_no))
        return pairing

    monkeypatch.setattr(SwissPairer, "pair", recording)
    entrants = field(10, step=25)
    results = [*round_one(10), MatchResult(0, 2, 25, 3), MatchResult(1, 3, 25, 3)]
    pending = [(4, 6), (5, 7), (8, 9)]  # round 2 being played: its pairs count as met
    swiss_chances(entrants, results, 3, None, pending=pending, runs=40, seed=4, next_round=3)
    assert len(seen) == 40 * 3
    real = {frozenset(p) for p in [(m.a, m.b) for m in results] + pending}
    for run in range(40):
        met = set(real)
        for played, pairs, round_no in seen[run * 3 : run * 3 + 3]:
            assert {frozenset(p) for p in played} >= met  # everything met so far is passed to the pairing
            for pair_ in pairs:
                assert frozenset(pair_) not in met, (run, round_no, pair_)
                met.add(frozenset(pair_))
        assert [round_no for *_, round_no in seen[run * 3 : run * 3 + 3]] == [3, 4, 5]


def test_only_one_pairing_left_is_the_one_simulated():
    # 4 players after rounds A-B, C-D and A-C, B-D: round 3 can only be A-D and B-C.
    entrants = [Entrant(x, x, rating=1500) for x in "ABCD"]
    results = [MatchResult("A", "B", 25, 0), MatchResult("C", "D", 25, 0)]
    results += [MatchResult("A", "C", 25, 0), MatchResult("B", "D", 25, 0)]
    chances = swiss_chances(entrants, results, 1, 1, runs=200, seed=5, next_round=3)
    # A has 4 points, C and B 2, D 0: A plays D and is first unless D wins and B or C catches up on Buchholz.
    assert chances.places["A"][0] > 0.5
    assert chances.places["D"][0] == 0.0  # D can reach 2 points at most, A has 4


def test_withdrawn_entries_play_no_more_and_never_qualify():
    entrants = field(8)
    entrants[0].withdrawn = True
    chances = swiss_chances(entrants, round_one(8), 2, 3, runs=100, seed=6, next_round=2)
    assert chances.qualify[0] == 0.0 and 0 in chances.sure_out
    assert sum(chances.qualify.values()) == pytest.approx(3)


def test_draws_happen_only_where_allowed():
    entrants = field(2)
    level = swiss_chances(entrants, [], 1, None, pending=[(0, 1)], runs=400, seed=9, next_round=1, draw_rate=0.0)
    # With equal ratings and no draws each wins half the time: the places are shared about evenly.
    assert 0.4 < level.places[0][0] < 0.6
    by_name = ("points", "name")
    drawn = swiss_chances(entrants, [], 1, None, pending=[(0, 1)], runs=400, seed=9, draw_rate=0.9, precedence=by_name)
    # A draw leaves them level on points: then the name decides (P00 first), so P00 is first far more often.
    assert drawn.places[0][0] > 0.85


def test_ties_the_simulation_cannot_break_are_broken_at_random():
    entrants = [Entrant("A", "A", 1500), Entrant("B", "B", 1500)]
    results = [MatchResult("A", None, 25, 0), MatchResult("B", None, 25, 0)]
    chances = swiss_chances(entrants, results, 0, None, precedence=("points", "net_score", "name"), runs=400, seed=1)
    assert 0.4 < chances.places["A"][0] < 0.6  # the net score is unknown, so the name is never reached


def test_unknown_metrics_and_no_runs_are_refused():
    with pytest.raises(ValueError):
        swiss_chances(field(4), [], 1, None, precedence=("points", "luck"), runs=1)
    with pytest.raises(ValueError):
        swiss_chances(field(4), [], 1, None, runs=0)


def test_decided_by_points_counts_ties_as_open():
    entrants = field(4)
    results = [MatchResult(0, 1, 25, 0), MatchResult(2, 3, 25, 0)]
    state = engine._Field(entrants, results, ("points",), (2, 1, 0), 1500)
    sure_in, sure_out = decided_by_points(state, [], 1, 1, (2, 1, 0))
    assert sure_in == set() and sure_out == set()  # 1 and 3 can still reach 2 points, as 0 and 2 have
    sure_in, sure_out = decided_by_points(state, [], 0, 2, (2, 1, 0))
    assert sure_in == {0, 2} and sure_out == {1, 3}


def test_median_rate():
    assert engine.median_rate([None, 1400, 1600, 1500]) == 1500
    assert engine.median_rate([1400, 1600]) == 1500
    assert engine.median_rate([None]) is None
