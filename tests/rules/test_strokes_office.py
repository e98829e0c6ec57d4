"""Office league boards kept stroke by stroke, as far as its sheet goes: "Basic rules" (the turn), "Covering the
Queen", "Fouls" (one pocketed piece back, owed until one is pocketed; the final pieces) and "Scoring"."""

from tests.rules.strokes_board import S, cited, laws, outcome, play, refused

OFFICE = "office"
FOULS, COVERING = "office (Fouls)", "office (Covering the Queen)"
BASIC, SCORING = "office (Basic rules)", "office (Scoring)"
NO_DUES = {"A": 0, "B": 0}


def board(*strokes, stage="group", scores=None):
    return play(OFFICE, *strokes, stage=stage, scores=scores)


def last(*strokes):
    return board(*strokes).state


def test_office_basic_rules_her_own_pieces_or_the_queen_give_another_strike():
    state = last(S(own=1))
    assert state.turn == "A" and laws(state) == [BASIC]
    assert last(S(own=1), S()).turn == "B"


def test_office_covering_the_queen_the_queen_and_her_own_piece_in_the_same_turn():
    state = last(S(own=1), S(queen=True))
    assert (state.queen, state.queen_by, state.turn) == ("awaiting_cover", "A", "A")
    state = last(S(own=1), S(queen=True), S(own=1))
    assert (state.queen, state.queen_by) == ("covered", "A") and cited(state, COVERING)
    assert last(S(own=1), S(queen=True, own=1)).queen == "covered"


def test_office_covering_the_queen_not_covered_it_is_returned_at_the_end_of_the_turn():
    state = last(S(own=1), S(queen=True), S())
    assert (state.queen, state.queen_by, state.turn) == ("on_board", None, "B") and cited(state, COVERING)


def test_office_covering_the_queen_before_being_permitted_the_turn_continues_and_it_returns_at_its_end():
    state = last(S(queen=True))
    assert state.turn == "A"
    state = last(S(queen=True), S(own=1))
    assert state.queen != "covered" and state.turn == "A"
    assert last(S(queen=True), S(own=1), S()).queen == "on_board"


def test_office_covering_the_queen_her_own_piece_in_the_same_stroke_does_not_give_the_permission():
    """ "Such a player must have already pocketed at least one piece": not one pocketed with the Queen."""
    state = last(S(queen=True, own=1), S())
    assert (state.queen, state.turn) == ("on_board", "B")


def test_office_fouls_the_striker_pocketed_one_pocketed_piece_back_and_the_turn_ends():
    state = last(S(own=1), S(striker=True))
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 9, "B": 9}, NO_DUES) and cited(state, FOULS)


def test_office_fouls_the_opponents_piece_stays_pocketed_with_a_penalty():
    state = last(S(own=1), S(opponent=1))
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 9, "B": 8}, NO_DUES)


def test_office_fouls_the_opponents_piece_with_the_queen_returns_the_queen_other_pieces_stay_pocketed():
    state = last(S(own=1), S(queen=True, own=2, opponent=1))
    assert (state.queen, state.turn, state.on_board) == ("on_board", "B", {"A": 7, "B": 8})


def test_office_fouls_the_final_opponents_piece_is_returned_with_the_penalty():
    state = last(S(own=2), S(opponent=8), S(), S(opponent=1))
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 9, "B": 1}, NO_DUES)
    assert not state.over


def test_office_fouls_the_final_opponents_piece_is_returned_even_with_the_striker():
    """Two fouls in one strike: the final piece still comes back, the board can go on."""
    state = last(S(own=2), S(opponent=8), S(), S(opponent=1, striker=True))
    assert (state.turn, state.on_board) == ("B", {"A": 9, "B": 1}) and not state.over


def test_office_fouls_the_final_opponents_piece_regardless_of_the_queen_covered():
    state = last(S(own=1), S(queen=True, own=1), S(opponent=8), S(), S(opponent=1))
    assert (state.queen, state.on_board, state.over) == ("covered", {"A": 9, "B": 1}, False)


def test_office_fouls_the_final_own_piece_before_the_queen_is_covered_piece_and_penalty_back():
    state = last(S(own=8), S(own=1))
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 2, "B": 9}, NO_DUES) and not state.over
    assert cited(state, FOULS)


def test_office_fouls_the_final_own_piece_with_the_striker_before_the_cover_still_comes_back():
    state = last(S(own=8), S(own=1, striker=True))
    assert (state.turn, state.on_board) == ("B", {"A": 2, "B": 9})


def test_office_fouls_the_first_player_fails_to_break_in_three_attempts():
    assert last(S(missed=True), S(missed=True)).turn == "A"
    state = last(S(missed=True), S(missed=True), S(missed=True))
    assert (state.turn, state.dues) == ("B", {"A": 1, "B": 0}) and cited(state, FOULS)


def test_office_fouls_touching_a_piece_and_striking_against_the_rules():
    state = last(S(own=1), S(kind="foul", foul="touch"))
    assert (state.turn, state.on_board) == ("B", {"A": 9, "B": 9})
    state = last(S(own=1), S(own=1, foul="striking"))
    assert (state.turn, state.on_board) == ("B", {"A": 8, "B": 9})


def test_office_fouls_a_penalty_owed_is_returned_at_the_end_of_the_turn_a_piece_is_pocketed():
    state = last(S(striker=True))
    assert (state.turn, state.dues) == ("B", {"A": 1, "B": 0})
    state = last(S(striker=True), S(), S(own=2))
    assert (state.turn, state.on_board, state.dues) == ("A", {"A": 7, "B": 9}, {"A": 1, "B": 0})
    state = last(S(striker=True), S(), S(own=2), S())
    assert (state.turn, state.on_board, state.dues) == ("B", {"A": 8, "B": 9}, NO_DUES)


def test_office_scoring_a_piece_left_is_a_point_and_the_queen_covered_by_the_winner_five():
    played = board(S(own=1), S(queen=True, own=1), S(own=7))
    assert outcome(played) == ("A", 14, SCORING) and played.board_input.queen == "covered_by_winner"


def test_office_scoring_from_24_points_the_queen_gives_nothing():
    strokes = (S(own=1), S(queen=True, own=1), S(own=7))
    assert outcome(board(*strokes, stage="final", scores={"A": 23})) == ("A", 14, SCORING)
    assert outcome(board(*strokes, stage="final", scores={"A": 24})) == ("A", 9, SCORING)


def test_office_scoring_the_queen_covered_by_the_loser_and_his_owed_penalty():
    played = board(S(), S(striker=True), S(own=1), S(queen=True, own=1), S(own=7))
    assert outcome(played) == ("A", 14, SCORING) and played.board_input.loser_outstanding_dues == 1
    played = board(S(), S(own=1), S(queen=True, own=1), S(), S(own=9))
    assert outcome(played) == ("A", 7, SCORING) and played.board_input.queen == "covered_by_loser"


def test_office_refuses_what_its_sheet_does_not_have():
    refused(OFFICE, S(kind="time_out"), stage="group", match="stroke 1: office .*: the rules set no stroke clock")
    refused(OFFICE, S(kind="foul", foul="plays_on_during_appeal"), stage="group", match="office .*: no such foul")
    refused(OFFICE, S(own=10), stage="group", match="stroke 1: office \\(Scoring\\): 10 c/m of A pocketed")
    refused(OFFICE, S(own=1), S(own=1), S(queen=True, own=1), S(own=6), S(), stage="group",
            match="stroke 5: office \\(Scoring\\): the board is over")  # fmt: skip


def test_office_fouls_the_striker_pocketed_in_a_break_attempt_is_a_foul():
    state = last(S(missed=True, striker=True))
    assert (state.turn, state.dues, state.broken) == ("B", {"A": 1, "B": 0}, False) and cited(state, FOULS)
