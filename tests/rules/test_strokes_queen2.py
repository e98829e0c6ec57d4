"""queen2 boards kept stroke by stroke: the Queen held without a cover (¶5), pocketed only after a c/m of his own
(¶7), worth 2 at every score (¶4, ¶6) up to 11 a board (¶3); the board that goes on while the Queen is on it
(¶8, ¶9); the 10-second clock (¶2); every other law is the ICF's (¶21)."""

from tests.rules.strokes_board import LAST_EACH_QUEEN_ON_BOARD, TWO_AND_ONE_QUEEN_ON_BOARD, S, cited, outcome, play

Q2 = "queen2"
ORDINARY = "queen2 ¶3-6, ICF 52-53"


def last(*strokes, **opening):
    return play(Q2, *strokes, **opening).state


def test_queen2_5_the_queen_is_held_without_a_cover_and_stays_held_when_the_turn_passes():
    state = last(S(own=1), S(queen=True))
    assert (state.queen, state.queen_by, state.turn) == ("held", "A", "A") and cited(state, "queen2 ¶5")
    state = last(S(own=1), S(queen=True), S())
    assert (state.queen, state.queen_by, state.turn) == ("held", "A", "B")


def test_queen2_7_the_queen_before_a_cm_of_his_own_goes_back_and_the_turn_is_lost():
    state = last(S(queen=True))
    assert (state.queen, state.turn) == ("on_board", "B") and cited(state, "queen2 ¶7")


def test_queen2_7_a_cm_of_his_own_in_the_same_stroke_gives_the_right():
    """Reading: "must take a c/m of his own and can then pocket the queen" is met within the stroke, as ICF
    97(a) counts a c/m pocketed with the Queen."""
    state = last(S(queen=True, own=1))
    assert (state.queen, state.queen_by, state.turn) == ("held", "A", "A")


def test_queen2_21_icf_95b_the_queen_while_a_due_is_against_him_goes_back():
    state = last(S(striker=True), S(), S(queen=True, own=1))
    assert (state.queen, state.turn) == ("on_board", "B") and cited(state, "ICF 95(b) (queen2 ¶21)")


def test_queen2_21_icf_73_dues_as_in_the_icf_laws():
    state = last(S(own=2), S(own=1, striker=True))
    assert (state.turn, state.on_board) == ("A", {"A": 8, "B": 9}) and cited(state, "ICF 73 (queen2 ¶21)")


def test_queen2_2_a_time_out_after_ten_seconds_is_a_foul():
    state = last(S(own=1), S(kind="time_out"))
    assert (state.turn, state.on_board, state.stroke_seconds) == ("B", {"A": 9, "B": 9}, 10)
    assert cited(state, "queen2 ¶2, ICF 64(a)")


def test_queen2_3_4_the_queen_is_worth_two_and_a_board_at_most_eleven():
    played = play(Q2, S(queen=True, own=2), S(own=7))
    assert outcome(played) == ("A", 11, ORDINARY) and played.board_input.slam == "white"


def test_queen2_6_the_queen_counts_at_every_score():
    played = play(Q2, S(), S(own=2), S(), S(own=1), S(queen=True), S(own=8), scores={"A": 23, "B": 10})
    assert outcome(played) == ("A", 9, ORDINARY) and played.result.queen_points == 2


def test_queen2_4_the_loser_holding_the_queen_gets_nothing_for_it():
    played = play(Q2, S(own=1), S(), S(own=1), S(queen=True), S(), S(own=8))
    assert outcome(played) == ("A", 8, ORDINARY) and played.board_input.queen == "covered_by_loser"


def test_queen2_9_all_his_cm_with_the_queen_on_the_board_the_board_goes_on():
    state = last(S(own=9))
    assert not state.over and (state.turn, state.on_board["A"]) == ("A", 0) and cited(state, "queen2 ¶9")
    state = last(S(own=8), S(own=1))  # no ICF 107 in queen2
    assert not state.over and state.turn == "A"


def test_queen2_8_9_he_pockets_the_queen_as_the_last_and_wins():
    played = play(Q2, S(own=9), S(queen=True))
    assert outcome(played) == ("A", 11, ORDINARY) and played.board_input.queen == "covered_by_winner"


def test_queen2_9_he_fails_the_opponent_pockets_the_queen_and_all_his_cm_in_his_turn_and_wins_by_two():
    played = play(Q2, S(own=9), S(), S(own=3), S(queen=True), S(own=6))
    assert outcome(played) == ("B", 2, ORDINARY)
    assert (played.board_input.winner, played.board_input.coins_left_of_loser) == ("B", 0)


def test_queen2_9_the_opponent_may_pocket_the_queen_at_the_beginning_of_his_turn_or_at_the_end():
    begin = play(Q2, S(own=4), S(), S(own=2), S(), S(own=5), S(), S(queen=True), S(own=7))
    end = play(Q2, S(own=9), S(), S(own=9), S(queen=True))
    assert outcome(begin) == outcome(end) == ("B", 2, ORDINARY)


def test_queen2_9_the_opponent_who_fails_loses_the_board():
    played = play(Q2, S(own=9), S(), S(own=3), S())
    assert outcome(played) == ("A", 6, ORDINARY) and played.board_input.queen is None
    played = play(Q2, S(own=9), S(), S(own=3), S(queen=True), S())
    assert outcome(played) == ("A", 6, ORDINARY) and played.board_input.queen == "covered_by_loser"


def test_queen2_9_a_due_taken_out_after_he_finished_puts_a_cm_back_and_the_board_goes_on():
    """ICF 72(c), 78(a) by ¶21: his Striker pocketed after his last c/m brings one back; he has not finished."""
    state = last(S(own=9), S(striker=True), S())
    assert not state.over and (state.turn, state.on_board) == ("A", {"A": 1, "B": 9})
    played = play(Q2, S(own=9), S(striker=True), S(), S(own=1), S(queen=True))
    assert outcome(played) == ("A", 11, ORDINARY)


def test_queen2_9_a_penalty_for_a_technical_foul_after_he_finished_puts_a_cm_back_too():
    """ICF 63(b) by ¶21: his foul while the opponent has the turn costs him a c/m; he has not finished."""
    state = last(S(own=9), S(), S(kind="foul", foul="foul", by="A"), S())
    assert not state.over and (state.turn, state.on_board) == ("A", {"A": 1, "B": 9})
    # B then pockets his last c/m and A's: B is the one who finished, A must pocket the Queen in his turn
    strokes = (*LAST_EACH_QUEEN_ON_BOARD, S(own=1), S(), S(kind="foul", foul="foul", by="A"), S(own=1, opponent=1))
    state = last(*strokes, S())
    assert not state.over and state.turn == "A" and state.finished_first == "B"
    assert play(Q2, *strokes, S(), S()).result.winner == "B"


def test_queen2_9_both_last_cm_with_the_queen_on_the_board_is_no_special_finish():
    state = last(*LAST_EACH_QUEEN_ON_BOARD, S(own=1, opponent=1))
    assert not state.over and state.turn == "A"
    assert outcome(play(Q2, *LAST_EACH_QUEEN_ON_BOARD, S(own=1, opponent=1), S(queen=True))) == ("A", 2, ORDINARY)


def test_queen2_21_icf_104a_the_queen_with_both_last_cm_wins_by_the_queens_value():
    played = play(Q2, *LAST_EACH_QUEEN_ON_BOARD, S(queen=True, own=1, opponent=1))
    assert played.result.awarded_to == "A" and played.result.points == 2  # reading 6: the queen's value


def test_queen2_21_icf_106a_the_opponents_last_cm_with_the_queen_on_the_board():
    played = play(Q2, *TWO_AND_ONE_QUEEN_ON_BOARD, S(opponent=1))
    assert played.result.awarded_to == "B" and played.result.points == 4


def test_queen2_21_icf_121b_playing_on_during_an_appeal():
    played = play(Q2, S(own=3), S(kind="foul", foul="plays_on_during_appeal"))
    assert (played.result.awarded_to, played.result.points) == ("B", 8)
