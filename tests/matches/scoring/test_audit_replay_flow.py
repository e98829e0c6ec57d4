"""Audit log, replay from board N, and results flowing on to standings and brackets."""

import pytest

from core.errors import ServiceError
from matches.models import ResultChange
from matches.scoring.scorecard import add_board, card_state
from matches.scoring.services import confirm_result, record_result, record_walkover, replay_from_board
from stages.models import Match, Stage
from stages.selectors import stage_standings
from stages.services import draw_stage, publish_stage
from tests.factories import EntryFactory, EventFactory, UserFactory
from tests.helpers import GAME_25_3, game_25_0, knockout, make_match, win

pytestmark = pytest.mark.django_db
S = Match.Status
W = ResultChange.What


def test_every_result_change_is_logged_with_who_before_after_and_why(tournament, secretary):
    umpire = UserFactory()
    match = make_match(tournament, umpire=umpire)
    for board in GAME_25_3:
        add_board(match, None, board, user=umpire)
    for board in game_25_0("A"):
        add_board(match, None, board, user=umpire)
    confirm_result(match, user=secretary, reason="card signed")
    history = list(match.history)
    assert [c.what for c in history] == [W.STATUS] + [W.BOARD_ADDED] * 7 + [W.RESULT, W.CONFIRMED]
    assert history[0].before == {"status": "scheduled"} and history[0].after == {"status": "in_play"}
    assert history[1].user == umpire and history[1].before is None
    assert history[1].after["totals"] == {"A": 8, "B": 0} and history[1].after["queen"] == "covered_by_winner"
    result = history[-2]
    assert result.before["status"] == "in_play" and result.before["winner"] is None
    assert result.after["status"] == "finished" and result.after["games"] == [[25, 3], [25, 0]]
    assert result.after["winner"] == match.entry_a_id
    confirmed = history[-1]
    assert (confirmed.user, confirmed.reason) == (secretary, "card signed")
    assert (confirmed.before["status"], confirmed.after["status"]) == ("finished", "confirmed")
    assert all(c.at is not None for c in history)


def test_final_score_and_walkover_are_logged(tournament, secretary):
    match = make_match(tournament)
    record_result(match, [(25, 3), (25, 0)], user=secretary, reason="from the paper card")
    change = match.history.get()
    assert change.what == W.RESULT and change.before["games"] == [] and change.after["games"] == [[25, 3], [25, 0]]
    other = make_match(tournament)
    record_walkover(other, "a", user=secretary, reason="A absent")
    change = other.history.get()
    # ICF 143: the walk-over is logged, and no score is invented for it.
    assert change.what == W.WALKOVER and change.after["absent_side"] == "a" and change.after["score_b"] is None


def test_replay_from_board_n_voids_later_boards_and_keeps_them_on_record(tournament, secretary):
    match = make_match(tournament)
    for board in GAME_25_3:
        add_board(match, None, board)
    add_board(match, None, win("A", 2))
    add_board(match, None, win("B", 4))
    with pytest.raises(ServiceError, match="has no board 7"):
        replay_from_board(match, 1, 7, user=secretary, reason="protest")
    replay_from_board(match, 1, 3, user=secretary, reason="protest upheld: board 3 replayed (ICF 146)")
    match.refresh_from_db()
    assert match.status == S.IN_PLAY and (match.replay_from_game, match.replay_from_board) == (1, 3)
    assert not match.games.exists() and match.winner_id is None
    voided = match.boards.filter(voided=True).order_by("game_no", "number")
    assert [(b.game_no, b.number) for b in voided] == [(1, 3), (1, 4), (2, 1), (2, 2)]
    card = card_state(match)
    assert card.current_game == 1 and card.announcements["next_board"] == 3
    assert card.announcements["next_breaker"] == "A"  # ICF 49(a)(i): board 3 is A's break again
    change = match.history.last()
    assert change.what == W.REPLAY and change.after["replay_from"] == {"game": 1, "board": 3}
    assert len(change.before["voided_boards"]) == 4 and change.before["games"] == [[25, 3]]
    # Play resumes on the card: board 3 again, numbered 3.
    card = add_board(match, None, win("B", 5))
    assert match.boards.get(voided=False, game_no=1, number=3).winner == "B"
    assert card.games[0].state.running_totals[-1] == {"A": 8, "B": 8}


def test_replay_of_a_confirmed_match_takes_the_result_back(tournament, secretary):
    match = make_match(tournament)
    for board in GAME_25_3 + game_25_0("A"):
        add_board(match, None, board)
    confirm_result(match, user=secretary)
    replay_from_board(match, 2, 1, user=secretary, reason="wrong players at the table")
    match.refresh_from_db()
    assert match.status == S.IN_PLAY and not match.is_decided
    assert (match.games_a, match.games_b, match.score_a, match.score_b) == (1, 0, 25, 3)


def play_card(match, winner):
    """Two games to nil on the card for `winner`, then confirm."""
    for _ in range(2):
        for board in game_25_0(winner):
            add_board(match, None, board)
    return confirm_result(match)


def test_confirmed_card_flows_into_standings(tournament):
    event = EventFactory(tournament=tournament, rule_set="icf")
    for _ in range(4):
        EntryFactory(event=event)
    stage = Stage.objects.create(event=event, name="League", kind=Stage.Kind.ROUND_ROBIN)
    draw_stage(stage)
    publish_stage(stage)
    match = stage.matches.exclude(entry_b=None).first()
    for _ in range(2):
        for board in game_25_0("B"):
            add_board(match, None, board)
    points = {row.id: row.points for row in stage_standings(stage)}
    assert points[match.entry_b_id] == 0  # finished but not confirmed: counts for nothing yet
    confirm_result(match)
    points = {row.id: row.points for row in stage_standings(stage)}
    assert points[match.entry_b_id] == 2 and points[match.entry_a_id] == 0


def test_confirmed_card_advances_the_winner_in_the_bracket(tournament):
    stage = knockout(tournament)
    semis = list(stage.matches.filter(round__number=1).order_by("number"))
    final = stage.matches.get(round__name="final")
    # Semi-finals play to 25 points, no eight-board limit (ICF 56(b), reading 7): the card knows the round.
    assert card_state(semis[0]).round == "semi_final"
    play_card(semis[0], "A")
    final.refresh_from_db()
    assert final.entry_a_id == semis[0].entry_a_id
    play_card(semis[1], "B")
    final.refresh_from_db()
    assert (final.entry_a_id, final.entry_b_id) == (semis[0].entry_a_id, semis[1].entry_b_id)
    play_card(final, "B")
    final.refresh_from_db()
    assert final.status == S.CONFIRMED and final.winner_id == semis[1].entry_b_id


def test_replay_of_a_final_score_only_match_from_game_two(tournament, secretary):
    match = make_match(tournament)
    record_result(match, [(25, 3), (20, 25), (25, 0)])
    replay_from_board(match, 2, 1, user=secretary, reason="game 2 replayed")
    match.refresh_from_db()
    assert match.status == S.IN_PLAY and list(match.games.values_list("number", flat=True)) == [1]
    assert match.history.last().before["games"] == [[25, 3], [20, 25], [25, 0]]
