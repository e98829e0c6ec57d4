"""The calendar feeds (players.calendar): a player's matches on their personal link and a tournament's, as a phone's
calendar reads them (parsed back with the icalendar library); a moved match keeps its UID and takes its new time."""

from datetime import timedelta

import pytest
from django.urls import reverse
from icalendar import Calendar

from matches.scheduling.services import move_match
from players.links import personal_token
from stages.models import Round
from tests.factories import UserFactory
from tests.player_helpers import at, play, player_world
from tournaments.models import Venue

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(tournament):
    Venue.objects.create(tournament=tournament, tables=8, match_minutes=45)
    return player_world(tournament)


def events_of(response):
    assert response.status_code == 200 and response["Content-Type"] == "text/calendar; charset=utf-8"
    feed = Calendar.from_ical(response.content)
    return {str(event["uid"]): event for event in feed.walk("VEVENT")}


def player_feed(client, tournament, player):
    return client.get(reverse("player-calendar", args=[tournament.slug, personal_token(tournament, player)]))


def test_a_players_feed_has_their_timed_matches_with_table_and_slot(client, tournament, world):
    mine = play(world.singles_stage, world.singles, planned_at=at(1), table=7)
    play(world.doubles_stage, world.doubles, side="b", planned_at=at(3), table=2)
    play(world.singles_stage, world.singles, round_number=2)  # no time yet: not in a calendar
    play(world.singles_stage, world.singles, round_number=3, planned_at=at(5), round_status=Round.Status.DRAFT)
    others = play(world.singles_stage, play(world.singles_stage, world.singles).entry_b, planned_at=at(2))
    events = events_of(player_feed(client, tournament, world.player))
    assert len(events) == 2 and f"match-{others.pk}@testserver" not in events
    event = events[f"match-{mine.pk}@testserver"]
    assert event.decoded("dtstart") == at(1) and event.decoded("dtend") == at(1) + timedelta(minutes=45)
    assert str(event["location"]).startswith("Table 7")
    assert str(event["summary"]) == f"Asha Rao v {mine.entry_b.name} (round 1)"
    assert personal_token(tournament, world.player) in str(event["url"])


def test_a_moved_match_keeps_its_uid_and_takes_its_new_time_and_table(client, tournament, world):
    match = play(world.singles_stage, world.singles, planned_at=at(1), table=7)
    uid = f"match-{match.pk}@testserver"
    assert events_of(player_feed(client, tournament, world.player))[uid].decoded("dtstart") == at(1)
    move_match(match, 3, at(4), UserFactory(), "table 7 is broken")
    event = events_of(player_feed(client, tournament, world.player))[uid]
    assert event.decoded("dtstart") == at(4) and str(event["location"]).startswith("Table 3")


def test_the_tournaments_feed_has_every_timed_match_by_shown_names(client, tournament, world):
    first = play(world.singles_stage, world.singles, planned_at=at(1), table=1)
    second = play(world.doubles_stage, world.doubles, planned_at=at(2), table=2)
    events = events_of(client.get(reverse("tournament-calendar", args=[tournament.slug])))
    assert set(events) == {f"match-{first.pk}@testserver", f"match-{second.pk}@testserver"}
    assert "Asha Rao & Bina Shah v" in str(events[f"match-{second.pk}@testserver"]["summary"])


def test_a_bad_token_or_a_draft_is_not_found(client, tournament, world):
    assert client.get(reverse("player-calendar", args=[tournament.slug, "p1.forged:nope"])).status_code == 404
    tournament.status = "draft"
    tournament.save()
    assert client.get(reverse("tournament-calendar", args=[tournament.slug])).status_code == 404


def test_the_pages_offer_the_feeds(client, tournament, world):
    play(world.singles_stage, world.singles, planned_at=at(1), table=7)
    token = personal_token(tournament, world.player)
    page = client.get(reverse("player-schedule", args=[tournament.slug, token])).content.decode()
    assert f'href="webcal://testserver/t/{tournament.slug}/me/{token}/calendar.ics"' in page
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert f'href="/t/{tournament.slug}/calendar.ics"' in page
