"""Keeping a board stroke by stroke: the engine refuses an invalid stroke and nothing is stored; the last stroke
is undone; a repeated tap is not recorded twice; when the engine says the board is over the board is on the card,
as the board-by-board card would have entered it; only those who fill the card keep its boards."""

import pytest

from core.errors import Conflict, NotAllowed, ServiceError
from matches.models import ResultChange
from matches.scoring.models import Board
from matches.scoring.scorecard import add_board
from matches.strokes.models import BoardStroke, KeptBoard
from matches.strokes.services import add_stroke, start_board, undo_stroke
from stages.models import Match
from tests.helpers import win
from tests.matches.strokes.conftest import NOTHING, OWN, QUEEN, WHOLE_BOARD

pytestmark = pytest.mark.django_db
What = ResultChange.What


def test_starting_a_board_keeps_the_cards_next_board_and_starts_the_match(match, umpire):
    kept = start_board(match, user=umpire)
    assert (kept.game_no, kept.board_no, kept.breaker, kept.scores_before) == (1, 1, "A", {"A": 0, "B": 0})
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PLAY
    assert match.changes.filter(what=What.KEPT_BOARD).count() == 1
    assert start_board(match, user=umpire) == kept  # a second tap changes nothing


def test_a_stroke_is_stored_with_the_board_and_in_the_audit_log(match, umpire):
    start_board(match, user=umpire)
    played = add_stroke(match, OWN, user=umpire, seq=1)
    assert played.state.as_dict()["on_board"]["A"] == 8
    row = BoardStroke.objects.get()
    assert (row.seq, row.data["own"], row.recorded_by) == (1, 1, umpire)
    change = match.changes.get(what=What.STROKE)
    assert change.after["stroke"] == 1 and change.after["stroke_data"] == {"kind": "stroke", "own": 1}


def test_an_invalid_stroke_is_refused_with_its_law_and_nothing_is_stored(match, umpire):
    start_board(match, user=umpire)
    with pytest.raises(ServiceError) as refused:  # ICF 52: nine c/m of each colour
        add_stroke(match, {"kind": "stroke", "own": 10}, user=umpire)
    assert "ICF" in refused.value.message
    add_stroke(match, OWN, user=umpire)
    add_stroke(match, QUEEN, user=umpire)
    with pytest.raises(ServiceError):  # the queen is pocketed already: no second one
        add_stroke(match, QUEEN, user=umpire)
    assert BoardStroke.objects.count() == 2
    assert match.changes.filter(what=What.STROKE).count() == 2


def test_the_last_stroke_is_undone_and_the_log_keeps_it(match, umpire):
    start_board(match, user=umpire)
    add_stroke(match, OWN, user=umpire)
    add_stroke(match, NOTHING, user=umpire)
    with pytest.raises(Conflict):  # the page showed stroke 1 as the last: another tap undid stroke 2 meanwhile
        undo_stroke(match, user=umpire, seq=1)
    played = undo_stroke(match, user=umpire, seq=2)
    assert [row.seq for row in BoardStroke.objects.all()] == [1]
    assert played.state.as_dict()["turn"] == "A"  # A pocketed his own c/m: he strikes again
    undone = match.changes.get(what=What.STROKE_UNDONE)
    assert undone.before["stroke"] == 2 and undone.after is None
    undo_stroke(match, user=umpire)
    with pytest.raises(ServiceError):
        undo_stroke(match, user=umpire)


def test_a_repeated_tap_is_not_recorded_twice(match, umpire):
    start_board(match, user=umpire)
    add_stroke(match, OWN, user=umpire, seq=1)
    with pytest.raises(Conflict):
        add_stroke(match, OWN, user=umpire, seq=1)
    assert BoardStroke.objects.count() == 1


def test_the_board_the_engine_ends_is_entered_on_the_card(match, umpire):
    start_board(match, user=umpire)
    for seq, stroke in enumerate(WHOLE_BOARD, 1):
        played = add_stroke(match, stroke, user=umpire, seq=seq)
    assert played.result is not None
    board = Board.objects.get(match=match)
    assert (board.winner, board.coins_left_of_loser, board.queen) == ("A", 9, "covered_by_winner")
    assert (board.awarded_to, board.points, board.total_a, board.total_b) == ("A", 12, 12, 0)
    assert board.points == played.result.points and board.entered_by == umpire
    kept = KeptBoard.objects.get()
    assert kept.status == KeptBoard.Status.ENTERED and kept.board == board
    assert match.changes.filter(what=What.BOARD_ADDED).count() == 1
    with pytest.raises(ServiceError):  # the board is on the card: a replay corrects it, not an undo
        undo_stroke(match, user=umpire)
    second = start_board(match, user=umpire)  # ICF 49: the break passes alternately
    assert (second.board_no, second.breaker, second.scores_before) == (2, "B", {"A": 12, "B": 0})


def test_a_board_entered_meanwhile_leaves_the_kept_one_abandoned(match, umpire):
    start_board(match, user=umpire)
    add_stroke(match, OWN, user=umpire)
    add_board(match, None, win("B", 4), user=umpire)  # board 1 entered board by board
    with pytest.raises(Conflict):
        add_stroke(match, OWN, user=umpire)
    kept = start_board(match, user=umpire)
    assert (kept.board_no, kept.breaker) == (2, "B")
    assert KeptBoard.objects.get(board_no=1).status == KeptBoard.Status.ABANDONED
    assert BoardStroke.objects.filter(kept__board_no=1).count() == 1  # on record


def test_only_those_who_fill_the_card_keep_its_boards(match, umpire, stranger, secretary):
    with pytest.raises(NotAllowed):
        start_board(match, user=stranger)
    start_board(match, user=secretary)  # a secretary fills any card of the tournament
    with pytest.raises(NotAllowed):
        add_stroke(match, OWN, user=stranger)
    with pytest.raises(NotAllowed):
        undo_stroke(match, user=stranger)
    add_stroke(match, OWN, user=umpire)
    assert BoardStroke.objects.count() == 1


def test_a_finished_match_takes_no_board(match, umpire):
    match.status = Match.Status.FINISHED
    match.save()
    with pytest.raises(ServiceError):
        start_board(match, user=umpire)


def test_a_special_finish_goes_on_the_card_as_the_engine_names_it(match, umpire):
    """ICF 107(a): A pockets his last c/m with the Queen still on the board: B takes the board by 3."""
    start_board(match, user=umpire)
    for _ in range(9):
        played = add_stroke(match, OWN, user=umpire)
    assert played.result.law == "ICF 107(a)"
    board = Board.objects.get(match=match)
    assert board.special_ending["situation"] == "last_own_queen_on_board" and board.special_ending["striker"] == "A"
    assert (board.awarded_to, board.points, board.law) == ("B", 3, "ICF 107(a)")
