"""The demo's office league comes with its hall: four boards and two days of playing sessions, into which its
group stage (31 players in four groups, 105 matches) is booked with no match outside them."""

from datetime import datetime, timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from demo import office
from matches.scheduling.services import schedule_stage, update_venue
from stages.models import Match, Stage
from stages.services import draw_stage, publish_stage
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_the_demo_office_league_is_booked_into_its_two_days_of_sessions():
    call_command("load_demo", stdout=open("/dev/null", "w"))
    event = Event.objects.get(name="Office singles")
    venue = event.tournament.venue_setup
    assert (venue.tables, venue.match_minutes, venue.sessions.count()) == (4, 20, 3)
    groups = Stage.objects.create(event=event, name="Groups", kind=Stage.Kind.GROUPS, group_count=4)
    draw_stage(groups)
    publish_stage(groups)
    day, start, _end = office.SESSIONS[0]
    placed = schedule_stage(groups, timezone.make_aware(datetime.combine(day, start)))
    matches = list(groups.matches.exclude(status=Match.Status.BYE))
    assert len(matches) == len(placed) == 105 and placed.unfit == []
    hours = [
        (timezone.make_aware(datetime.combine(d, s)), timezone.make_aware(datetime.combine(d, e)))
        for d, s, e in office.SESSIONS
    ]
    slot = timedelta(minutes=office.MATCH_MINUTES)
    assert all(any(s <= m.planned_at and m.planned_at + slot <= e for s, e in hours) for m in matches)
    assert {timezone.localtime(m.planned_at).date() for m in matches} == {d for d, _s, _e in office.SESSIONS}


def test_loading_the_demo_again_keeps_the_hall_the_secretary_changed():
    call_command("load_demo", stdout=open("/dev/null", "w"))
    league = Event.objects.get(name="Office singles").tournament
    update_venue(league, 6, 30, 10, [])
    call_command("load_demo", stdout=open("/dev/null", "w"))
    venue = league.venue_setup
    venue.refresh_from_db()
    assert (venue.tables, venue.match_minutes, venue.sessions.count()) == (6, 30, 0)
