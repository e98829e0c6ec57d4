"""ICF boards kept stroke by stroke to their end: every special finish of ICF 102-112, proper and improper, with
and without "22 or more" and with the additional points demanded (87(b)); ICF 121(b); the ordinary finish
(52-55); slams (26); and the strokes refused. Each board's result is also checked against the board-level
scoring (``strokes_board.play``)."""

import pytest

from tests.rules.strokes_board import (
    LAST_EACH_QUEEN_BY_A,
    LAST_EACH_QUEEN_BY_B,
    LAST_EACH_QUEEN_ON_BOARD,
    TWO_AND_ONE_QUEEN_ON_BOARD,
    S,
    laws,
    outcome,
    play,
    refused,
)

ICF = "icf"
COVERING = (*LAST_EACH_QUEEN_ON_BOARD, S(queen=True))  # A 1, B 1, A must cover the Queen (ICF 92)
COVERING_TWO = (*TWO_AND_ONE_QUEEN_ON_BOARD, S(queen=True))  # A 2, B 1, A must cover the Queen


def improper(demanded=0, **pockets):
    return S(foul="improper", additional_points_demanded=demanded, **pockets)


def demand(demanded, **pockets):
    return S(additional_points_demanded=demanded, **pockets)


# (case, strokes from the break, scores before the board, (awarded to, points, law))
SPECIALS = [
    ("102(a)", (*COVERING, S(own=1, opponent=1)), None, ("A", 3, "ICF 102(a)")),
    ("102(a) at 22", (*COVERING, S(own=1, opponent=1)), {"A": 22}, ("A", 1, "ICF 102(a)")),
    ("102(b)", (*COVERING, improper(1, own=1, opponent=1)), None, ("B", 4, "ICF 102(b)")),
    ("102(b) nothing demanded", (*COVERING, improper(0, own=1, opponent=1)), None, ("B", 3, "ICF 102(b)")),
    ("102(b) at 22", (*COVERING, improper(1, own=1, opponent=1)), {"B": 22}, ("B", 2, "ICF 102(b)")),
    ("103(a)", (*COVERING_TWO, S(opponent=1)), None, ("B", 5, "ICF 103(a)")),
    ("103(a) at 22", (*COVERING_TWO, S(opponent=1)), {"B": 22}, ("B", 2, "ICF 103(a)")),
    ("103(b)", (*COVERING_TWO, improper(1, opponent=1)), None, ("B", 6, "ICF 103(b)")),
    ("103(b) at 22", (*COVERING_TWO, improper(1, opponent=1)), {"B": 23}, ("B", 3, "ICF 103(b)")),
    # covering in the same stroke (ICF 15, 97(a)) is "while covering"
    ("103(a) same stroke", (*TWO_AND_ONE_QUEEN_ON_BOARD, S(queen=True, own=1, opponent=1)), None,
     ("B", 4, "ICF 103(a)")),
    ("104(a)", (*LAST_EACH_QUEEN_ON_BOARD, S(queen=True, own=1, opponent=1)), None, ("A", 3, "ICF 104(a)")),
    ("104(a) at 22", (*LAST_EACH_QUEEN_ON_BOARD, S(queen=True, own=1, opponent=1)), {"A": 22},
     ("A", 1, "ICF 104(a)")),
    ("104(b)", (*LAST_EACH_QUEEN_ON_BOARD, improper(1, queen=True, own=1, opponent=1)), None,
     ("B", 4, "ICF 104(b)")),
    ("104(b) at 22", (*LAST_EACH_QUEEN_ON_BOARD, improper(1, queen=True, own=1, opponent=1)), {"B": 22},
     ("B", 2, "ICF 104(b)")),
    ("105(a)", (*LAST_EACH_QUEEN_ON_BOARD, S(own=1, opponent=1)), None, ("B", 3, "ICF 105(a)")),
    ("105(a) at 22", (*LAST_EACH_QUEEN_ON_BOARD, S(own=1, opponent=1)), {"B": 22}, ("B", 1, "ICF 105(a)")),
    # reading 1 (rules/README.md): the score tested is the beneficiary's, not the striker's
    ("105(a) striker at 22", (*LAST_EACH_QUEEN_ON_BOARD, S(own=1, opponent=1)), {"A": 22},
     ("B", 3, "ICF 105(a)")),
    ("105(b)", (*LAST_EACH_QUEEN_ON_BOARD, improper(1, own=1, opponent=1)), None, ("B", 4, "ICF 105(b)")),
    ("105(b) at 22", (*LAST_EACH_QUEEN_ON_BOARD, improper(1, own=1, opponent=1)), {"B": 22},
     ("B", 2, "ICF 105(b)")),
    ("106(a)", (*TWO_AND_ONE_QUEEN_ON_BOARD, S(opponent=1)), None, ("B", 5, "ICF 106(a)")),
    ("106(a) at 22", (*TWO_AND_ONE_QUEEN_ON_BOARD, S(opponent=1)), {"B": 22}, ("B", 2, "ICF 106(a)")),
    ("106(b)", (*TWO_AND_ONE_QUEEN_ON_BOARD, improper(1, opponent=1)), None, ("B", 6, "ICF 106(b)")),
    ("106(b) at 22", (*TWO_AND_ONE_QUEEN_ON_BOARD, improper(1, opponent=1)), {"B": 22}, ("B", 3, "ICF 106(b)")),
    ("107(a)", (S(own=8), S(own=1)), None, ("B", 3, "ICF 107(a)")),
    ("107(a) at 22", (S(own=8), S(own=1)), {"B": 22}, ("B", 1, "ICF 107(a)")),
    ("107(b)", (S(own=8), improper(1, own=1)), None, ("B", 4, "ICF 107(b)")),
    ("107(b) at 22", (S(own=8), improper(1, own=1)), {"B": 22}, ("B", 2, "ICF 107(b)")),
    ("108(a)", (S(own=8), demand(1, own=1, striker=True)), None, ("B", 4, "ICF 108(a)")),
    ("108(a) nothing demanded", (S(own=8), S(own=1, striker=True)), None, ("B", 3, "ICF 108(a)")),
    ("108(a) at 22", (S(own=8), demand(1, own=1, striker=True)), {"B": 22}, ("B", 2, "ICF 108(a)")),
    ("108(b)", (S(own=8), improper(2, own=1, striker=True)), None, ("B", 5, "ICF 108(b)")),
    ("108(b) partly demanded", (S(own=8), improper(1, own=1, striker=True)), None, ("B", 4, "ICF 108(b)")),
    ("108(b) at 22", (S(own=8), improper(2, own=1, striker=True)), {"B": 22}, ("B", 3, "ICF 108(b)")),
    # reading (rules/strokes/finish.py): both last c/m with the Striker, the Queen on the board, is ICF 108
    ("108(a) both last", (*LAST_EACH_QUEEN_ON_BOARD, demand(1, own=1, opponent=1, striker=True)), None,
     ("B", 4, "ICF 108(a)")),
    ("109(a)", (*LAST_EACH_QUEEN_ON_BOARD, demand(1, queen=True, own=1, opponent=1, striker=True)), None,
     ("B", 4, "ICF 109(a)")),
    ("109(a) at 22", (*LAST_EACH_QUEEN_ON_BOARD, demand(1, queen=True, own=1, opponent=1, striker=True)),
     {"B": 22}, ("B", 2, "ICF 109(a)")),
    ("109(b)", (*LAST_EACH_QUEEN_ON_BOARD, improper(2, queen=True, own=1, opponent=1, striker=True)), None,
     ("B", 5, "ICF 109(b)")),
    ("110(a)", (*LAST_EACH_QUEEN_BY_A, demand(1, own=1, opponent=1, striker=True)), None, ("B", 2, "ICF 110(a)")),
    ("110(a) at 22", (*LAST_EACH_QUEEN_BY_A, demand(1, own=1, opponent=1, striker=True)), {"B": 22},
     ("B", 2, "ICF 110(a)")),
    ("110(b)", (*LAST_EACH_QUEEN_BY_A, improper(2, own=1, opponent=1, striker=True)), None, ("B", 3, "ICF 110(b)")),
    ("111(a)", (*TWO_AND_ONE_QUEEN_ON_BOARD, demand(1, opponent=1, striker=True)), None, ("B", 6, "ICF 111(a)")),
    ("111(a) at 22", (*TWO_AND_ONE_QUEEN_ON_BOARD, demand(1, opponent=1, striker=True)), {"B": 22},
     ("B", 3, "ICF 111(a)")),
    ("111(b)", (*TWO_AND_ONE_QUEEN_ON_BOARD, improper(2, opponent=1, striker=True)), None, ("B", 7, "ICF 111(b)")),
    ("112(a)", (*LAST_EACH_QUEEN_BY_B, demand(1, own=1, opponent=1, striker=True)), None, ("B", 4, "ICF 112(a)")),
    ("112(a) at 22", (*LAST_EACH_QUEEN_BY_B, demand(1, own=1, opponent=1, striker=True)), {"B": 22},
     ("B", 2, "ICF 112(a)")),
    ("112(b)", (*LAST_EACH_QUEEN_BY_B, improper(2, own=1, opponent=1, striker=True)), None, ("B", 5, "ICF 112(b)")),
    ("112(b) at 22", (*LAST_EACH_QUEEN_BY_B, improper(2, own=1, opponent=1, striker=True)), {"B": 22},
     ("B", 3, "ICF 112(b)")),
]  # fmt: skip


@pytest.mark.parametrize(("case", "strokes", "scores", "expected"), SPECIALS, ids=[c[0] for c in SPECIALS])
def test_icf_102_to_112_special_finish_played_stroke_by_stroke(case, strokes, scores, expected):
    played = play(ICF, *strokes, scores=scores)
    assert played.state.over and outcome(played) == expected
    ending = played.board_input.special_ending
    assert ending.striker == "A" and ending.stroke == ("improper" if strokes[-1].foul else "proper")
    assert laws(played.state) == [expected[2]]


def test_icf_103a_the_special_ending_hands_his_cm_left_to_the_board_scoring():
    played = play(ICF, *COVERING_TWO, S(opponent=1))
    ending = played.board_input.special_ending
    assert (ending.situation, ending.striker_coins_left, played.board_input.queen) == ("cover_last_opp", 2, "on_board")


def test_icf_55_106b_nine_cm_queen_and_the_demanded_point_are_capped_at_12():
    played = play(ICF, improper(1, opponent=9))  # the break pockets the opponent's nine c/m
    assert outcome(played) == ("B", 12, "ICF 106(b)") and played.result.capped


def test_icf_87b_more_additional_points_than_the_law_gives_are_refused():
    refused(ICF, S(own=8), demand(2, own=1, striker=True), match=r"stroke 2: ICF 108\(a\), ICF 87\(b\)")


def test_icf_87b_no_additional_point_where_the_law_gives_none():
    refused(ICF, *LAST_EACH_QUEEN_ON_BOARD, demand(1, own=1, opponent=1), match=r"stroke 4: ICF 105\(a\), ICF 87\(b\)")


def test_icf_72c_a_player_owing_a_due_has_not_pocketed_his_last_cm():
    """ICF 72(c), 78(a): the Due is taken out once the stroke is over; he has a c/m again, no ICF 107."""
    state = play(ICF, S(), S(striker=True), S(), S(own=9)).state
    assert not state.over and (state.turn, state.on_board, state.dues) == ("B", {"A": 9, "B": 1}, {"A": 0, "B": 0})


# ICF 121(b)


def test_icf_121b_playing_on_during_an_appeal_loses_by_his_cm_and_the_queen_lying_on_the_board():
    played = play(ICF, S(own=3), S(kind="foul", foul="plays_on_during_appeal"))
    assert outcome(played) == ("B", 9, "ICF 121(b)")
    assert played.board_input.queen == "on_board"


def test_icf_121b_the_queen_covered_is_not_counted():
    played = play(ICF, S(own=1), S(queen=True, own=1), S(kind="foul", foul="plays_on_during_appeal"))
    assert outcome(played) == ("B", 7, "ICF 121(b)")


def test_icf_121b_54_the_queen_as_per_laws_not_from_22():
    played = play(ICF, S(own=3), S(kind="foul", foul="plays_on_during_appeal"), scores={"B": 22})
    assert outcome(played) == ("B", 6, "ICF 121(b)")


def test_icf_121b_by_the_player_not_having_the_turn():
    played = play(ICF, S(own=3), S(kind="foul", foul="plays_on_during_appeal", by="B"))
    assert outcome(played) == ("A", 12, "ICF 121(b)")


# The ordinary finish (ICF 52-55)

A_COVERS_AND_FINISHES = (S(), S(own=2), S(), S(own=1), S(queen=True, own=1), S(own=7))


def test_icf_52_53_the_first_to_pocket_all_his_cm_wins_by_the_opponents_cm_and_the_queen():
    played = play(ICF, *A_COVERS_AND_FINISHES)
    assert outcome(played) == ("A", 10, "ICF 52-55")
    board = played.board_input
    assert (board.winner, board.coins_left_of_loser, board.queen, board.slam) == ("A", 7, "covered_by_winner", None)


def test_icf_53c_the_queen_covered_by_the_loser_is_not_credited():
    played = play(ICF, S(own=1), S(), S(own=1), S(queen=True, own=1), S(), S(own=8))
    assert outcome(played) == ("A", 7, "ICF 52-55") and played.board_input.queen == "covered_by_loser"


def test_icf_54_from_22_points_the_queen_is_not_credited():
    played = play(ICF, *A_COVERS_AND_FINISHES, scores={"A": 22, "B": 3})
    assert outcome(played) == ("A", 7, "ICF 52-55") and played.result.queen_points == 0


def test_icf_55_the_losers_outstanding_due_is_written_off():
    played = play(ICF, S(), S(striker=True), S(own=1), S(queen=True, own=1), S(own=7))
    assert played.board_input.loser_outstanding_dues == 1
    assert outcome(played) == ("A", 12, "ICF 52-55")


def test_icf_52a_pocketing_the_opponents_last_cm_with_the_queen_covered_the_opponent_wins():
    played = play(ICF, *LAST_EACH_QUEEN_BY_A, S(opponent=1))
    assert outcome(played) == ("B", 1, "ICF 52-55") and played.board_input.queen == "covered_by_loser"


def test_icf_52a_both_last_cm_with_the_queen_covered_the_striker_finished_first():
    assert outcome(play(ICF, *LAST_EACH_QUEEN_BY_A, S(own=1, opponent=1))) == ("A", 3, "ICF 52-55")
    assert outcome(play(ICF, *LAST_EACH_QUEEN_BY_B, S(own=1, opponent=1))) == ("A", 0, "ICF 52-55")


def test_icf_74_78a_the_due_for_the_striker_with_the_opponents_last_cm_is_taken_out_before_the_count():
    """Reading: the Due of ICF 74 is taken out after the stroke (78(a)) and counts for the winner."""
    played = play(ICF, *LAST_EACH_QUEEN_BY_A, S(opponent=1, striker=True))
    assert outcome(played) == ("B", 2, "ICF 52-55")


# Slams (ICF 26)


def test_icf_26a_white_slam_all_nine_white_and_the_queen_in_the_first_turn():
    played = play(ICF, S(queen=True, own=2), S(own=7))
    assert played.board_input.slam == "white" and outcome(played) == ("A", 12, "ICF 52-55")
    assert play(ICF, S(missed=True), S(queen=True, own=2), S(own=7)).board_input.slam == "white"


def test_icf_26b_black_slam_all_remaining_black_with_or_without_the_queen_in_the_first_turn():
    played = play(ICF, S(), S(own=1), S(queen=True, own=1), S(own=7))
    assert played.board_input.slam == "black" and outcome(played) == ("B", 12, "ICF 52-55")
    played = play(ICF, S(own=1), S(queen=True, own=1), S(), S(own=9))
    assert played.board_input.slam == "black" and outcome(played) == ("B", 7, "ICF 52-55")


def test_icf_26_a_board_finished_in_a_later_turn_is_no_slam():
    assert play(ICF, S(queen=True, own=2), S(), S(), S(own=7)).board_input.slam is None


# Strokes refused, each with its law


def test_icf_52_more_cm_than_are_on_the_board_are_refused():
    refused(ICF, S(own=10), match="stroke 1: ICF 52: 10 c/m of A pocketed, but only 9 are on the board")
    refused(ICF, S(opponent=8), S(opponent=10), match="stroke 2: ICF 52: 10 c/m of A pocketed")


def test_icf_92_the_queen_not_on_the_board_cannot_be_pocketed():
    refused(ICF, S(own=1), S(queen=True, own=1), S(queen=True), match="stroke 3: ICF 92: the Queen is not on")


def test_icf_15_a_cover_with_no_queen_pocketed_is_refused():
    refused(ICF, S(own=1, covers=True), match="stroke 1: ICF 15: no Queen is pocketed to cover")
    refused(ICF, S(own=1), S(queen=True, covers=True), match="stroke 2: ICF 15: a cover pockets one of his own")


def test_icf_5_no_stroke_after_the_board_is_over():
    refused(ICF, S(own=8), S(own=1), S(), match="stroke 3: ICF 5: the board is over")


def test_icf_64_an_unknown_foul_or_an_improper_stroke_naming_a_foul_is_refused():
    refused(ICF, S(kind="foul", foul="push"), match=r"stroke 1: ICF 64\(a\): no such foul")
    refused(ICF, S(own=1, foul="technical"), match="an improper stroke names one of improper")
    refused(ICF, S(kind="foul", foul="improper"), match="no such foul")


def test_icf_45a_only_a_break_attempt_touching_nothing_is_missed():
    refused(ICF, S(missed=True, own=1), match=r"stroke 1: ICF 44, 45\(a\): only a break attempt")
    refused(ICF, S(), S(missed=True), match="stroke 2: ICF 44")
