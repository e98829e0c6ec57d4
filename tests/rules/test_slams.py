"""ICF 26 (ECC XXV, XXVI): white and black slams, checked against the board. Each test names the law it checks."""

import pytest

from rules.base import get_rule_set
from rules.board import BoardInput, SpecialEnding
from rules.errors import RuleError
from rules.game import GameInput
from rules.slams import slam_side

ICF = get_rule_set("icf")


def board(slam, winner="A", breaker="A", queen="covered_by_winner", coins=9, special=None):
    return BoardInput(
        winner=winner, coins_left_of_loser=coins, queen=queen, breaker=breaker, slam=slam, special_ending=special
    )


def refusal(rule_set, entry):
    with pytest.raises(RuleError) as caught:
        rule_set.score_board(entry)
    assert caught.value.field == "slam"
    return caught.value.message


def test_icf_26a_a_white_slam_is_the_breakers_with_the_queen():
    result = ICF.score_board(board("white"))
    assert (result.awarded_to, result.points) == ("A", 12)  # nine black c/m and the queen: ICF 52, 55


def test_icf_26a_a_white_slam_by_the_side_that_did_not_break_is_refused():
    message = refusal(ICF, board("white", winner="B", breaker="A"))
    assert message.startswith("ICF 26:") and "breaker" in message


def test_icf_26a_a_white_slam_pockets_the_queen():
    for queen in ("covered_by_loser", None):
        assert refusal(ICF, board("white", queen=queen)).startswith("ICF 26:")


def test_icf_26b_a_black_slam_is_the_other_sides_with_or_without_the_queen():
    for queen in ("covered_by_winner", "covered_by_loser"):
        result = ICF.score_board(board("black", winner="B", breaker="A", queen=queen, coins=5))
        assert result.awarded_to == "B"


def test_icf_26b_a_black_slam_by_the_breaker_is_refused():
    assert "broke" in refusal(ICF, board("black", winner="A", breaker="A"))


def test_icf_26b_a_black_slam_says_who_covered_the_queen():
    assert refusal(ICF, board("black", winner="B", queen=None)).startswith("ICF 26:")


def test_icf_26_a_special_finish_is_no_slam():
    special = SpecialEnding("queen_last_own_last_opp", "A")
    assert refusal(ICF, board("white", special=special)).startswith("ICF 26:")


def test_icf_26_a_slam_needs_the_breaker_and_a_known_colour():
    assert refusal(ICF, board("white", breaker=None)).startswith("ICF 26:")
    assert refusal(ICF, board("grey")).startswith("ICF 26:")


def test_icf_26_a_board_without_a_slam_is_unchanged():
    assert ICF.score_board(board(None, winner="B", breaker="A")).awarded_to == "B"


def test_icf_49_26_in_a_game_the_breaker_is_the_alternation():
    """ICF 49(a)(i): board 2 of a game A broke first is B's break, so B's slam there is white, A's black."""
    first = BoardInput(winner="A", coins_left_of_loser=2)
    white_by_b = BoardInput(winner="B", coins_left_of_loser=9, queen="covered_by_winner", slam="white")
    state = ICF.play_game(GameInput(boards=[first, white_by_b], first_breaker="A"))
    assert state.scores == {"A": 2, "B": 12}
    black_by_a = BoardInput(winner="A", coins_left_of_loser=4, queen="covered_by_loser", slam="black")
    ICF.play_game(GameInput(boards=[first, black_by_a], first_breaker="A"))
    with pytest.raises(RuleError) as caught:
        ICF.play_game(GameInput(boards=[first, BoardInput(winner="A", coins_left_of_loser=4, slam="white")]))
    assert "board 2: ICF 26:" in caught.value.message


def test_ecc_xxv_xxvi_cited_by_the_ecc():
    assert refusal(get_rule_set("ecc"), board("white", winner="B")).startswith("ECC XXV, XXVI:")


@pytest.mark.parametrize("key", ["icf", "ecc", "queen2", "office"])
def test_every_rule_set_takes_a_white_slam(key):
    assert get_rule_set(key).score_board(board("white")).awarded_to == "A"


def test_icf_26_43_the_side_of_a_slam():
    assert slam_side("white", "B") == "B"
    assert slam_side("black", "B") == "A"
    assert slam_side(None, "A") is None
