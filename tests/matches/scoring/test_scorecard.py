"""The score card board by board through the rules app."""

import pytest

from core.errors import ServiceError
from matches.scoring.scorecard import add_board, card_state
from matches.scoring.services import confirm_result, record_result
from stages.models import Match, Stage
from tests.helpers import GAME_25_3, game_25_0, make_match, win

pytestmark = pytest.mark.django_db


def test_icf_game_board_by_board_to_25_with_running_totals_and_alternating_breaks(tournament):
    match = make_match(tournament)
    breakers, totals = [], []
    for board in GAME_25_3:
        card = add_board(match, None, board)
        game = card.games[0]
        breakers.append(game.boards[-1].breaker)
        totals.append(game.state.running_totals[-1])
    # ICF 49(a)(i): the break passes alternately; A won the (default) toss and breaks first (ICF 39).
    assert breakers == ["A", "B", "A", "B"]
    # ICF 53, 54, 55: 5+3 queen, 3, 9+3 = 12 (the maximum), 5.
    assert totals == [{"A": 8, "B": 0}, {"A": 8, "B": 3}, {"A": 20, "B": 3}, {"A": 25, "B": 3}]
    assert card.games[0].state.game_over and card.games[0].state.ended_by == "points_target"  # ICF 56(a)
    game = match.games.get()
    assert (game.number, game.score_a, game.score_b, game.winner_side) == (1, 25, 3, "A")
    # ICF 49(a): the other player breaks first in game 2; the card announces it.
    assert card.current_game == 2
    assert card.announcements["next_breaker"] == "B" and card.announcements["next_board"] == 1
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PLAY and match.started_at is not None


def test_board_after_game_over_is_refused_naming_the_law(tournament):
    match = make_match(tournament)
    for board in GAME_25_3:
        add_board(match, 1, board)
    with pytest.raises(ServiceError) as error:
        add_board(match, 1, win("B", 2))
    # ICF 56(a): the game is over at 25 points.
    assert "ICF 56" in error.value.message and "game is over" in error.value.message
    assert match.boards.count() == 4


def test_impossible_board_is_refused_by_the_rules_app(tournament):
    match = make_match(tournament)
    with pytest.raises(ServiceError) as error:
        add_board(match, None, win("A", 10))
    assert error.value.field == "boards" and "ICF 52" in error.value.message  # at most 9 c/m
    assert not match.boards.exists()


def test_eight_boards_level_announce_an_extra_board_with_a_toss_for_the_break(tournament):
    match = make_match(tournament)
    for _ in range(4):
        add_board(match, None, win("A", 1))
        card = add_board(match, None, win("B", 1))
    # ICF 56(b): level after eight boards (up to pre-quarter-finals): an extra board, break by toss.
    assert card.announcements["extra_board_needed"] is True
    assert card.announcements["toss_for_break"] is True and card.announcements["next_breaker"] is None
    with pytest.raises(ServiceError) as error:
        add_board(match, None, win("A", 2))
    assert error.value.field == "breaker" and "toss" in error.value.message
    card = add_board(match, None, {**win("B", 2), "breaker": "B"})
    state = card.games[0].state
    assert state.game_over and state.ended_by == "extra_board" and state.winner == "B"
    assert match.boards.get(number=9).breaker == "B"


def test_breaker_out_of_turn_is_refused(tournament):
    match = make_match(tournament)
    with pytest.raises(ServiceError, match="ICF 49"):
        add_board(match, None, {**win("A", 3), "breaker": "B"})


def test_best_of_three_match_finishes_after_two_games_to_nil(tournament):
    match = make_match(tournament)
    for board in GAME_25_3:
        add_board(match, None, board)
    for board in game_25_0("A"):
        card = add_board(match, None, board)
    # Game 2 was broken first by B (ICF 49(a)).
    assert [b.breaker for b in card.games[1].boards] == ["B", "A", "B"]
    assert card.match.match_over and card.match.winner == "A"  # ICF 57: best of three
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.finished_at is not None
    assert (match.games_a, match.games_b, match.score_a, match.score_b) == (2, 0, 50, 3)
    assert match.winner_id == match.entry_a_id
    with pytest.raises(ServiceError, match="finished match takes no more boards"):
        add_board(match, None, win("A", 1))


def test_toss_winner_choosing_the_side_leaves_the_break_to_the_other(tournament):
    match = make_match(tournament, toss_winner="a", toss_choice="side")
    card = card_state(match)
    assert card.announcements["next_breaker"] == "B"  # ICF 39(c)


def test_office_group_game_is_a_single_board(tournament):
    match = make_match(tournament, rule_set="office", kind=Stage.Kind.GROUPS)
    card = add_board(match, None, win("B", 6, queen=True))
    # office (Scoring): 6 pieces + 5 queen bonus; (Game Rules): a group game is one board.
    assert card.games[0].state.ended_by == "single_board"
    assert card.match.match_over and card.match.winner == "B"
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b) == (Match.Status.FINISHED, 0, 11)


def test_final_score_only_path_still_works_and_refuses_a_card_afterwards(tournament):
    match = make_match(tournament)
    record_result(match, [(25, 10), (12, 25), (25, 20)])
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and (match.games_a, match.games_b) == (2, 1)
    confirm_result(match)
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.confirmed_at is not None
    with pytest.raises(ServiceError, match="confirmed match takes no more boards"):
        add_board(match, None, win("A", 1))
    other = make_match(tournament)
    with pytest.raises(ServiceError, match="not over"):
        record_result(other, [(25, 10)])  # ICF 57: best of three


def test_final_score_refused_once_a_card_is_kept(tournament):
    match = make_match(tournament)
    add_board(match, None, win("A", 3))
    with pytest.raises(ServiceError, match="replay from board"):
        record_result(match, [(25, 10), (25, 10)])
