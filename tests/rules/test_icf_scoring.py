"""ICF 52-55 and 87(b): ordinary finishes. Each test is named after the law it checks."""

import pytest

from rules.base import get_rule_set
from rules.board import BoardInput
from rules.errors import RuleError

ICF = get_rule_set("icf")


def score(a=0, b=0, winner="A", coins=0, queen="covered_by_loser", dues=0):
    board = BoardInput({"A": a, "B": b}, winner, coins, queen, dues)
    return ICF.score_board(board)


def test_icf_52a_winner_of_the_board_is_credited():
    result = score(winner="B", coins=3)
    assert (result.winner, result.awarded_to, result.points) == ("B", "B", 3)
    assert result.scores_after == {"A": 0, "B": 3}


def test_icf_52b_queen_three_points_coin_one_point():
    assert ICF.queen_value == 3 and ICF.coin_value == 1
    result = score(coins=4, queen="covered_by_winner")
    assert (result.coin_points, result.queen_points, result.points) == (4, 3, 7)


def test_icf_52b_queen_counts_at_21_points():
    assert score(a=21, coins=2, queen="covered_by_winner").queen_points == 3


def test_icf_53a_points_are_the_losers_cm_left():
    result = score(a=10, b=7, coins=5)
    assert result.points == 5 and result.scores_after == {"A": 15, "B": 7}


def test_icf_53b_queen_credited_only_to_the_board_winner():
    result = score(coins=2, queen="covered_by_winner")
    assert result.queen_points == 3


def test_icf_53c_loser_who_covered_the_queen_gets_nothing():
    result = score(coins=2, queen="covered_by_loser")
    assert (result.queen_points, result.points, result.scores_after) == (0, 2, {"A": 2, "B": 0})


def test_icf_54_queen_not_credited_from_22_points():
    result = score(a=22, b=3, coins=4, queen="covered_by_winner")
    assert (result.queen_points, result.points) == (0, 4)


def test_icf_54_tests_the_winners_score_not_the_losers():
    result = score(a=5, b=23, coins=1, queen="covered_by_winner")
    assert result.queen_points == 3


def test_icf_54_reading_score_before_the_board():
    # 20 + 4 c/m would be 24, but the score before the board (20) decides (rules/README.md).
    assert score(a=20, coins=4, queen="covered_by_winner").queen_points == 3


def test_icf_55_at_most_twelve_points():
    result = score(coins=9, queen="covered_by_winner")
    assert result.points == 12 and not result.capped
    assert ICF.board_maximum == 12


def test_icf_55_dues_written_off():
    result = score(coins=3, dues=2)
    assert result.points == 3


def test_icf_107_queen_on_board_in_an_ordinary_finish_is_refused():
    with pytest.raises(RuleError) as error:
        score(coins=3, queen="on_board")
    assert error.value.field == "queen" and "ICF 107" in error.value.message


def test_icf_87b_additional_points_may_be_demanded_partially():
    from rules.board import SpecialEnding

    special = SpecialEnding("last_own_with_striker_queen_on_board", "A", "improper", 0, 1)
    result = ICF.score_board(BoardInput({"A": 0, "B": 0}, special_ending=special))
    assert result.additional_points == 1 and result.points == 4


def test_icf_87b_more_than_available_cannot_be_demanded():
    from rules.board import SpecialEnding

    special = SpecialEnding("last_own_with_striker_queen_on_board", "A", "improper", 0, 3)
    with pytest.raises(RuleError) as error:
        ICF.score_board(BoardInput({"A": 0, "B": 0}, special_ending=special))
    assert "ICF 108(b)" in error.value.message and "87(b)" in error.value.message
