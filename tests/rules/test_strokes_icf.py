"""ICF boards kept stroke by stroke: the break (44, 45), the turn (48), dues and penalties (63, 64, 72-77), the
Queen (92-101), fouls and the stroke clock (50, 63, 64). A breaks and has the white c/m (ICF 43); ``own`` and
``opponent`` count from the striker's side. The special and ordinary finishes are in test_strokes_icf_finish.py."""

from tests.rules.strokes_board import S, cited, laws, play, refused

ICF = "icf"


def last(*strokes, **opening):
    return play(ICF, *strokes, **opening).state


# The break (ICF 44, 45)


def test_icf_44_a_break_that_touches_a_cm_is_made_and_pocketing_nothing_passes_the_turn():
    state = last(S())
    assert state.broken and state.turn == "B" and state.dues == {"A": 0, "B": 0}


def test_icf_45a_a_break_touching_no_cm_gets_two_more_chances():
    state = last(S(missed=True))
    assert (state.broken, state.turn, state.break_attempts) == (False, "A", 1)
    assert laws(state) == ["ICF 44, 45(a)"]
    assert last(S(missed=True), S(missed=True)).turn == "A"


def test_icf_45b_after_three_chances_the_opponent_breaks_with_the_black_cm():
    state = last(S(missed=True), S(missed=True), S(missed=True))
    assert (state.broken, state.turn, state.break_attempts) == (False, "B", 0)
    assert "ICF 45(b)" in laws(state)
    assert state.colours == {"A": "white", "B": "black"}  # no re-arrangement: A keeps white


def test_icf_45b_the_condition_prevails_till_the_break_is_made():
    state = last(*[S(missed=True)] * 6)
    assert (state.broken, state.turn) == (False, "A")
    state = last(*[S(missed=True)] * 3, S(own=1))
    assert state.broken and state.turn == "B" and state.on_board == {"A": 9, "B": 8}


def test_icf_45c_an_improper_break_attempt_loses_the_turn_without_penalty():
    state = last(S(foul="improper"))
    assert (state.turn, state.dues, state.broken) == ("B", {"A": 0, "B": 0}, False)
    assert laws(state)[0] == "ICF 45(c)"


def test_icf_45c_the_striker_pocketed_without_touching_a_cm_loses_the_turn_without_due():
    state = last(S(striker=True, missed=True))
    assert (state.turn, state.dues, state.on_board) == ("B", {"A": 0, "B": 0}, {"A": 9, "B": 9})
    assert laws(state)[0] == "ICF 45(c)"


def test_icf_45c_77a_an_improper_break_that_pockets_is_a_break_made_reading():
    """Reading: 45(c) covers an improper attempt that touched nothing; one that pockets his c/m made the break
    (ICF 44) and costs what ICF 77(a) says."""
    state = last(S(own=1, foul="improper"))
    assert state.broken and (state.turn, state.on_board, state.dues) == ("B", {"A": 9, "B": 9}, {"A": 1, "B": 0})
    assert laws(state)[0] == "ICF 77(a)"


# The turn (ICF 48)


def test_icf_48_the_turn_goes_on_while_he_pockets_his_own_cm():
    state = last(S(own=2))
    assert state.turn == "A" and state.on_board == {"A": 7, "B": 9} and laws(state) == ["ICF 48"]


def test_icf_48_the_turn_passes_when_he_pockets_nothing():
    state = last(S(own=2), S())
    assert state.turn == "B" and state.turn_no == 2


def test_icf_48_the_opponents_cm_alone_pass_the_turn_and_stay_pocketed():
    state = last(S(opponent=2))
    assert state.turn == "B" and state.on_board == {"A": 9, "B": 7}


# Dues and penalties (ICF 72-78)


def test_icf_72a_striker_alone_by_a_proper_stroke_loses_the_turn_with_a_due_taken_out_at_once():
    state = last(S(own=1), S(striker=True))
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 9, "B": 9}, {"A": 0, "B": 0})
    assert laws(state)[0] == "ICF 72(a)" and "ICF 78(a)" in laws(state)


def test_icf_72b_striker_alone_by_an_improper_stroke_costs_due_and_foul():
    state = last(S(own=2), S(striker=True, foul="improper"))
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 9, "B": 9}, {"A": 0, "B": 0})
    assert "ICF 72(b)" in laws(state)


def test_icf_72c_a_due_before_any_cm_is_pocketed_stays_outstanding_till_one_is_available():
    state = last(S(striker=True))
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 9, "B": 9}, {"A": 1, "B": 0})
    assert "ICF 72(c)" in laws(state)
    state = last(S(striker=True), S(), S(own=2))
    # ICF 78(a): taken out after the stroke, during the same turn; he plays on
    assert (state.turn, state.on_board, state.dues) == ("A", {"A": 8, "B": 9}, {"A": 0, "B": 0})
    assert "ICF 78(a)" in laws(state)


def test_icf_72b_72c_due_and_foul_partly_outstanding():
    state = last(S(own=1), S(striker=True, foul="improper"))
    assert (state.on_board, state.dues) == ({"A": 9, "B": 9}, {"A": 1, "B": 0})


def test_icf_73_striker_with_own_coin_brings_them_back_with_a_due_and_the_turn_goes_on():
    state = last(S(own=2), S(own=1, striker=True))
    assert (state.turn, state.on_board, state.dues) == ("A", {"A": 8, "B": 9}, {"A": 0, "B": 0})
    assert laws(state)[0] == "ICF 73" and laws(state)[-1] == "ICF 48"


def test_icf_74_striker_with_the_opponents_cm_they_stay_pocketed_due_and_turn_lost():
    state = last(S(own=1), S(opponent=2, striker=True))
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 9, "B": 7}, {"A": 0, "B": 0})
    assert "ICF 74" in laws(state)


def test_icf_75_striker_with_own_and_opponents_cm_own_come_back_with_a_due_and_the_turn_goes_on():
    state = last(S(own=1), S(own=1, opponent=1, striker=True))
    assert (state.turn, state.on_board, state.dues) == ("A", {"A": 9, "B": 8}, {"A": 0, "B": 0})
    assert laws(state)[0] == "ICF 75"


def test_icf_76_opponents_cm_by_an_improper_stroke_stay_pocketed_with_a_penalty_and_turn_lost():
    state = last(S(own=1), S(opponent=1, foul="improper"))
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 9, "B": 8}, {"A": 0, "B": 0})
    assert "ICF 76" in laws(state)


def test_icf_77a_own_cm_by_an_improper_stroke_come_back_with_a_penalty_and_turn_lost():
    state = last(S(own=1), S(own=2, foul="improper"))
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 9, "B": 9}, {"A": 0, "B": 0})
    assert laws(state)[0] == "ICF 77(a)"


def test_icf_77b_own_cm_with_the_striker_by_an_improper_stroke_come_back_with_due_and_penalty():
    state = last(S(own=2), S(own=1, striker=True, foul="improper"))
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 9, "B": 9}, {"A": 0, "B": 0})
    assert laws(state)[0] == "ICF 77(b)"


def test_icf_77b_72c_at_the_break_the_cm_comes_back_and_due_and_penalty_stay_outstanding():
    state = last(S(own=1, striker=True, foul="improper"))  # the break, improper, his c/m with the Striker
    assert (state.on_board, state.dues) == ({"A": 9, "B": 9}, {"A": 2, "B": 0})
    state = last(S(own=1, striker=True, foul="improper"), S(), S(own=3))
    assert (state.turn, state.on_board, state.dues) == ("A", {"A": 8, "B": 9}, {"A": 0, "B": 0})


# Technical foul, foul, stroke clock (ICF 50, 63, 64)


def test_icf_63a_a_technical_foul_costs_a_cm_and_his_turn_continues():
    state = last(S(own=1), S(), S(kind="foul", foul="technical"))
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 8, "B": 9}, {"A": 0, "B": 1})
    assert laws(state)[0] == "ICF 63"


def test_icf_63b_a_violation_by_the_player_not_having_the_turn_is_technical_and_the_turn_goes_on():
    state = last(S(own=1), S(kind="foul", foul="foul", by="B"))
    assert (state.turn, state.dues) == ("A", {"A": 0, "B": 1})
    assert laws(state)[0] == "ICF 63(b)"


def test_icf_63a_64a_the_time_of_the_violation_decides_not_the_name_given():
    state = last(S(own=1), S(kind="foul", foul="technical"))  # after his first stroke: a Foul
    assert (state.turn, state.on_board) == ("B", {"A": 9, "B": 9}) and laws(state)[0] == "ICF 64(a)"
    state = last(S(), S(kind="foul", foul="foul"))  # B, before the first stroke of his turn: Technical
    assert (state.turn, state.dues) == ("B", {"A": 0, "B": 1}) and laws(state)[0] == "ICF 63"


def test_icf_63a_a_second_violation_before_the_first_stroke_is_technical_too():
    state = last(S(kind="foul", foul="technical"), S(kind="foul", foul="foul"))
    assert (state.turn, state.dues) == ("A", {"A": 2, "B": 0})
    state = last(S(kind="foul", foul="technical"), S(own=3))
    assert (state.turn, state.on_board, state.dues) == ("A", {"A": 7, "B": 9}, {"A": 0, "B": 0})


def test_icf_64a_a_foul_during_the_turn_costs_a_cm_and_the_turn():
    state = last(S(own=1), S(kind="foul", foul="foul"))
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 9, "B": 9}, {"A": 0, "B": 0})
    assert laws(state)[0] == "ICF 64(a)"


def test_icf_64b_a_foul_while_pocketing_brings_back_the_cm_and_queen_with_a_penalty():
    state = last(S(own=1), S(own=1, queen=True, foul="improper"))
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 9, "B": 9}, {"A": 0, "B": 0})
    assert state.queen == "on_board" and "ICF 64(b)" in laws(state)


def test_icf_50_64a_more_than_15_seconds_is_a_foul():
    state = last(S(own=1), S(kind="time_out"))
    assert (state.turn, state.on_board, state.stroke_seconds) == ("B", {"A": 9, "B": 9}, 15)
    assert laws(state)[0] == "ICF 50, 64(a)"


# The Queen (ICF 92-101)


def test_icf_92_95a_queen_before_any_own_cm_goes_back_and_the_turn_is_lost():
    state = last(S(queen=True))
    assert (state.queen, state.turn) == ("on_board", "B") and cited(state, "ICF 95(a)")


def test_icf_92_the_queen_with_the_right_waits_for_its_cover():
    state = last(S(own=1), S(queen=True))
    assert (state.queen, state.queen_by, state.turn) == ("awaiting_cover", "A", "A")
    state = last(S(own=1), S(queen=True), S(own=1))
    assert (state.queen, state.queen_by, state.turn) == ("covered", "A", "A") and cited(state, "ICF 15")


def test_icf_95b_the_queen_pocketed_while_a_due_is_against_him_goes_back_and_turn_lost():
    state = last(S(striker=True), S(), S(queen=True, own=1))
    assert (state.queen, state.turn) == ("on_board", "B") and laws(state)[0] == "ICF 95(b), ICF 93"
    assert (state.on_board, state.dues) == ({"A": 9, "B": 9}, {"A": 0, "B": 0})  # the c/m went to the due


def test_icf_95c_after_recovery_of_the_due_with_all_nine_on_the_board_he_may_pocket_the_queen():
    state = last(S(own=1), S(striker=True), S(), S(queen=True))
    assert state.on_board["A"] == 9
    assert (state.queen, state.queen_by, state.turn) == ("awaiting_cover", "A", "A")


def test_icf_92_95a_his_cm_pocketed_by_the_opponent_count_reading():
    """Reading (rules/README.md 25): "a c/m of his own has already been pocketed" does not say by whom."""
    state = last(S(), S(opponent=1), S(queen=True))
    assert (state.queen, state.queen_by, state.turn) == ("awaiting_cover", "A", "A")


def test_icf_95d_queen_and_striker_with_all_nine_on_the_board_queen_back_due_and_turn_lost():
    state = last(S(queen=True, striker=True))
    assert (state.queen, state.turn, state.dues) == ("on_board", "B", {"A": 1, "B": 0})
    assert laws(state)[0] == "ICF 95(d), ICF 93"


def test_icf_96_the_queen_not_covered_goes_back():
    state = last(S(own=1), S(queen=True), S())
    assert (state.queen, state.queen_by, state.turn) == ("on_board", None, "B") and laws(state)[0] == "ICF 96, ICF 93"


def test_icf_96_the_opponents_cm_do_not_cover_the_queen():
    state = last(S(own=1), S(queen=True), S(opponent=1))
    assert (state.queen, state.turn, state.on_board["B"]) == ("on_board", "B", 8)


def test_icf_97a_the_queen_and_his_cm_together_are_covered():
    state = last(S(own=1), S(queen=True, own=1))
    assert (state.queen, state.queen_by, state.turn) == ("covered", "A", "A") and "ICF 97(a)" in laws(state)


def test_icf_97b_at_the_break_with_nine_on_the_board_the_queen_and_one_cm_must_still_be_covered():
    state = last(S(queen=True, own=1))
    assert (state.queen, state.queen_by) == ("awaiting_cover", "A") and laws(state) == ["ICF 97(b), ICF 15", "ICF 48"]
    assert last(S(queen=True, own=1), S(own=1)).queen == "covered"
    assert last(S(queen=True, own=1), S()).queen == "on_board"


def test_icf_97b_the_queen_and_more_than_one_cm_at_the_break_are_covered():
    state = last(S(queen=True, own=2))
    assert (state.queen, state.queen_by, state.turn) == ("covered", "A", "A")


def test_icf_98a_queen_cm_and_striker_proper_all_come_back_with_a_due_and_the_turn_goes_on():
    state = last(S(own=1), S(queen=True, own=1, striker=True))
    assert (state.queen, state.turn, state.on_board, state.dues) == ("on_board", "A", {"A": 9, "B": 9},
                                                                     {"A": 0, "B": 0})  # fmt: skip
    assert laws(state)[0] == "ICF 98(a)"


def test_icf_98b_queen_cm_and_striker_improper_come_back_with_due_and_penalty_and_turn_lost():
    state = last(S(own=1), S(queen=True, own=1, striker=True, foul="improper"))
    assert (state.queen, state.turn, state.on_board, state.dues) == ("on_board", "B", {"A": 9, "B": 9},
                                                                     {"A": 1, "B": 0})  # fmt: skip
    assert laws(state)[0] == "ICF 98(b)"


def test_icf_99a_queen_and_striker_proper_queen_back_one_cm_out_and_the_turn_goes_on():
    state = last(S(own=1), S(queen=True, striker=True))
    assert (state.queen, state.turn, state.on_board) == ("on_board", "A", {"A": 9, "B": 9})
    assert laws(state)[0] == "ICF 99(a), ICF 93"


def test_icf_99b_queen_and_striker_improper_queen_back_two_cm_out_and_turn_lost():
    state = last(S(own=2), S(queen=True, striker=True, foul="improper"))
    assert (state.queen, state.turn, state.on_board, state.dues) == ("on_board", "B", {"A": 9, "B": 9},
                                                                     {"A": 0, "B": 0})  # fmt: skip
    assert laws(state)[0] == "ICF 99(b), ICF 93"


def test_icf_100a_striker_alone_while_covering_queen_back_due_and_turn_lost():
    state = last(S(own=1), S(queen=True), S(striker=True))
    assert (state.queen, state.turn, state.on_board) == ("on_board", "B", {"A": 9, "B": 9})
    assert laws(state)[0] == "ICF 100(a), ICF 93"


def test_icf_100b_striker_alone_while_covering_by_an_improper_stroke_due_and_penalty():
    state = last(S(own=1), S(queen=True), S(striker=True, foul="improper"))
    assert (state.queen, state.turn, state.on_board, state.dues) == ("on_board", "B", {"A": 9, "B": 9},
                                                                     {"A": 1, "B": 0})  # fmt: skip
    assert laws(state)[0] == "ICF 100(b), ICF 93"


def test_icf_101a_striker_and_his_cm_while_covering_come_back_with_a_due_he_may_cover_next():
    state = last(S(own=1), S(queen=True), S(own=1, striker=True))
    assert (state.queen, state.queen_by, state.turn) == ("awaiting_cover", "A", "A")
    assert (state.on_board, state.dues) == ({"A": 9, "B": 9}, {"A": 0, "B": 0})
    assert laws(state)[0] == "ICF 101(a)"
    assert last(S(own=1), S(queen=True), S(own=1, striker=True), S(own=1)).queen == "covered"


def test_icf_101a_no_cm_in_that_subsequent_stroke_the_queen_goes_back():
    state = last(S(own=1), S(queen=True), S(own=1, striker=True), S())
    assert (state.queen, state.turn) == ("on_board", "B")


def test_icf_101b_striker_and_his_cm_while_covering_improper_cm_due_penalty_and_queen_back():
    state = last(S(own=1), S(queen=True), S(own=1, striker=True, foul="improper"))
    assert (state.queen, state.turn, state.on_board, state.dues) == ("on_board", "B", {"A": 9, "B": 9},
                                                                     {"A": 1, "B": 0})  # fmt: skip
    assert laws(state)[0] == "ICF 101(b)"


def test_icf_96_a_foul_before_the_cover_ends_the_turn_and_the_queen_goes_back():
    state = last(S(own=1), S(queen=True), S(kind="foul", foul="foul"))
    assert (state.queen, state.turn) == ("on_board", "B")
    state = last(S(own=1), S(queen=True), S(kind="time_out"))
    assert (state.queen, state.turn) == ("on_board", "B")


def test_icf_101a_a_stroke_said_to_cover_is_refused_when_the_striker_undoes_the_cover():
    """ICF 101(a): the Striker with his c/m while covering: the c/m come back and the cover waits for the next
    stroke. The umpire who says "covers" is told so, naming the law."""
    refused(ICF, S(own=2), S(queen=True), S(own=1, striker=True, covers=True),
            match=r"stroke 3: .*ICF 101\(a\).*does not cover the Queen")  # fmt: skip
    state = last(S(own=2), S(queen=True), S(own=1, covers=True))
    assert (state.queen, state.queen_by) == ("covered", "A")


def test_queen2_5_no_cover_is_said_where_the_queen_needs_none():
    refused("queen2", S(own=2), S(queen=True, own=1, covers=True), match=r"queen2 ¶5")


def test_icf_48_125_the_opponents_cm_alone_end_the_turn_and_are_said_so():
    state = last(S(own=1), S(opponent=1))
    assert state.turn == "B" and state.on_board == {"A": 8, "B": 8}
    assert [item.text for item in state.follows][0].startswith("Only the opponent's c/m pocketed")
    assert "Nothing pocketed" not in [item.text for item in state.follows]
