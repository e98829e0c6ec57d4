"""ECC laws for self-umpired games: scoring (ECC 32-38), special finishes (93-102), time limit (39-41), 18."""

from datetime import datetime, timedelta

import pytest

from rules.base import get_rule_set
from rules.board import BoardInput, SpecialEnding
from rules.errors import RuleError
from rules.game import GameInput
from rules.timing import UnfinishedBoard

ECC = get_rule_set("ecc")
START = datetime(2024, 5, 4, 10, 0)


def special(situation, stroke="proper", a=0, b=0, coins=0, demanded=0):
    ending = SpecialEnding(situation, "A", stroke, coins, demanded)
    result = ECC.score_board(BoardInput({"A": a, "B": b}, special_ending=ending))
    return result.awarded_to, result.points


def board(winner="A", coins=1, queen="covered_by_loser", minutes=(0, 5)):
    return BoardInput(
        winner=winner,
        coins_left_of_loser=coins,
        queen=queen,
        started_at=START + timedelta(minutes=minutes[0]),
        completed_at=START + timedelta(minutes=minutes[1]),
    )


def test_ecc_18_late_arrival_six_minutes_after_start_loses_25_0():
    late = ECC.late_arrival
    assert (late.minutes, late.reference, ECC.walkover.score) == (6, "start", (25, 0))
    # ECC 18, 124: the walk-over's 25-0 is a score like any other, so it counts in net and total score.
    assert ECC.walkover.counts_in_scores


def test_ecc_37_queen_not_credited_from_22():
    result = ECC.score_board(BoardInput({"A": 22, "B": 0}, "A", 3, "covered_by_winner"))
    assert result.points == 3


def test_ecc_38_board_maximum_12():
    assert ECC.score_board(BoardInput(None, "A", 9, "covered_by_winner")).points == 12


def test_ecc_93_cover_with_both_last_cm_wins_3_or_1():
    assert special("cover_last_own_and_last_opp") == ("A", 3)
    assert special("cover_last_own_and_last_opp", a=22) == ("A", 1)


def test_ecc_94_queen_with_both_last_cm_wins_3():
    assert special("queen_last_own_last_opp") == ("A", 3)


def test_ecc_95_both_last_cm_queen_on_board_opponent_3():
    assert special("last_own_last_opp_queen_on_board") == ("B", 3)


def test_ecc_96_last_opp_cm_queen_on_board():
    assert special("last_opp_queen_on_board", coins=4) == ("B", 7)
    assert special("last_opp_queen_on_board", b=22, coins=4) == ("B", 4)


def test_ecc_97_last_own_leaving_queen_loses_3():
    assert special("last_own_queen_on_board") == ("B", 3)


def test_ecc_98_with_striker_extra_point_is_automatic():
    result = ECC.score_board(
        BoardInput(special_ending=SpecialEnding("last_own_with_striker_queen_on_board", "A", "proper", 0, 0))
    )
    assert (result.awarded_to, result.points, result.additional_points) == ("B", 4, 1)
    assert result.law == "ECC 98"


def test_ecc_99_queen_both_last_cm_with_striker():
    assert special("queen_last_own_last_opp_with_striker") == ("B", 4)
    assert special("queen_last_own_last_opp_with_striker", b=22) == ("B", 2)


def test_ecc_100_queen_covered_by_striker_loses_1_plus_1():
    assert special("last_own_last_opp_with_striker_queen_covered_by_striker") == ("B", 2)


def test_ecc_101_last_opp_with_striker():
    assert special("last_opp_with_striker_queen_on_board", coins=2) == ("B", 6)


def test_ecc_102_queen_covered_by_opponent_3_plus_1_no_22_clause():
    key = "last_own_last_opp_with_striker_queen_covered_by_opponent"
    assert special(key) == ("B", 4)
    assert special(key, b=23) == ("B", 4)  # ECC 102 has no "22 or more" clause


def test_ecc_93_102_have_no_improper_form():
    assert special("last_own_queen_on_board", "improper", demanded=1) == ("B", 3)


def test_ecc_has_no_counterpart_of_icf_103_or_121b():
    for situation in ("cover_last_opp", "plays_on_during_appeal"):
        with pytest.raises(RuleError) as error:
            special(situation)
        assert error.value.field == "special_ending" and "ECC" in error.value.message


def test_ecc_39_eight_boards_level_is_a_draw():
    boards = [board("A" if n % 2 else "B", 1, minutes=(n * 5, n * 5 + 4)) for n in range(8)]
    state = ECC.play_game(GameInput(boards=boards))
    assert state.game_over and state.ended_by == "eight_boards" and state.draw and state.winner is None


def test_ecc_39_first_to_25_points():
    boards = [board("A", 9, "covered_by_winner", (0, 5)), board("A", 9, "covered_by_winner", (6, 10)),
              board("A", 1, minutes=(11, 15))]  # fmt: skip
    state = ECC.play_game(GameInput(boards=boards))
    assert state.ended_by == "points_target" and state.winner == "A" and state.final_score == {"A": 25, "B": 0}


def test_ecc_40_no_board_may_start_after_the_first_bell():
    boards = [board("A", 3, minutes=(0, 20)), board("B", 2, minutes=(51, 55))]
    with pytest.raises(RuleError) as error:
        ECC.play_game(GameInput(boards=boards, game_started_at=START))
    assert error.value.field == "boards" and "ECC 40" in error.value.message


def test_ecc_40_board_running_at_the_first_bell_is_the_last():
    boards = [board("A", 3, minutes=(0, 45)), board("B", 2, minutes=(46, 53))]
    state = ECC.play_game(GameInput(boards=boards, game_started_at=START))
    assert state.game_over and state.ended_by == "time_limit" and state.winner == "A"
    assert state.first_bell_at == START + timedelta(minutes=50)
    assert state.second_bell_at == START + timedelta(minutes=57)


def test_ecc_41_second_bell_counts_coin_difference_queen_excluded():
    boards = [board("A", 2, minutes=(0, 30)), board("B", 3, minutes=(31, 45))]
    unfinished = UnfinishedBoard(3, {"A": 2, "B": 6}, queen_held_by="B")
    state = ECC.play_game(GameInput(boards=boards, game_started_at=START, unfinished_board_at_second_bell=unfinished))
    assert state.time_limit_award == {"player": "A", "points": 4}
    assert state.final_score == {"A": 6, "B": 3} and state.winner == "A" and state.ended_by == "time_limit"


def test_ecc_41_equal_coins_at_second_bell_no_award():
    unfinished = UnfinishedBoard(1, {"A": 5, "B": 5})
    state = ECC.play_game(GameInput(boards=[], game_started_at=START, unfinished_board_at_second_bell=unfinished))
    assert state.time_limit_award is None and state.draw and state.game_over


def test_ecc_41_unfinished_board_must_follow_the_last_board():
    with pytest.raises(RuleError) as error:
        ECC.play_game(GameInput(boards=[], unfinished_board_at_second_bell=UnfinishedBoard(3, {"A": 1, "B": 2})))
    assert "ECC 41" in error.value.message


def test_ecc_41_play_stops_at_the_second_bell():
    with pytest.raises(RuleError):
        ECC.play_game(GameInput(boards=[board("A", 3, minutes=(0, 58))], game_started_at=START))


def test_ecc_39_time_limit_parameters():
    assert (ECC.time_limit.minutes, ECC.time_limit.extra_minutes) == (50, 7)


def test_ecc_18_match_is_one_game():
    from rules.match import GameResult, MatchInput

    state = ECC.match_state(MatchInput("A", "break", [GameResult(1, None, {"A": 12, "B": 12})]))
    assert state.match_over and state.draw and state.winner is None
