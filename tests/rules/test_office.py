"""Office league rules: 1 point per piece, +5 queen bonus below 24, stages of 1 board, 15 and 29 points."""

import pytest

from rules.base import get_rule_set
from rules.board import BoardInput, SpecialEnding
from rules.errors import RuleError
from rules.game import GameInput

OFFICE = get_rule_set("office")


def test_office_scoring_one_point_per_opponent_piece_left():
    result = OFFICE.score_board(BoardInput({"A": 0, "B": 0}, "B", 6, "covered_by_loser"))
    assert (result.awarded_to, result.points) == ("B", 6)


def test_office_scoring_queen_bonus_five_below_24():
    result = OFFICE.score_board(BoardInput({"A": 23, "B": 0}, "A", 2, "covered_by_winner", stage="semi_final"))
    assert (result.queen_points, result.points) == (5, 7)


def test_office_scoring_no_queen_bonus_from_24():
    result = OFFICE.score_board(BoardInput({"A": 24, "B": 0}, "A", 2, "covered_by_winner", stage="final"))
    assert (result.queen_points, result.points) == (0, 2)


def test_office_scoring_no_board_maximum():
    assert OFFICE.board_maximum is None
    assert OFFICE.score_board(BoardInput(None, "A", 9, "covered_by_winner")).points == 14


def test_office_fouls_final_piece_before_queen_covered_board_goes_on():
    result = OFFICE.score_board(BoardInput(None, "A", 3, "on_board"))
    assert not result.board_over and result.points == 0


def test_office_fouls_no_special_finishes():
    with pytest.raises(RuleError) as error:
        OFFICE.score_board(BoardInput(special_ending=SpecialEnding("last_opp_queen_on_board", "A")))
    assert error.value.field == "special_ending" and "office" in error.value.message


def test_office_game_rules_group_game_is_one_board():
    state = OFFICE.play_game(GameInput(stage="group", boards=[BoardInput(None, "B", 4, "covered_by_winner")]))
    assert state.game_over and state.ended_by == "single_board" and state.winner == "B"
    assert state.final_score == {"A": 0, "B": 9}
    with pytest.raises(RuleError):
        OFFICE.play_game(GameInput(stage="group", boards=[BoardInput(None, "B", 4)] * 2))


def test_office_game_rules_knockout_not_over_below_15_points():
    boards = [BoardInput(None, "A", 9, "covered_by_loser"), BoardInput(None, "A", 5, "covered_by_loser")]
    state = OFFICE.play_game(GameInput(stage="knockout", boards=boards))
    assert not state.game_over and state.scores == {"A": 14, "B": 0} and state.next_breaker == "A"


def test_office_game_rules_knockout_game_ends_at_15():
    boards = [BoardInput(None, "A", 9, "covered_by_loser"), BoardInput(None, "A", 6, "covered_by_loser")]
    state = OFFICE.play_game(GameInput(stage="knockout", boards=boards))
    assert state.game_over and state.ended_by == "points_target" and state.final_score == {"A": 15, "B": 0}


def test_office_game_rules_semi_final_and_final_to_29_points():
    assert OFFICE.game_length(stage="semi_final").points_target == 29
    assert OFFICE.game_length(stage="final").points_target == 29
    boards = [BoardInput(None, "A", 9, "covered_by_winner")] * 2
    state = OFFICE.play_game(GameInput(stage="final", boards=boards))
    assert not state.game_over and state.scores == {"A": 28, "B": 0} and state.next_board == 3


def test_office_game_rules_stage_is_required():
    with pytest.raises(RuleError) as error:
        OFFICE.play_game(GameInput(boards=[]))
    assert error.value.field == "stage"
