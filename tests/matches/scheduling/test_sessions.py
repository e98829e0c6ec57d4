"""The hall's playing sessions in the services and the API: stored and refused, a round and a stage booked inside
them, what does not fit carried or left out and said so, moves outside them refused. And the office league: its
group stage (31 players in four groups, 105 matches, 4 tables) booked into two days of sessions."""

from datetime import UTC, date, datetime, time, timedelta

import pytest
from rest_framework.test import APIClient

from demo import office
from matches.scheduling.display import placement_notes
from matches.scheduling.services import ScheduleError, move_match, schedule_round, schedule_stage, update_venue
from matches.scheduling.sessions import windows
from stages.models import Match, Stage
from stages.services import draw_stage, publish_stage
from tests.factories import EntryFactory, EventFactory, PlayerFactory, VenueFactory
from tests.helpers import make_round
from tournaments.models import PlayingSession

pytestmark = pytest.mark.django_db

SATURDAY, SUNDAY = date(2026, 12, 5), date(2026, 12, 6)


def session(day, start, end):
    return {"date": day, "start": time(*map(int, start.split(":"))), "end": time(*map(int, end.split(":")))}


def at(day, hour, minute=0):
    return datetime.combine(day, time(hour, minute), tzinfo=UTC)


def hall(tournament, *sessions, tables=2, match_minutes=60, rest_minutes=10):
    VenueFactory(tournament=tournament)
    return update_venue(tournament, tables, match_minutes, rest_minutes, list(sessions))


def inside(match, venue_windows, minutes):
    end = match.planned_at + timedelta(minutes=minutes)
    return any(first <= match.planned_at and end <= last for first, last in venue_windows)


# ---------------------------------------------------------------- stored and refused


def test_sessions_are_stored_in_order_and_replaced_whole(tournament):
    venue = hall(tournament, session(SUNDAY, "10:00", "15:00"), session(SATURDAY, "12:30", "18:00"))
    assert [str(s) for s in venue.sessions.all()] == ["2026-12-05 12:30–18:00", "2026-12-06 10:00–15:00"]
    update_venue(tournament, 2, 60, 10, [session(SATURDAY, "09:00", "13:00")])
    assert [str(s) for s in venue.sessions.all()] == ["2026-12-05 09:00–13:00"]
    update_venue(tournament, 3, 60, 10)  # sessions not given: kept
    assert venue.sessions.count() == 1
    update_venue(tournament, 3, 60, 10, [])  # none: every hour is a playing hour again
    assert not PlayingSession.objects.exists()


def test_a_session_ending_before_it_starts_and_overlapping_sessions_are_refused_and_nothing_is_saved(tournament):
    hall(tournament, session(SATURDAY, "09:00", "13:00"))
    wrong = [
        session(SATURDAY, "09:00", "13:00"),
        session(SATURDAY, "18:00", "17:00"),
        session(SATURDAY, "12:30", "14:00"),
        session(SATURDAY, "14:00", "16:00"),  # back to back with the one before: no break, but no overlap
    ]
    with pytest.raises(ScheduleError) as refused:
        update_venue(tournament, 5, 60, 10, wrong)
    assert refused.value.as_dict() == {
        "sessions": [
            "Session 2 (Sat 05 Dec 18:00–17:00) ends before it starts.",
            "Sessions 1 and 3 overlap (Sat 05 Dec 09:00–13:00 and Sat 05 Dec 12:30–14:00).",
        ]
    }
    venue = tournament.venue_setup
    venue.refresh_from_db()
    assert venue.tables == 2 and [str(s) for s in venue.sessions.all()] == ["2026-12-05 09:00–13:00"]


# ---------------------------------------------------------------- booked inside them


def test_a_round_is_booked_inside_the_sessions_and_what_does_not_fit_goes_to_the_next(tournament):
    hall(tournament, session(SATURDAY, "17:00", "19:00"), session(SUNDAY, "10:00", "11:00"))
    rnd = make_round(tournament, matches=7)
    placed = schedule_round(rnd, at(SATURDAY, 17))
    times = [(m.number, m.table, m.planned_at and f"{m.planned_at:%a %H:%M}") for m in rnd.matches.order_by("number")]
    assert times[:6] == [
        (1, 1, "Sat 17:00"),
        (2, 2, "Sat 17:00"),
        (3, 1, "Sat 18:00"),
        (4, 2, "Sat 18:00"),
        (5, 1, "Sun 10:00"),
        (6, 2, "Sun 10:00"),
    ]
    assert times[6][2] is None and [m.number for m in placed.unfit] == [7]
    assert [(f"{first:%a %H:%M}", count) for (first, _last), count in placed.sessions] == [
        ("Sat 17:00", 4),
        ("Sun 10:00", 2),
    ]
    assert placement_notes(placed)[0] == "2 matches carried to the Sunday 06 Dec 10:00 session."


def test_a_match_that_fits_in_no_session_has_no_time_and_is_said_so(tournament):
    VenueFactory(tournament=tournament, tables=2)
    rnd = make_round(tournament, matches=5)
    schedule_round(rnd, at(SATURDAY, 6))  # an earlier schedule, before the sessions were set: 5 matches with times
    update_venue(tournament, 2, 60, 10, [session(SATURDAY, "17:00", "19:00")])
    placed = schedule_round(rnd, at(SATURDAY, 17))
    assert len(placed) == 4 and [m.number for m in placed.unfit] == [5]
    fifth = rnd.matches.get(number=5)
    assert fifth.planned_at is None and fifth.umpire_id is None
    assert fifth.changes.filter(reason="Fits in no playing session").exists()
    assert placement_notes(placed) == [
        "1 match does not fit in the sessions and has no time: add a session, then schedule again."
    ]


def test_without_sessions_the_schedule_runs_at_any_hour_as_before(tournament):
    VenueFactory(tournament=tournament, tables=1)
    rnd = make_round(tournament, matches=3)
    placed = schedule_round(rnd, at(SATURDAY, 22))
    assert [f"{m.planned_at:%a %H:%M}" for m in placed] == ["Sat 22:00", "Sat 23:00", "Sun 00:00"]
    assert placement_notes(placed) == [] and placed.unfit == []


def test_a_move_outside_the_sessions_is_refused_on_its_time(tournament):
    hall(tournament, session(SATURDAY, "17:00", "19:00"))
    rnd = make_round(tournament, matches=1)
    schedule_round(rnd, at(SATURDAY, 17))
    match = rnd.matches.get()
    with pytest.raises(ScheduleError) as refused:
        move_match(match, 1, at(SATURDAY, 18, 30))  # would end at 19:30, after the session
    assert refused.value.as_dict() == {
        "planned_at": ["The hall does not play then: choose a time inside a playing session (venue page)."]
    }
    move_match(match, 2, at(SATURDAY, 18))
    assert rnd.matches.get().planned_at == at(SATURDAY, 18)


# ---------------------------------------------------------------- the API


def api(tournament, tail):
    return f"/api/tournaments/{tournament.slug}/{tail}"


@pytest.fixture
def secretary_api(secretary):
    client = APIClient()
    client.force_authenticate(secretary)
    return client


def test_api_venue_reads_and_writes_the_sessions(tournament, secretary_api):
    VenueFactory(tournament=tournament, tables=4)
    body = {
        "tables": 4,
        "match_minutes": 30,
        "rest_minutes": 5,
        "sessions": [
            {"date": "2026-12-06", "start": "09:00", "end": "13:00"},
            {"date": "2026-12-05", "start": "12:30:00", "end": "18:00"},
        ],
    }
    response = secretary_api.put(api(tournament, "venue/"), body, format="json")
    assert response.status_code == 200, response.json()
    sessions = [
        {"date": "2026-12-05", "start": "12:30", "end": "18:00"},
        {"date": "2026-12-06", "start": "09:00", "end": "13:00"},
    ]
    assert response.json()["sessions"] == sessions
    assert APIClient().get(api(tournament, "venue/")).json()["sessions"] == sessions
    kept = secretary_api.put(api(tournament, "venue/"), {"tables": 4, "match_minutes": 30, "rest_minutes": 5})
    assert kept.json()["sessions"] == sessions


@pytest.mark.parametrize(
    "sessions, errors",
    [
        (
            [{"date": "2026-12-05", "start": "18:00", "end": "12:30"}],
            {"sessions": ["Session 1 (Sat 05 Dec 18:00–12:30) ends before it starts."]},
        ),
        (
            [
                {"date": "2026-12-05", "start": "09:00", "end": "13:00"},
                {"date": "2026-12-05", "start": "10:00", "end": "11:00"},
            ],
            {"sessions": ["Sessions 1 and 2 overlap (Sat 05 Dec 09:00–13:00 and Sat 05 Dec 10:00–11:00)."]},
        ),
    ],
)
def test_api_venue_refuses_sessions_that_cannot_be(tournament, secretary_api, sessions, errors):
    VenueFactory(tournament=tournament, tables=4)
    body = {"tables": 4, "match_minutes": 30, "rest_minutes": 5, "sessions": sessions}
    response = secretary_api.put(api(tournament, "venue/"), body, format="json")
    assert response.status_code == 400 and response.json() == errors
    assert not PlayingSession.objects.exists()


def test_api_venue_refuses_a_date_that_is_no_date_on_its_field(tournament, secretary_api):
    VenueFactory(tournament=tournament, tables=4)
    sessions = [{"date": "2026-12-05", "start": "09:00", "end": "13:00"}, {"date": "2026-02-30", "start": "9"}]
    body = {"tables": 4, "match_minutes": 30, "rest_minutes": 5, "sessions": sessions}
    response = secretary_api.put(api(tournament, "venue/"), body, format="json")
    assert response.status_code == 400
    errors = response.json()["sessions"]  # by the session's place in the list, from 0
    assert list(errors) == ["1"] and set(errors["1"]) == {"date", "start", "end"}
    assert errors["1"]["date"][0].startswith("Date has wrong format.")
    response = secretary_api.put(api(tournament, "venue/"), {**body, "sessions": "Monday"}, format="json")
    assert response.status_code == 400 and "sessions" in response.json()


def test_api_schedule_answers_what_was_carried_and_what_fits_in_no_session(tournament, secretary_api):
    hall(tournament, session(SATURDAY, "17:00", "19:00"), session(SUNDAY, "10:00", "11:00"))
    rnd = make_round(tournament, matches=7)
    response = secretary_api.post(api(tournament, f"rounds/{rnd.pk}/schedule/"), {"start": "2026-12-05T17:00Z"})
    assert response.status_code == 200
    body = response.json()
    seventh = rnd.matches.get(number=7)
    assert body["unscheduled"] == [seventh.pk]
    assert body["notes"] == [
        "2 matches carried to the Sunday 06 Dec 10:00 session.",
        "1 match does not fit in the sessions and has no time: add a session, then schedule again.",
    ]
    assert [m["planned_at"] is None for m in body["matches"]].count(True) == 1


# ---------------------------------------------------------------- the office league


def office_groups(tournament):
    """The office league's group stage as drawn: its 31 players in four groups (8, 8, 8 and 7), 105 matches."""
    event = EventFactory(tournament=tournament, name="Office singles", rule_set="office")
    for seed, name in enumerate(office.PLAYERS, 1):
        first, last = office.split_name(name)
        EntryFactory(event=event, seed=seed, members=[PlayerFactory(first_name=first, last_name=last)])
    stage = Stage.objects.create(event=event, name="Groups", kind=Stage.Kind.GROUPS, group_count=4)
    draw_stage(stage)
    publish_stage(stage)
    return stage


def test_the_office_league_group_stage_is_booked_into_two_days_of_sessions(tournament):
    # A one-board group game (office, Game Rules) takes a 20-minute slot on one of the hall's 4 tables; the hall
    # plays Saturday afternoon and Sunday with a lunch break, never at night.
    venue = hall(
        tournament,
        session(SATURDAY, "12:30", "18:00"),
        session(SUNDAY, "09:00", "11:00"),
        session(SUNDAY, "12:00", "18:00"),
        tables=4,
        match_minutes=20,
        rest_minutes=5,
    )
    stage = office_groups(tournament)
    placed = schedule_stage(stage, at(SATURDAY, 12, 30))
    matches = list(stage.matches.exclude(status=Match.Status.BYE))
    assert len(matches) == 105 and len(placed) == 105 and placed.unfit == []
    hall_hours = windows(venue)
    assert all(inside(m, hall_hours, 20) for m in matches)
    assert not [m for m in matches if m.planned_at.hour < 9 or m.planned_at.hour >= 18]
    assert {m.planned_at.date() for m in matches} == {SATURDAY, SUNDAY}
    # The break between Sunday's sessions is kept: no match is on a table between 11:00 and 12:00.
    assert not [
        m for m in matches if m.planned_at < at(SUNDAY, 12) and m.planned_at + timedelta(minutes=20) > at(SUNDAY, 11)
    ]
    assert {m.table for m in matches} == {1, 2, 3, 4}
    # No player plays twice at once, nor before the end of their match of the round before (plus the rest).
    ends = {}
    for m in sorted(matches, key=lambda m: (m.round.number, m.planned_at)):
        for entry in (m.entry_a_id, m.entry_b_id):
            assert ends.get(entry, m.planned_at) <= m.planned_at
            ends[entry] = m.planned_at + timedelta(minutes=20 + 5)
    notes = placement_notes(placed)
    carried = [int(note.split()[0]) for note in notes if "carried" in note]
    saturday = sum(1 for m in matches if m.planned_at.date() == SATURDAY)
    assert sum(carried) == 105 - saturday and len(notes) == 2
    assert notes[0].endswith("carried to the Sunday 06 Dec 09:00 session.")
    assert notes[1].endswith("carried to the Sunday 06 Dec 12:00 session.")


def test_the_office_league_on_one_afternoon_is_told_what_does_not_fit(tournament):
    hall(tournament, session(SATURDAY, "12:30", "18:00"), tables=4, match_minutes=30, rest_minutes=5)
    stage = office_groups(tournament)
    placed = schedule_stage(stage, at(SATURDAY, 12, 30))
    assert placed.unfit and len(placed) + len(placed.unfit) == 105
    assert all(m.planned_at < at(SATURDAY, 18) for m in placed)
    assert stage.matches.filter(planned_at=None).exclude(status=Match.Status.BYE).count() == len(placed.unfit)
    count = len(placed.unfit)
    assert placement_notes(placed) == [
        f"{count} matches do not fit in the sessions and have no time: add a session, then schedule again."
    ]


def test_a_session_outside_the_tournaments_dates_is_refused(tournament):
    # A year mistyped: the tournament plays on 5 and 6 December 2026.
    VenueFactory(tournament=tournament)
    with pytest.raises(ScheduleError) as refused:
        update_venue(tournament, 2, 60, 10, [session(date(2025, 12, 5), "09:00", "13:00")])
    assert refused.value.as_dict() == {
        "sessions": ["Session 1 (2025-12-05 09:00–13:00) is outside the tournament's dates, 2026-12-05 to 2026-12-06."]
    }
