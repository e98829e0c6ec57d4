"""Game-level entries of the score card (Match.card_extras), through the rules app: the queen2 tie-breaker and
sudden death (queen2 ¶12-16) and the ECC board unfinished at the second bell (ECC 39-41)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from core.errors import ServiceError
from matches.models import ResultChange
from matches.scoring.scorecard import add_board, add_game_entry, card_state
from matches.scoring.services import replay_from_board
from stages.models import Match
from tests.factories import RoundClockFactory, UserFactory
from tests.helpers import make_match, win

pytestmark = pytest.mark.django_db

UNFINISHED = "unfinished_board_at_second_bell"


def level_set(match):
    """queen2 ¶12: four boards ending 6-6 (c/m only, no queen)."""
    for board in [win("A", 3), win("B", 3), win("A", 3), win("B", 3)]:
        card = add_board(match, None, board)
    return card


def tie(first, a, b):
    return {"first": first, "attempts": {"A": a, "B": b}}


def url(match, action):
    return f"/api/tournaments/{match.stage.event.tournament.slug}/matches/{match.pk}/{action}/"


# ---------------------------------------------------------------- queen2 tie-breaker and sudden death


def test_queen2_12_level_after_four_boards_asks_for_a_tie_breaker_not_a_board(tournament):
    match = make_match(tournament, rule_set="queen2")
    card = level_set(match)
    assert card.announcements["tie_breaker_needed"] is True and card.announcements["next_board"] is None
    with pytest.raises(ServiceError, match="queen2 ¶12-16"):
        add_board(match, None, win("A", 3))


def test_queen2_12_tie_breaker_entered_chance_by_chance_decides_the_set(tournament, secretary):
    match = make_match(tournament, rule_set="queen2")
    level_set(match)
    card = add_game_entry(match, 1, "tie_breaker", tie("B", [], [True]), user=secretary)
    assert card.current_game == 1 and card.announcements["tie_breaker_needed"] is True  # in progress
    # A has missed twice, B pocketed twice: A cannot catch up with one chance left (queen2 ¶12).
    card = add_game_entry(match, 1, "tie_breaker", tie("B", [False, False], [True, True]), user=secretary)
    game = card.games[0].state
    assert game.game_over and game.winner == "B" and game.decided_by == "tie_breaker"
    assert game.final_score == {"A": 6, "B": 6}  # the set score stays level (rules README, reading 17)
    stored = match.games.get(number=1)
    assert (stored.score_a, stored.score_b, stored.winner_side) == (6, 6, "B")
    # The next set begins; ICF 49(a)(ii) (queen2 ¶21): B did not break first in set 1, so B breaks first now.
    assert card.current_game == 2 and card.announcements["next_breaker"] == "B"
    match.refresh_from_db()
    assert match.card_extras == {"1": {"tie_breaker": tie("B", [False, False], [True, True])}}
    rows = list(match.changes.filter(after__has_key="tie_breaker").order_by("pk"))
    assert len(rows) == 2 and rows[0].before == {"game": 1, "tie_breaker": None}
    assert rows[1].before == {"game": 1, "tie_breaker": tie("B", [], [True])} and rows[1].user == secretary


def test_queen2_12_16_a_tie_breaker_out_of_turn_is_refused_and_nothing_stored(tournament):
    match = make_match(tournament, rule_set="queen2")
    level_set(match)
    with pytest.raises(ServiceError) as error:
        add_game_entry(match, 1, "tie_breaker", tie("A", [], [True]))  # A took the first chance (queen2 ¶16)
    assert "queen2 ¶12-16" in error.value.message and "alternately" in error.value.message
    match.refresh_from_db()
    assert match.card_extras == {} and not match.changes.filter(after__has_key="tie_breaker").exists()


def test_queen2_12_no_tie_breaker_while_the_set_is_not_level_after_four_boards(tournament):
    match = make_match(tournament, rule_set="queen2")
    add_board(match, None, win("A", 3))
    with pytest.raises(ServiceError, match="a tie-breaker follows only a tie after the last board"):
        add_game_entry(match, 1, "tie_breaker", tie("A", [True], []))


def test_queen2_14_15_sudden_death_after_a_level_tie_breaker(tournament):
    match = make_match(tournament, rule_set="queen2")
    level_set(match)
    card = add_game_entry(match, 1, "tie_breaker", tie("A", [True, False, True], [False, True, True]))
    assert card.announcements["sudden_death_needed"] is True  # queen2 ¶14: still level after three chances each
    card = add_game_entry(match, 1, "sudden_death", [{"A": True, "B": True}])
    assert card.announcements["sudden_death_needed"] is True  # queen2 ¶15: both pocketed, carry on
    card = add_game_entry(match, 1, "sudden_death", [{"A": True, "B": True}, {"A": False, "B": True}])
    game = card.games[0].state
    assert game.game_over and game.winner == "B" and game.decided_by == "sudden_death"


def test_queen2_sudden_death_before_the_tie_breaker_is_refused(tournament):
    match = make_match(tournament, rule_set="queen2")
    level_set(match)
    with pytest.raises(ServiceError, match="sudden death follows the tie-breaker"):
        add_game_entry(match, 1, "sudden_death", [{"A": True, "B": False}])


def test_queen2_match_won_by_two_tie_breakers_finishes_and_logs_the_result(tournament):
    match = make_match(tournament, rule_set="queen2")
    for game_no in (1, 2):
        level_set(match)
        card = add_game_entry(match, game_no, "tie_breaker", tie("A", [True, True], [False, False]))
    assert card.match.match_over and card.match.winner == "A"  # ICF 57 (queen2 ¶21): best of three sets
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.winner_id == match.entry_a_id
    assert (match.games_a, match.games_b, match.score_a, match.score_b) == (2, 0, 12, 12)
    assert match.changes.filter(what=ResultChange.What.RESULT).count() == 1
    with pytest.raises(ServiceError, match="finished match takes no more"):
        add_game_entry(match, None, "tie_breaker", tie("A", [True], []))


def test_entry_for_a_game_not_in_play_is_refused(tournament):
    match = make_match(tournament, rule_set="queen2")
    level_set(match)
    add_game_entry(match, 1, "tie_breaker", tie("A", [True, True], [False, False]))
    with pytest.raises(ServiceError, match="game 1 is not in play; game 2 is"):
        add_game_entry(match, 1, "tie_breaker", tie("A", [False, False], [True, True]))


def test_replay_from_a_board_voids_the_games_tie_breaker_and_keeps_it_in_the_history(tournament, secretary):
    match = make_match(tournament, rule_set="queen2")
    level_set(match)
    add_game_entry(match, 1, "tie_breaker", tie("A", [True, True], [False, False]))
    replay_from_board(match, 1, 4, user=secretary, reason="Protest upheld")
    match.refresh_from_db()
    assert match.card_extras == {} and match.status == Match.Status.IN_PLAY
    replay = match.changes.get(what=ResultChange.What.REPLAY)
    assert replay.before["voided_entries"] == {"1": {"tie_breaker": tie("A", [True, True], [False, False])}}
    card = card_state(match)
    assert card.current_game == 1 and card.announcements["next_board"] == 4


# ---------------------------------------------------------------- ECC: the board unfinished at the second bell


def rung_clock(match, minutes_ago=60):
    """A round clock whose second bell rang (ECC 39-41: 50 + 7 minutes)."""
    return RoundClockFactory(round=match.round, started_at=timezone.now() - timedelta(minutes=minutes_ago))


def ecc_match_at_5_2(tournament, **fields):
    match = make_match(tournament, rule_set="ecc", **fields)
    add_board(match, None, win("A", 5))
    add_board(match, None, win("B", 2))
    return match


def test_ecc_41_difference_of_cm_left_goes_to_the_player_with_fewer_queen_excluded(tournament):
    match = ecc_match_at_5_2(tournament)
    clock = rung_clock(match)
    unfinished = {"board_no": 3, "coins_left": {"A": 2, "B": 6}, "queen_held_by": "B"}
    card = add_game_entry(match, 1, UNFINISHED, unfinished)
    game = card.games[0].state
    # ECC 41: 6 - 2 = 4 points to A, who has fewer c/m left; the Queen held by B counts for nothing.
    assert game.time_limit_award == {"player": "A", "points": 4}
    assert game.final_score == {"A": 9, "B": 2} and game.ended_by == "time_limit" and game.winner == "A"
    assert game.second_bell_at == clock.second_bell_at  # the round clock's bells reach the rules app
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and (match.score_a, match.score_b) == (9, 2)
    assert match.card_extras == {"1": {UNFINISHED: unfinished}}
    row = match.changes.get(what=ResultChange.What.TIME_LIMIT)
    assert row.after["time_limit_award"] == {"player": "A", "points": 4} and row.after["scores"] == {"A": 9, "B": 2}


def test_ecc_41_equal_cm_left_scores_nothing_and_level_is_a_draw(tournament):
    match = make_match(tournament, rule_set="ecc")
    add_board(match, None, win("A", 3))
    add_board(match, None, win("B", 3))
    rung_clock(match)
    card = add_game_entry(match, 1, UNFINISHED, {"board_no": 3, "coins_left": {"A": 4, "B": 4}, "queen_held_by": "A"})
    game = card.games[0].state
    assert game.time_limit_award is None and game.final_score == {"A": 3, "B": 3}
    assert game.draw and card.match.draw  # ECC 39: no extra board, level is a draw
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.winner_id is None


def test_ecc_41_the_unfinished_board_waits_for_the_second_bell(tournament):
    match = ecc_match_at_5_2(tournament)
    rung_clock(match, minutes_ago=52)  # after the first bell (50), before the second (57)
    with pytest.raises(ServiceError) as error:
        add_game_entry(match, 1, UNFINISHED, {"board_no": 3, "coins_left": {"A": 2, "B": 6}})
    assert error.value.field == UNFINISHED and "ECC 41" in error.value.message and "second bell" in error.value.message
    match.refresh_from_db()
    assert match.card_extras == {} and match.status == Match.Status.IN_PLAY


def test_ecc_41_the_unfinished_board_is_the_one_after_the_last_completed(tournament):
    match = ecc_match_at_5_2(tournament)
    with pytest.raises(ServiceError, match="ECC 41: the unfinished board is board 3"):
        add_game_entry(match, 1, UNFINISHED, {"board_no": 2, "coins_left": {"A": 2, "B": 6}})


def test_unfinished_board_without_a_clock_is_the_umpires_call(tournament):
    match = ecc_match_at_5_2(tournament)
    card = add_game_entry(match, None, UNFINISHED, {"board_no": 3, "coins_left": {"A": 7, "B": 1}})
    assert card.games[0].state.final_score == {"A": 5, "B": 8} and card.match.winner == "B"


def test_icf_has_no_time_limit_so_no_unfinished_board(tournament):
    match = make_match(tournament)
    add_board(match, None, win("A", 5))
    with pytest.raises(ServiceError, match="this rule set has no time limit"):
        add_game_entry(match, 1, UNFINISHED, {"board_no": 2, "coins_left": {"A": 2, "B": 6}})


def test_unknown_kind_is_refused(tournament):
    match = make_match(tournament)
    with pytest.raises(ServiceError, match="A game-level entry is one of"):
        add_game_entry(match, 1, "extra_board", {})


# ---------------------------------------------------------------- API


def test_game_entry_api(api_client, tournament):
    umpire, other = UserFactory(), UserFactory()
    tournament.umpires.add(umpire, other)
    match = ecc_match_at_5_2(tournament, umpire=umpire)
    rung_clock(match)
    body = {"game": 1, UNFINISHED: {"board_no": 3, "coins_left": {"A": 2, "B": 6}, "queen_held_by": None}}
    api_client.force_authenticate(other)
    assert api_client.post(url(match, "game-entry"), body, format="json").status_code == 403
    api_client.force_authenticate(umpire)
    both = {**body, "tie_breaker": tie("A", [True], [])}
    assert "entry" in api_client.post(url(match, "game-entry"), both, format="json").data
    wrong = {"game": 1, UNFINISHED: {"board_no": 3, "coins_left": {"A": 2, "B": 10}}}
    response = api_client.post(url(match, "game-entry"), wrong, format="json")
    assert response.status_code == 400 and "ECC 41" in response.data[UNFINISHED][0]  # 0 to 9 c/m
    response = api_client.post(url(match, "game-entry"), body, format="json")
    assert response.status_code == 201, response.data
    assert response.data["games"][0]["time_limit_award"] == {"player": "A", "points": 4}
    assert response.data["games"][0]["entries"] == {UNFINISHED: body[UNFINISHED]}
    assert response.data["match"]["status"] == "finished"


def test_tie_breaker_api_in_the_rules_shape(api_client, tournament, secretary):
    match = make_match(tournament, rule_set="queen2")
    level_set(match)
    api_client.force_authenticate(secretary)
    response = api_client.post(
        url(match, "game-entry"), {"tie_breaker": tie("A", [True, True], [False, False])}, format="json"
    )
    assert response.status_code == 201, response.data
    assert response.data["games"][0]["decided_by"] == "tie_breaker"
    out_of_turn = api_client.post(url(match, "game-entry"), {"game": 2, "sudden_death": []}, format="json")
    assert out_of_turn.status_code == 400
