"""ECC self-umpired boards kept stroke by stroke: the break (23-26), the turn and the stroke clock (28, 30), fouls
(43), dues (56-60), the Queen (79-92), the special finishes with their automatic additional point (93-102) and
the ordinary finish (32-38). ECC has no improper stroke, no technical foul and no Umpire to appeal to."""

import pytest

from tests.rules.strokes_board import (
    LAST_EACH_QUEEN_BY_A,
    LAST_EACH_QUEEN_BY_B,
    LAST_EACH_QUEEN_ON_BOARD,
    TWO_AND_ONE_QUEEN_ON_BOARD,
    S,
    cited,
    laws,
    outcome,
    play,
    refused,
)

ECC = "ecc"
NO_DUES = {"A": 0, "B": 0}


def last(*strokes, **opening):
    return play(ECC, *strokes, **opening).state


def test_ecc_24_25_three_chances_to_break_then_the_opponent_breaks_with_black():
    state = last(S(missed=True))
    assert (state.turn, state.break_attempts) == ("A", 1) and laws(state) == ["ECC 23, 24"]
    state = last(*[S(missed=True)] * 3)
    assert state.turn == "B" and "ECC 25" in laws(state) and state.colours["B"] == "black"


def test_ecc_26_the_striker_pocketed_without_touching_a_cm_loses_the_turn_without_due():
    state = last(S(striker=True, missed=True))
    assert (state.turn, state.dues) == ("B", NO_DUES) and laws(state)[0] == "ECC 26"


def test_ecc_28_the_turn_goes_on_while_he_pockets_his_own_cm():
    assert last(S(own=1)).turn == "A"
    assert last(S(own=1), S()).turn == "B"


def test_ecc_30_a_time_out_loses_the_turn_without_penalty():
    state = last(S(own=1), S(kind="time_out"))
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 8, "B": 9}, NO_DUES)
    assert laws(state)[0] == "ECC 30" and state.stroke_seconds == 15


def test_ecc_30_86_a_time_out_before_the_cover_sends_the_queen_back():
    state = last(S(own=1), S(queen=True), S(kind="time_out"))
    assert (state.queen, state.turn, state.dues) == ("on_board", "B", NO_DUES)


def test_ecc_43_a_foul_costs_a_cm_and_the_turn():
    state = last(S(own=1), S(kind="foul", foul="foul"))
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 9, "B": 9}, NO_DUES)
    assert laws(state)[0] == "ECC 43"


def test_ecc_43_a_foul_before_the_first_stroke_of_the_turn_loses_it_too():
    """ECC has no technical foul (ICF 63): ECC 43 applies whenever the foul is committed."""
    state = last(S(), S(kind="foul", foul="foul"))
    assert (state.turn, state.dues) == ("A", {"A": 0, "B": 1}) and laws(state)[0] == "ECC 43"


def test_ecc_43_57_a_foul_before_any_cm_is_pocketed_stays_outstanding():
    state = last(S(kind="foul", foul="foul"))
    assert (state.turn, state.dues) == ("B", {"A": 1, "B": 0}) and cited(state, "ECC 57")


def test_ecc_43_a_foul_by_the_player_not_having_the_turn_costs_him_a_cm_and_the_turn_goes_on():
    state = last(S(own=1), S(kind="foul", foul="foul", by="B"))
    assert (state.turn, state.dues) == ("A", {"A": 0, "B": 1}) and laws(state)[0] == "ECC 43"


def test_ecc_56_striker_alone_a_due_and_the_turn_lost():
    state = last(S(own=1), S(striker=True))
    assert (state.turn, state.on_board) == ("B", {"A": 9, "B": 9}) and laws(state)[0] == "ECC 56"
    assert cited(state, "ECC 61")


def test_ecc_58_striker_with_own_cm_they_come_back_with_a_due_and_the_turn_goes_on():
    state = last(S(own=2), S(own=1, striker=True))
    assert (state.turn, state.on_board) == ("A", {"A": 8, "B": 9}) and laws(state)[0] == "ECC 58"


def test_ecc_59_striker_with_the_opponents_cm_they_stay_pocketed_due_and_turn_lost():
    state = last(S(own=1), S(opponent=1, striker=True))
    assert (state.turn, state.on_board) == ("B", {"A": 9, "B": 8}) and cited(state, "ECC 59")


def test_ecc_60_striker_with_own_and_opponents_cm_own_come_back_with_a_due_and_the_turn_goes_on():
    state = last(S(own=1), S(own=1, opponent=1, striker=True))
    assert (state.turn, state.on_board) == ("A", {"A": 9, "B": 8}) and laws(state)[0] == "ECC 60"


def test_ecc_82_the_queen_before_his_own_cm_goes_back():
    state = last(S(queen=True))
    assert (state.queen, state.turn) == ("on_board", "B") and laws(state)[0] == "ECC 82, ECC 80"


def test_ecc_83_the_queen_while_a_due_is_against_him_goes_back():
    state = last(S(striker=True), S(), S(queen=True, own=1))
    assert (state.queen, state.turn) == ("on_board", "B") and laws(state)[0] == "ECC 83, ECC 80"


def test_ecc_84_after_recovery_of_the_due_he_may_pocket_the_queen():
    assert last(S(own=1), S(striker=True), S(), S(queen=True)).queen == "awaiting_cover"


def test_ecc_85_queen_and_striker_with_nine_on_the_board_queen_back_and_a_due():
    state = last(S(queen=True, striker=True))
    assert (state.queen, state.turn, state.dues) == ("on_board", "B", {"A": 1, "B": 0})
    assert laws(state)[0] == "ECC 85, ECC 80"


def test_ecc_86_87_the_queen_covered_or_not():
    assert last(S(own=1), S(queen=True), S()).queen == "on_board"
    state = last(S(own=1), S(queen=True), S(own=1))
    assert (state.queen, state.queen_by) == ("covered", "A") and cited(state, "ECC XV")
    assert last(S(own=1), S(queen=True, own=1)).queen == "covered"


def test_ecc_88_at_the_break_the_queen_and_one_cm_must_still_be_covered():
    state = last(S(queen=True, own=1))
    assert state.queen == "awaiting_cover" and laws(state)[0] == "ECC 88, ECC XV"
    assert last(S(queen=True, own=2)).queen == "covered"


def test_ecc_89_queen_cm_and_striker_all_come_back_with_a_due_and_the_turn_goes_on():
    state = last(S(own=1), S(queen=True, own=1, striker=True))
    assert (state.queen, state.turn, state.on_board) == ("on_board", "A", {"A": 9, "B": 9})
    assert laws(state)[0] == "ECC 89"


def test_ecc_90_queen_and_striker_the_queen_back_a_cm_out_and_the_turn_goes_on():
    state = last(S(own=1), S(queen=True, striker=True))
    assert (state.queen, state.turn, state.on_board) == ("on_board", "A", {"A": 9, "B": 9})
    assert laws(state)[0] == "ECC 90, ECC 80"


def test_ecc_91_striker_alone_while_covering_queen_back_due_and_turn_lost():
    state = last(S(own=1), S(queen=True), S(striker=True))
    assert (state.queen, state.turn, state.on_board) == ("on_board", "B", {"A": 9, "B": 9})
    assert laws(state)[0] == "ECC 91, ECC 80"


def test_ecc_92_striker_with_his_cm_while_covering_he_may_still_cover_next():
    state = last(S(own=1), S(queen=True), S(own=1, striker=True))
    assert (state.queen, state.turn) == ("awaiting_cover", "A") and laws(state)[0] == "ECC 92"
    assert last(S(own=1), S(queen=True), S(own=1, striker=True), S()).queen == "on_board"


COVERING = (*LAST_EACH_QUEEN_ON_BOARD, S(queen=True))

# (case, strokes, scores, (awarded to, points, law)); the additional point of 98-102 is given without a demand
SPECIALS = [
    ("93", (*COVERING, S(own=1, opponent=1)), None, ("A", 3, "ECC 93")),
    ("93 at 22", (*COVERING, S(own=1, opponent=1)), {"A": 22}, ("A", 1, "ECC 93")),
    ("94", (*LAST_EACH_QUEEN_ON_BOARD, S(queen=True, own=1, opponent=1)), None, ("A", 3, "ECC 94")),
    ("95", (*LAST_EACH_QUEEN_ON_BOARD, S(own=1, opponent=1)), None, ("B", 3, "ECC 95")),
    ("95 at 22", (*LAST_EACH_QUEEN_ON_BOARD, S(own=1, opponent=1)), {"B": 22}, ("B", 1, "ECC 95")),
    ("96", (*TWO_AND_ONE_QUEEN_ON_BOARD, S(opponent=1)), None, ("B", 5, "ECC 96")),
    ("96 at 22", (*TWO_AND_ONE_QUEEN_ON_BOARD, S(opponent=1)), {"B": 22}, ("B", 2, "ECC 96")),
    # no counterpart of ICF 103: covering with the opponent's last c/m is ECC 96 (rules/strokes/finish.py)
    ("96 while covering", (*TWO_AND_ONE_QUEEN_ON_BOARD, S(queen=True), S(opponent=1)), None, ("B", 5, "ECC 96")),
    ("97", (S(own=8), S(own=1)), None, ("B", 3, "ECC 97")),
    ("97 at 22", (S(own=8), S(own=1)), {"B": 22}, ("B", 1, "ECC 97")),
    ("98", (S(own=8), S(own=1, striker=True)), None, ("B", 4, "ECC 98")),
    ("98 at 22", (S(own=8), S(own=1, striker=True)), {"B": 22}, ("B", 2, "ECC 98")),
    ("99", (*LAST_EACH_QUEEN_ON_BOARD, S(queen=True, own=1, opponent=1, striker=True)), None, ("B", 4, "ECC 99")),
    ("100", (*LAST_EACH_QUEEN_BY_A, S(own=1, opponent=1, striker=True)), None, ("B", 2, "ECC 100")),
    ("101", (*TWO_AND_ONE_QUEEN_ON_BOARD, S(opponent=1, striker=True)), None, ("B", 6, "ECC 101")),
    ("101 at 22", (*TWO_AND_ONE_QUEEN_ON_BOARD, S(opponent=1, striker=True)), {"B": 22}, ("B", 3, "ECC 101")),
    ("102", (*LAST_EACH_QUEEN_BY_B, S(own=1, opponent=1, striker=True)), None, ("B", 4, "ECC 102")),
    # ECC 102 has no "22 or more" clause (reading 5): always 3 + 1
    ("102 at 22", (*LAST_EACH_QUEEN_BY_B, S(own=1, opponent=1, striker=True)), {"B": 22}, ("B", 4, "ECC 102")),
]  # fmt: skip


@pytest.mark.parametrize(("case", "strokes", "scores", "expected"), SPECIALS, ids=[c[0] for c in SPECIALS])
def test_ecc_93_to_102_special_finish_played_stroke_by_stroke(case, strokes, scores, expected):
    played = play(ECC, *strokes, scores=scores)
    assert outcome(played) == expected and laws(played.state) == [expected[2]]


def test_ecc_98_the_additional_point_is_given_whatever_is_demanded():
    for demanded in (0, 2):  # reading 13: ECC 98-102 give the point; nothing is demanded
        played = play(ECC, S(own=8), S(own=1, striker=True, additional_points_demanded=demanded))
        assert outcome(played) == ("B", 4, "ECC 98") and played.result.additional_points == 1


def test_ecc_32_to_38_the_ordinary_finish_with_the_queen_and_the_due_written_off():
    played = play(ECC, S(), S(striker=True), S(own=1), S(queen=True, own=1), S(own=7))
    assert outcome(played) == ("A", 12, "ECC 32-38") and played.board_input.loser_outstanding_dues == 1
    played = play(ECC, S(), S(striker=True), S(own=1), S(queen=True, own=1), S(own=7), scores={"A": 22})
    assert outcome(played) == ("A", 9, "ECC 32-38")  # ECC 37


def test_ecc_36_the_queen_covered_by_the_loser_is_not_credited():
    played = play(ECC, S(own=1), S(), S(own=1), S(queen=True, own=1), S(), S(own=8))
    assert outcome(played) == ("A", 7, "ECC 32-38") and played.board_input.queen == "covered_by_loser"


def test_ecc_xxv_white_slam():
    assert play(ECC, S(queen=True, own=2), S(own=7)).board_input.slam == "white"


def test_ecc_improper_strokes_do_not_exist_and_are_refused():
    refused(ECC, S(own=1, foul="improper"), match="stroke 1: ECC 43: these laws have no improper stroke")


def test_ecc_43_only_its_own_foul_can_be_named():
    refused(ECC, S(kind="foul", foul="technical"), match="stroke 1: ECC 43: no such foul; one of foul")
    refused(ECC, S(kind="foul", foul="plays_on_during_appeal"), match="no such foul")


def test_ecc_34_more_cm_than_are_on_the_board_are_refused():
    refused(ECC, S(own=10), match="stroke 1: ECC 34: 10 c/m of A pocketed, but only 9 are on the board")


def test_ecc_79_xv_the_queen_not_on_the_board_and_a_cover_without_queen_are_refused():
    refused(ECC, S(own=1), S(queen=True, own=1), S(queen=True), match="stroke 3: ECC 79: the Queen is not on")
    refused(ECC, S(own=1, covers=True), match="stroke 1: ECC XV: no Queen is pocketed to cover")


def test_ecc_32_no_stroke_after_the_board_is_over():
    refused(ECC, S(own=8), S(own=1), S(), match="stroke 3: ECC 32: the board is over")
