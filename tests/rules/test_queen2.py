"""Queen 2 points variant (queen2 ¶n = n-th paragraph of queen-two-point-variant.txt)."""

import pytest

from rules.base import get_rule_set
from rules.board import BoardInput, SpecialEnding
from rules.errors import RuleError
from rules.game import GameInput
from rules.tiebreak import TieBreaker

Q2 = get_rule_set("queen2")


def level_boards():
    return [
        BoardInput(winner="A", coins_left_of_loser=3, queen="covered_by_loser"),
        BoardInput(winner="B", coins_left_of_loser=3, queen="covered_by_loser"),
        BoardInput(winner="A", coins_left_of_loser=2, queen="covered_by_winner"),
        BoardInput(winner="B", coins_left_of_loser=4, queen="covered_by_loser"),
    ]


def test_queen2_p4_queen_worth_two_points_to_the_board_winner():
    result = Q2.score_board(BoardInput({"A": 0, "B": 0}, "A", 3, "covered_by_winner"))
    assert (result.coin_points, result.queen_points, result.points) == (3, 2, 5)
    assert Q2.score_board(BoardInput(None, "A", 3, "covered_by_loser")).points == 3


def test_queen2_p6_queen_counts_at_every_score():
    assert Q2.score_board(BoardInput({"A": 23, "B": 0}, "A", 1, "covered_by_winner")).queen_points == 2


def test_queen2_p3_board_maximum_11():
    assert Q2.board_maximum == 11
    assert Q2.score_board(BoardInput(None, "A", 9, "covered_by_winner")).points == 11
    ending = SpecialEnding("last_opp_with_striker_queen_on_board", "A", "improper", 9, 2)
    result = Q2.score_board(BoardInput(special_ending=ending))
    assert result.points == 11 and result.capped


def test_queen2_p9_board_not_over_while_queen_on_board():
    result = Q2.score_board(BoardInput({"A": 4, "B": 2}, "A", 3, "on_board"))
    assert not result.board_over and result.points == 0 and result.scores_after == {"A": 4, "B": 2}
    assert "queen2 ¶9" in result.note


def test_queen2_p9_opponent_pockets_queen_and_rest_wins_by_two():
    # A pocketed all his c/m; B then pocketed the Queen and all his own c/m: B wins by two points.
    result = Q2.score_board(BoardInput(None, "B", 0, "covered_by_winner"))
    assert (result.awarded_to, result.points) == ("B", 2)


def test_queen2_p5_no_finish_while_covering():
    with pytest.raises(RuleError) as error:
        Q2.score_board(BoardInput(special_ending=SpecialEnding("cover_last_own_and_last_opp", "A")))
    assert "queen2 ¶5" in error.value.message


def test_queen2_p9_no_special_finish_leaving_queen_on_board():
    with pytest.raises(RuleError) as error:
        Q2.score_board(BoardInput(special_ending=SpecialEnding("last_own_queen_on_board", "A")))
    assert "queen2 ¶9" in error.value.message


def test_queen2_icf_104_queen_with_both_last_cm_wins_queen_value():
    result = Q2.score_board(BoardInput({"A": 23, "B": 0}, special_ending=SpecialEnding("queen_last_own_last_opp", "A")))
    assert (result.awarded_to, result.points) == ("A", 2)


def test_queen2_p2_stroke_10_seconds_p10_report_5_minutes_before_p18_protest_5_minutes():
    assert Q2.stroke_seconds == 10
    assert (Q2.late_arrival.minutes, Q2.late_arrival.reference) == (5, "planned_before")
    assert Q2.protest_window_minutes == 5


def test_queen2_p12_set_of_four_boards():
    boards = level_boards()[:3] + [BoardInput(winner="B", coins_left_of_loser=1, queen="covered_by_loser")]
    state = Q2.play_game(GameInput(boards=boards))
    assert state.game_over and state.ended_by == "four_boards" and state.decided_by == "boards"
    assert state.winner == "A"


def test_queen2_p12_tie_after_four_boards_needs_tie_breaker():
    state = Q2.play_game(GameInput(boards=level_boards()))
    assert state.scores == {"A": 7, "B": 7}
    assert not state.game_over and state.tie_breaker_needed and state.next_board is None
    assert state.toss_for_break  # queen2 ¶16


def test_queen2_p12_tie_breaker_decides_the_set():
    tie = TieBreaker("A", {"A": [True, False, True], "B": [False, True, False]})
    state = Q2.play_game(GameInput(boards=level_boards(), tie_breaker=tie))
    assert state.game_over and state.winner == "A" and state.decided_by == "tie_breaker"
    assert state.final_score == {"A": 7, "B": 7}


def test_queen2_p12_tie_breaker_decided_early_when_one_cannot_catch_up():
    tie = TieBreaker("A", {"A": [True, True], "B": [False, False]})
    state = Q2.play_game(GameInput(boards=level_boards(), tie_breaker=tie))
    assert state.winner == "A"


def test_queen2_p12_tie_breaker_three_chances_alternately():
    with pytest.raises(RuleError):
        Q2.play_game(GameInput(boards=level_boards(), tie_breaker=TieBreaker("A", {"A": [True] * 4, "B": []})))
    with pytest.raises(RuleError):
        Q2.play_game(GameInput(boards=level_boards(), tie_breaker=TieBreaker("A", {"A": [], "B": [True]})))


def test_queen2_p14_level_after_tie_breaker_goes_to_sudden_death():
    tie = TieBreaker("B", {"A": [True, False, False], "B": [False, True, False]})
    state = Q2.play_game(GameInput(boards=level_boards(), tie_breaker=tie))
    assert state.sudden_death_needed and not state.game_over


def test_queen2_p15_sudden_death_first_failure_loses():
    tie = TieBreaker("B", {"A": [True, False, False], "B": [False, True, False]})
    rounds = [{"A": True, "B": True}, {"A": False, "B": True}]
    state = Q2.play_game(GameInput(boards=level_boards(), tie_breaker=tie, sudden_death=rounds))
    assert state.game_over and state.winner == "B" and state.decided_by == "sudden_death"


def test_queen2_p15_no_round_after_the_decision():
    tie = TieBreaker("B", {"A": [True, False, False], "B": [False, True, False]})
    rounds = [{"A": False, "B": True}, {"A": True, "B": True}]
    with pytest.raises(RuleError):
        Q2.play_game(GameInput(boards=level_boards(), tie_breaker=tie, sudden_death=rounds))


def test_queen2_p12_tie_breaker_only_after_a_tie():
    tie = TieBreaker("A", {"A": [True], "B": []})
    with pytest.raises(RuleError):
        Q2.play_game(GameInput(boards=level_boards()[:2], tie_breaker=tie))


def test_queen2_p1_sides_change_after_two_boards_in_the_third_set():
    assert Q2.play_game(GameInput(boards=level_boards()[:3], game_no=3)).change_sides_after_board == 2
    assert Q2.play_game(GameInput(boards=level_boards()[:3], game_no=2)).change_sides_after_board is None


def test_queen2_icf_56a_points_target_25_within_a_set():
    boards = [BoardInput(winner="A", coins_left_of_loser=9, queen="covered_by_winner")] * 3
    state = Q2.play_game(GameInput(boards=boards))
    assert state.ended_by == "points_target" and state.decided_by == "points_target" and state.winner == "A"
