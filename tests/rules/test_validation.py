"""Impossible input is refused with a message naming the law."""

import pytest

from rules.base import get_rule_set
from rules.board import BoardInput, SpecialEnding
from rules.errors import RuleError, UnknownRuleSet
from rules.game import GameInput

ICF = get_rule_set("icf")


def refused(rule_set, board):
    with pytest.raises(RuleError) as error:
        rule_set.score_board(board)
    return error.value


def test_icf_52_ten_cm_left_refused():
    error = refused(ICF, BoardInput(None, "A", 10, "covered_by_loser"))
    assert error.field == "coins_left_of_loser" and error.message.startswith("ICF 52")
    assert "at most 9" in error.message


def test_icf_52_negative_counts_refused():
    assert refused(ICF, BoardInput(None, "A", -1)).field == "coins_left_of_loser"
    assert refused(ICF, BoardInput({"A": -3, "B": 0}, "A", 1)).field == "scores_before"
    assert refused(ICF, BoardInput(None, "A", 1, loser_outstanding_dues=-1)).field == "loser_outstanding_dues"


def test_icf_52a_winner_must_be_a_or_b():
    assert refused(ICF, BoardInput(None, "C", 1)).field == "winner"


def test_icf_56_board_after_the_game_is_over_refused():
    error = refused(ICF, BoardInput({"A": 25, "B": 3}, "A", 1))
    assert error.field == "scores_before" and "ICF 56" in error.message


def test_icf_102_112_unknown_situation_refused():
    error = refused(ICF, BoardInput(special_ending=SpecialEnding("white_slam", "A")))
    assert error.field == "special_ending" and "ICF 102-112" in error.message


def test_icf_102_112_stroke_must_be_proper_or_improper():
    assert refused(ICF, BoardInput(special_ending=SpecialEnding("cover_last_opp", "A", "wild"))).field == (
        "special_ending"
    )


def test_icf_102_112_striker_cm_left_at_most_nine():
    error = refused(ICF, BoardInput(special_ending=SpecialEnding("cover_last_opp", "A", "proper", 10)))
    assert "ICF 52" in error.message


def test_icf_queen_state_must_be_known():
    assert refused(ICF, BoardInput(None, "A", 1, "in_pocket")).field == "queen"


def test_icf_game_scores_before_must_match_running_total():
    with pytest.raises(RuleError) as error:
        ICF.play_game(GameInput(boards=[BoardInput({"A": 5, "B": 0}, "A", 1)]))
    assert error.value.field == "boards"


def test_icf_game_board_error_names_the_board():
    with pytest.raises(RuleError) as error:
        ICF.play_game(GameInput(boards=[BoardInput(None, "A", 1), BoardInput(None, "A", 10)]))
    assert error.value.message.startswith("board 2: ICF 52")


def test_unknown_rule_set():
    with pytest.raises(UnknownRuleSet):
        get_rule_set("snooker")
