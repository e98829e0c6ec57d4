"""Round clocks: ECC 39-41 bells, the countdown's phases, and the second bell applied once."""

from datetime import UTC, datetime, timedelta

import pytest

from matches.models import ResultChange
from matches.scheduling import tasks
from matches.scheduling.clock import clock_state, ring_second_bells, start_clock
from matches.scheduling.errors import ScheduleError
from matches.scheduling.models import RoundClock
from stages.models import Match, Round
from tests.factories import (
    EntryFactory,
    MatchFactory,
    PlayerFactory,
    RoundClockFactory,
    UserFactory,
    VenueFactory,
)
from tests.helpers import make_round
from tournaments.models import Notification

pytestmark = pytest.mark.django_db

START = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def minutes(n, seconds=0):
    return START + timedelta(minutes=n, seconds=seconds)


def test_ecc_clock_rings_the_first_bell_after_50_minutes_and_the_second_7_later(tournament, secretary):
    # ECC 39-41: 50 + 7 minutes.
    rnd = make_round(tournament, "ecc")
    clock = start_clock(rnd, user=secretary, now=START)
    assert (clock.started_at, clock.first_bell_at, clock.second_bell_at) == (START, minutes(50), minutes(57))
    assert clock.started_by == secretary and clock.second_bell_applied_at is None


def test_clock_state_through_the_ecc_bells(tournament):
    clock = start_clock(make_round(tournament, "ecc"), now=START)
    states = [clock_state(clock, now) for now in (START, minutes(49, 59), minutes(50), minutes(56, 30), minutes(57))]
    assert [(s["phase"], s["seconds_left"]) for s in states] == [
        ("running", 3000),
        ("running", 1),
        ("first_bell", 420),
        ("first_bell", 30),
        ("second_bell", 0),
    ]
    assert states[0] == {
        "now": START,
        "phase": "running",
        "seconds_left": 3000,
        "started_at": START,
        "first_bell_at": minutes(50),
        "second_bell_at": minutes(57),
        "time_limit": True,
    }


def test_no_clock_is_phase_none():
    state = clock_state(None, START)
    assert state["phase"] == "none" and state["seconds_left"] is None and state["first_bell_at"] is None


def test_a_rule_set_without_time_limit_gets_a_plain_countdown_of_the_venue_minutes(tournament):
    VenueFactory(tournament=tournament, match_minutes=45)
    clock = start_clock(make_round(tournament, "icf"), now=START)
    assert clock.first_bell_at == clock.second_bell_at == minutes(45)
    assert clock_state(clock, minutes(44))["time_limit"] is False
    assert [clock_state(clock, t)["phase"] for t in (minutes(44), minutes(45))] == ["running", "second_bell"]


def test_a_clock_starts_once_and_only_on_a_published_round(tournament):
    rnd = make_round(tournament, "ecc")
    start_clock(rnd, now=START)
    with pytest.raises(ScheduleError, match="started at 09:00"):
        start_clock(rnd)
    with pytest.raises(ScheduleError, match="preview"):
        start_clock(make_round(tournament, "ecc", status=Round.Status.DRAFT))
    assert RoundClock.objects.count() == 1


def test_starting_the_clock_sets_the_ecc_reporting_deadline(tournament):
    rnd = make_round(tournament, "ecc")
    match = MatchFactory(round=rnd, status=Match.Status.CALLED)
    start_clock(rnd, now=START)
    match.refresh_from_db()
    assert match.report_deadline == minutes(6)  # ECC 18


@pytest.fixture
def second_bell_round(tournament):
    """An ECC round whose clock started at 9:00: an umpired match in play, a self-umpired one called (players with
    logins), a finished one and a bye."""
    rnd = make_round(tournament, "ecc")
    umpire = UserFactory(username="uma")
    in_play = MatchFactory(round=rnd, number=1, status=Match.Status.IN_PLAY, umpire=umpire, table=1)
    players = [PlayerFactory(user=UserFactory()), PlayerFactory(user=UserFactory())]
    event = rnd.stage.event
    self_umpired = MatchFactory(
        round=rnd,
        number=2,
        status=Match.Status.CALLED,
        self_umpired=True,
        entry_a=EntryFactory(event=event, members=[players[0]]),
        entry_b=EntryFactory(event=event, members=[players[1]]),
    )
    MatchFactory(round=rnd, number=3, status=Match.Status.FINISHED, umpire=umpire)
    MatchFactory(round=rnd, number=4, entry_b=None, status=Match.Status.BYE)
    RoundClockFactory(round=rnd, started_at=START)
    return rnd, in_play, self_umpired, umpire, [p.user for p in players]


def test_second_bell_flags_unfinished_matches_and_tells_who_keeps_the_card(second_bell_round):
    rnd, in_play, self_umpired, umpire, player_users = second_bell_round
    assert ring_second_bells(now=minutes(56, 59)) == 0
    assert not ResultChange.objects.exists()

    assert ring_second_bells(now=minutes(57)) == 1
    changes = ResultChange.objects.filter(what=ResultChange.What.TIME_LIMIT)
    assert sorted(c.match_id for c in changes) == [in_play.pk, self_umpired.pk]
    change = changes.get(match=in_play)
    assert change.user is None and change.after["second_bell_at"] == "2026-12-05T09:57:00+00:00"
    assert change.reason.startswith("ECC 41: play stopped at the second bell (09:57)")
    told = Notification.objects.order_by("user_id")
    assert {n.user for n in told} == {umpire, *player_users}
    note = told.get(user=umpire)
    assert note.key == f"second-bell:{in_play.pk}" and "table 1" in note.body and "c/m left" in note.body
    assert note.url == f"/t/{rnd.stage.event.tournament.slug}/rounds/{rnd.pk}/"
    assert RoundClock.objects.get(round=rnd).second_bell_applied_at == minutes(57)


def test_second_bell_is_applied_once(second_bell_round):
    rnd, in_play, *_ = second_bell_round
    ring_second_bells(now=minutes(57))
    ring_second_bells(now=minutes(58))
    tasks.ring_second_bells.delay()  # the periodic task, run eagerly
    assert ResultChange.objects.filter(match=in_play, what=ResultChange.What.TIME_LIMIT).count() == 1
    assert Notification.objects.filter(key=f"second-bell:{in_play.pk}").count() == 1


def test_second_bell_without_a_card_keeper_tells_the_officials(tournament, secretary):
    rnd = make_round(tournament, "ecc")
    match = MatchFactory(round=rnd, status=Match.Status.IN_PLAY, self_umpired=True)
    RoundClockFactory(round=rnd, started_at=START)
    ring_second_bells(now=minutes(60))
    assert list(Notification.objects.filter(key=f"second-bell:{match.pk}").values_list("user", flat=True)) == [
        secretary.pk
    ]


def test_a_plain_countdown_running_out_scores_nothing(tournament):
    rnd = make_round(tournament, "icf")
    MatchFactory(round=rnd, status=Match.Status.IN_PLAY)
    clock = RoundClockFactory(round=rnd, started_at=START, first_bell_at=minutes(60), second_bell_at=minutes(60))
    assert ring_second_bells(now=minutes(61)) == 1
    assert not ResultChange.objects.exists() and not Notification.objects.exists()
    clock.refresh_from_db()
    assert clock.second_bell_applied_at == minutes(61)
