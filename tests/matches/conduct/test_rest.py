"""The rest before the deciding game (ICF 138: ten minutes between the second and third games; ICF 143(b): a
player who fails to keep it loses the entire match). The card starts it when game 2 ends; the periodic task applies
it once. Boundary: back at 10:00 is in time; at 10:01 the player has lost."""

from datetime import timedelta

import pytest
from django.utils import timezone

from core.errors import Conflict, NotAllowed, ServiceError
from core.management.commands.run_deadlines import periodic_tasks
from matches.conduct import rest
from matches.conduct.models import ConductChange, MatchLoss, RestInterval
from matches.conduct.services import concede
from matches.models import ResultChange
from matches.scoring.scorecard import add_board
from stages.models import Match
from tests.helpers import game_25_0
from tests.matches.conduct.conftest import match_in_play, play_two_games

pytestmark = pytest.mark.django_db
MINUTE = timedelta(minutes=1)


@pytest.fixture
def resting(match, umpire):
    return play_two_games(match, umpire)


def test_game_2_ending_starts_the_ten_minutes(resting):
    interval = resting.rest_interval
    assert resting.rest_deadline == interval.ends_at == interval.started_at + timedelta(minutes=10)
    assert timezone.now() - interval.started_at < MINUTE
    assert ConductChange.objects.get(what="rest_started").reason == "ICF 138"


def test_game_1_ending_starts_no_rest(match, umpire):
    for board in game_25_0("A"):
        add_board(match, None, board, user=umpire)
    match.refresh_from_db()
    assert match.rest_deadline is None and not RestInterval.objects.exists()


def test_a_match_over_in_two_games_has_no_rest(match, umpire):
    for board in game_25_0("A") + game_25_0("A"):
        add_board(match, None, board, user=umpire)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.rest_deadline is None


def test_ecc_has_no_rest(tournament, secretary):
    match = match_in_play(tournament, "ecc")
    for board in game_25_0("A"):
        add_board(match, None, board, user=secretary)
    assert not RestInterval.objects.exists()


def test_not_back_at_10_00_is_still_in_time_at_10_01_the_match_is_lost_once(resting, umpire):
    deadline = resting.rest_deadline
    rest.mark_back(resting, "a", umpire, now=deadline - MINUTE)
    assert rest.apply_rest_deadlines(now=deadline) == 0  # 10:00: the tenth minute is still the rest
    resting.refresh_from_db()
    assert resting.status == Match.Status.IN_PLAY and resting.rest_deadline == deadline
    assert rest.apply_rest_deadlines(now=deadline + MINUTE) == 1  # 10:01
    assert rest.apply_rest_deadlines(now=deadline + 2 * MINUTE) == 0  # a second run, or after a restart
    resting.refresh_from_db()
    assert resting.status == Match.Status.WALKOVER and resting.winner_id == resting.entry_a_id
    assert resting.rest_deadline is None
    loss = MatchLoss.objects.get()
    assert (loss.side, loss.law, loss.recorded_by) == ("b", "ICF 143(b)", None)
    walkover = resting.changes.get(what=ResultChange.What.WALKOVER)
    assert walkover.reason.startswith("ICF 143(b):") and "ICF 138" in walkover.reason
    assert resting.rest_interval.outcome == RestInterval.Outcome.LOST


def test_marked_back_at_10_00_counts_at_10_01_is_refused(resting, umpire):
    deadline = resting.rest_deadline
    rest.mark_back(resting, "a", umpire, now=deadline)
    with pytest.raises(ServiceError, match=r"ICF 138: the rest ended at .*ICF 143\(b\)"):
        rest.mark_back(resting, "b", umpire, now=deadline + MINUTE)
    interval = RestInterval.objects.get()
    assert interval.back_a_at == deadline and interval.back_b_at is None


def test_both_back_ends_the_rest_and_the_task_finds_nothing(resting, umpire):
    rest.mark_back(resting, "a", umpire)
    rest.mark_back(resting, "b", umpire)
    resting.refresh_from_db()
    assert resting.rest_deadline is None
    assert resting.rest_interval.outcome == RestInterval.Outcome.BACK
    assert rest.apply_rest_deadlines(now=timezone.now() + timedelta(hours=1)) == 0
    with pytest.raises(Conflict, match="no rest is running"):
        rest.mark_back(resting, "a", umpire)


def test_neither_back_is_left_to_the_chief_referee(resting):
    assert rest.apply_rest_deadlines(now=resting.rest_deadline + MINUTE) == 0
    resting.refresh_from_db()
    assert resting.status == Match.Status.IN_PLAY and resting.rest_deadline is None
    assert resting.rest_interval.outcome == RestInterval.Outcome.BOTH_ABSENT


def test_game_3_begun_means_both_came_back(resting, umpire):
    add_board(resting, None, {"winner": "A", "coins_left_of_loser": 3}, user=umpire)
    assert rest.apply_rest_deadlines(now=resting.rest_deadline + MINUTE) == 0
    resting.refresh_from_db()
    assert resting.status == Match.Status.IN_PLAY and not MatchLoss.objects.exists()


def test_a_match_ended_otherwise_during_the_rest_is_left_alone(resting, umpire):
    concede(resting, "b", "match", umpire)
    assert rest.apply_rest_deadlines(now=resting.rest_deadline + MINUTE) == 0
    assert resting.changes.filter(what=ResultChange.What.WALKOVER).count() == 1
    assert RestInterval.objects.get().outcome == RestInterval.Outcome.ENDED


def test_the_umpire_of_another_match_cannot_mark_back(resting, stranger):
    with pytest.raises(NotAllowed):
        rest.mark_back(resting, "a", stranger)


def test_run_deadlines_and_beat_run_the_rest_task():
    names = [name for name, _task in periodic_tasks()[0]]
    assert "apply-rest-deadlines" in names
