"""ICF 39, 49, 56, 57, 58-60, 143(i), 146, 151(c): games, matches and parameters."""

import pytest

from rules.base import get_rule_set
from rules.board import BoardInput, SpecialEnding
from rules.errors import RuleError
from rules.game import GameInput
from rules.match import GameResult, MatchInput

ICF = get_rule_set("icf")


def win(side, coins=1, queen="covered_by_loser"):
    return BoardInput(winner=side, coins_left_of_loser=coins, queen=queen)


def alternating(n, coins=1):
    return [win("A" if k % 2 == 0 else "B", coins) for k in range(n)]


def test_icf_49a_breaks_alternate_during_the_game():
    assert ICF.play_game(GameInput(boards=[], first_breaker="B")).next_breaker == "B"
    assert ICF.play_game(GameInput(boards=alternating(1), first_breaker="B")).next_breaker == "A"
    assert ICF.play_game(GameInput(boards=alternating(2), first_breaker="B")).next_breaker == "B"


def test_icf_49a_ii_iii_first_break_alternates_between_games():
    assert ICF.first_breaker_by_game("A") == {1: "A", 2: "B", 3: "A"}


def test_icf_56a_first_to_25_points_ends_the_game():
    boards = [win("A", 9, "covered_by_winner"), win("B", 2), win("A", 9, "covered_by_winner"), win("A", 1)]
    state = ICF.play_game(GameInput(boards=boards))
    assert state.running_totals == [
        {"A": 12, "B": 0},
        {"A": 12, "B": 2},
        {"A": 24, "B": 2},
        {"A": 25, "B": 2},
    ]
    assert state.game_over and state.ended_by == "points_target" and state.winner == "A"
    assert state.next_board is None and state.next_breaker is None and state.boards_played == 4


def test_icf_56a_leader_after_eight_boards_wins():
    boards = alternating(7) + [win("A", 2)]
    state = ICF.play_game(GameInput(boards=boards, round="league"))
    assert state.game_over and state.ended_by == "eight_boards" and state.final_score == {"A": 6, "B": 3}


def test_icf_56a_board_after_the_game_is_over_is_refused():
    boards = [win("A", 9, "covered_by_winner")] * 4  # A reaches 33 at board 3
    with pytest.raises(RuleError) as error:
        ICF.play_game(GameInput(boards=boards))
    assert error.value.field == "boards" and "ICF 56" in error.value.message


def test_icf_56b_tie_after_eight_boards_needs_an_extra_board_with_toss_for_break():
    state = ICF.play_game(GameInput(boards=alternating(8), round="pre_quarter_final"))
    assert not state.game_over and state.extra_board_needed and state.next_board == 9
    assert state.next_breaker is None and state.toss_for_break


def test_icf_56b_extra_board_decides():
    state = ICF.play_game(GameInput(boards=alternating(8) + [win("B", 3)], round="league"))
    assert state.game_over and state.ended_by == "extra_board" and state.winner == "B"
    assert state.final_score == {"A": 4, "B": 7}


def test_icf_56b_from_quarter_finals_no_eight_board_limit():
    state = ICF.play_game(GameInput(boards=alternating(8), round="quarter_final"))
    assert not state.game_over and not state.extra_board_needed and state.next_board == 9
    state = ICF.play_game(GameInput(boards=alternating(12), round="final"))
    assert not state.game_over


def test_icf_56_unknown_round_refused():
    with pytest.raises(RuleError) as error:
        ICF.play_game(GameInput(boards=[], round="round_of_3"))
    assert error.value.field == "round"


def test_icf_57_best_of_three_games():
    toss = dict(toss_winner="A", toss_choice="break")
    state = ICF.match_state(MatchInput(**toss, games=[GameResult(1, "A", {"A": 25, "B": 10})]))
    assert not state.match_over and state.next_game == 2 and state.games_won == {"A": 1, "B": 0}
    games = [GameResult(1, "A", {"A": 25, "B": 10}), GameResult(2, "A", {"A": 25, "B": 3})]
    state = ICF.match_state(MatchInput(**toss, games=games))
    assert state.match_over and state.winner == "A" and state.next_game is None and state.games_played == 2


def test_icf_57_third_game_decides():
    games = [GameResult(1, "A", None), GameResult(2, "B", None), GameResult(3, "B", None)]
    state = ICF.match_state(MatchInput("A", "break", games))
    assert state.match_over and state.winner == "B" and state.games_won == {"A": 1, "B": 2}


def test_icf_57_no_game_after_the_match_is_over():
    games = [GameResult(1, "A", None), GameResult(2, "A", None), GameResult(3, "B", None)]
    with pytest.raises(RuleError) as error:
        ICF.match_state(MatchInput("A", "break", games))
    assert "ICF 57" in error.value.message


def test_icf_57_game_winner_must_have_more_points():
    with pytest.raises(RuleError):
        ICF.match_state(MatchInput("A", "break", [GameResult(1, "B", {"A": 25, "B": 10})]))


def test_icf_39c_choosing_side_leaves_the_break_to_the_loser():
    state = ICF.match_state(MatchInput("A", "side", []))
    assert state.first_breaker_by_game == {1: "B", 2: "A", 3: "B"} and state.next_first_breaker == "B"


def test_icf_58_60_no_side_change_within_games_one_and_two():
    assert ICF.play_game(GameInput(boards=alternating(6), game_no=1)).change_sides_after_board is None


def test_icf_60a_third_game_change_after_fourth_board():
    state = ICF.play_game(GameInput(boards=alternating(5), game_no=3, round="league"))
    assert state.change_sides_after_board == 4


def test_icf_60a_third_game_change_at_13_points_if_earlier():
    boards = [win("A", 9, "covered_by_winner"), win("A", 1)]
    state = ICF.play_game(GameInput(boards=boards, game_no=3, round="pre_quarter_final"))
    assert state.change_sides_after_board == 2


def test_icf_60b_from_quarter_finals_only_at_13_points():
    state = ICF.play_game(GameInput(boards=alternating(6), game_no=3, round="quarter_final"))
    assert state.change_sides_after_board is None
    boards = alternating(4) + [win("B", 9, "covered_by_winner")]
    state = ICF.play_game(GameInput(boards=boards, game_no=3, round="semi_final"))
    assert state.change_sides_after_board == 5


def test_icf_143i_late_arrival_15_minutes_after_announcement():
    late = ICF.late_arrival
    assert (late.minutes, late.reference, late.consequence) == (15, "announced", "loses_match")


def test_icf_146_protest_within_15_minutes_151c_decision_within_an_hour():
    assert (ICF.protest_window_minutes, ICF.protest_decision_minutes) == (15, 60)


def test_icf_50_stroke_within_15_seconds():
    assert ICF.stroke_seconds == 15


def test_icf_56_special_ending_counts_in_the_game():
    ending = SpecialEnding("last_opp_queen_on_board", "A", "proper", 4)
    state = ICF.play_game(GameInput(boards=[BoardInput(special_ending=ending)]))
    assert state.running_totals == [{"A": 0, "B": 7}]
