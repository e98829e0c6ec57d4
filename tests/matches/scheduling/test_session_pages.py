"""The secretary's pages and the playing sessions: the venue page keeps them as lines (refusals at the top, the
form kept as sent), the schedule forms start from the venue's tables and next session, say what was carried or
does not fit, and an event whose tournament has no umpire is never asked for one."""

from datetime import UTC, date, datetime, time

import pytest
from django.urls import reverse

from matches.scheduling.services import update_venue
from stages.models import Match, Stage
from stages.services import draw_stage, publish_stage
from tests.factories import EntryFactory, EventFactory, PlayerFactory, UserFactory, VenueFactory
from tournaments.models import PlayingSession

pytestmark = pytest.mark.django_db

SATURDAY = date(2026, 12, 5)


def drawn(tournament, size, rule_set="icf"):
    event = EventFactory(tournament=tournament, rule_set=rule_set)
    for seed in range(1, size + 1):
        EntryFactory(event=event, seed=seed, members=[PlayerFactory()])
    stage = Stage.objects.create(event=event, name="Groups", kind=Stage.Kind.ROUND_ROBIN)
    draw_stage(stage)
    publish_stage(stage)
    return stage


def venue_url(tournament):
    return reverse("venue-edit", args=[tournament.slug])


def test_the_venue_page_shows_and_saves_the_sessions_as_lines(client, tournament, secretary):
    VenueFactory(tournament=tournament, tables=4, match_minutes=30)
    client.force_login(secretary)
    page = client.get(venue_url(tournament)).content.decode()
    assert 'name="sessions"' in page and "None: matches are booked at any hour" in page
    lines = "2026-12-06 09:00-13:00\r\n\r\n2026-12-05 12:30 18:00\r\n2026-12-06 14.00–18.00\r\n"
    data = {"tables": 4, "match_minutes": 30, "rest_minutes": 5, "sessions": lines}
    response = client.post(venue_url(tournament), data)
    assert response.status_code == 302
    stored = [str(s) for s in PlayingSession.objects.all()]
    assert stored == ["2026-12-05 12:30–18:00", "2026-12-06 09:00–13:00", "2026-12-06 14:00–18:00"]
    page = client.get(venue_url(tournament)).content.decode()
    assert "2026-12-05 12:30-18:00\n2026-12-06 09:00-13:00\n2026-12-06 14:00-18:00" in page
    # Room on 4 tables of 30-minute slots: 11 slots on Saturday, 8 in each of Sunday's sessions.
    assert "Sat 05 Dec 12:30–18:00: room for 44 matches at most" in page
    assert "In all, room for 108 matches on 4 tables of 30-minute slots" in page


@pytest.mark.parametrize(
    "lines, error",
    [
        ("2026-12-05 09:00-13:00\nMonday morning\n", "Line 2 is not a session"),
        ("2026-02-30 09:00-13:00\n2026-12-05 25:00-26:00", "Lines 1, 2 are not sessions"),
        ("2026-12-05 18:00-17:00", "Session 1 (Sat 05 Dec 18:00–17:00) ends before it starts."),
        ("2026-12-05 09:00-13:00\n2026-12-05 12:00-14:00", "Sessions 1 and 2 overlap"),
    ],
)
def test_the_venue_page_refuses_at_the_top_and_keeps_what_was_typed(client, tournament, secretary, lines, error):
    VenueFactory(tournament=tournament, tables=4)
    client.force_login(secretary)
    data = {"tables": 3, "match_minutes": 30, "rest_minutes": 5, "sessions": lines}
    response = client.post(venue_url(tournament), data)
    page = response.content.decode()
    assert response.status_code == 200
    top = page.index('class="errors form-errors"')
    assert top < page.index('name="tables"') and error in page[top : page.index('name="tables"')]
    assert lines.split("\n")[0] in page  # the form as it was sent
    assert not PlayingSession.objects.exists()
    assert tournament.venue_setup.tables == 4


def test_the_schedule_form_starts_from_the_venues_tables_and_next_session(client, tournament, secretary):
    VenueFactory(tournament=tournament)
    update_venue(tournament, 4, 20, 5, [{"date": SATURDAY, "start": time(12, 30), "end": time(18)}])
    stage = drawn(tournament, 4)
    client.force_login(secretary)
    page = client.get(reverse("stage-schedule", args=[tournament.slug, stage.pk])).content.decode()
    assert 'name="start" value="2026-12-05T12:30"' in page
    assert 'name="first_table" value="1"' in page and 'name="last_table" value="4"' in page
    assert "Playing sessions (no match is booked outside them):" in page and "Sat 05 Dec 12:30–18:00" in page
    assert "No playing sessions are set" not in page


def test_without_sessions_the_schedule_form_says_matches_run_through_the_night(client, tournament, secretary):
    VenueFactory(tournament=tournament, tables=16)
    stage = drawn(tournament, 4)
    client.force_login(secretary)
    page = client.get(reverse("stage-schedule", args=[tournament.slug, stage.pk])).content.decode()
    assert "No playing sessions are set: matches are booked at any hour, through the night." in page
    assert 'name="last_table" value="16"' in page


def test_scheduling_on_the_page_says_what_was_carried_and_what_does_not_fit(client, tournament, secretary):
    VenueFactory(tournament=tournament)
    sessions = [
        {"date": SATURDAY, "start": time(17), "end": time(18)},
        {"date": date(2026, 12, 6), "start": time(10), "end": time(11)},
    ]
    update_venue(tournament, 1, 60, 0, sessions)
    stage = drawn(tournament, 4)  # 6 matches in 3 rounds, one table: 2 fit
    client.force_login(secretary)
    url = reverse("stage-schedule", args=[tournament.slug, stage.pk])
    page = client.post(url, {"start": "2026-12-05T17:00", "keep_tables": "on"}, follow=True).content.decode()
    assert "Groups: 2 matches scheduled." in page
    assert "1 match carried to the Sunday 06 Dec 10:00 session." in page
    assert "4 matches do not fit in the sessions and have no time: add a session, then schedule again." in page


def test_an_event_of_a_tournament_without_umpires_is_never_asked_for_one(client, tournament, secretary):
    # The office league invites no umpire: its 6 matches get none, and no page asks for one.
    VenueFactory(tournament=tournament, tables=4)
    stage = drawn(tournament, 4, rule_set="office")
    client.force_login(secretary)
    url = reverse("stage-schedule", args=[tournament.slug, stage.pk])
    form = client.get(url).content.decode()
    assert "The tournament has no umpire: no umpires are given." in form
    done = client.post(url, {"start": "2026-12-05T09:00", "keep_tables": "on"}, follow=True).content.decode()
    assert "Groups: 6 matches scheduled." in done and "no umpire" not in done
    page = client.get(reverse("round-detail", args=[tournament.slug, stage.rounds.first().pk])).content.decode()
    assert "Save umpire" not in page and "No umpire yet" not in page and "Self-umpired" not in page
    assert "Move / umpire" not in page and "Move" in page


def test_an_umpired_event_short_of_umpires_is_still_warned(client, tournament, secretary):
    VenueFactory(tournament=tournament, tables=4)
    tournament.umpires.add(UserFactory(username="uma"))
    stage = drawn(tournament, 4)
    client.force_login(secretary)
    url = reverse("stage-schedule", args=[tournament.slug, stage.pk])
    done = client.post(url, {"start": "2026-12-05T09:00", "keep_tables": "on"}, follow=True).content.decode()
    # Two matches a round at once, one umpire: the other match of each round has none.
    assert "3 matches have no umpire" in done
    page = client.get(reverse("round-detail", args=[tournament.slug, stage.rounds.first().pk])).content.decode()
    assert "Save umpire" in page
    assert Match.objects.filter(stage=stage, umpire__username="uma").count() == 3
    assert (
        datetime(2026, 12, 5, 9, tzinfo=UTC) == Match.objects.filter(stage=stage).order_by("planned_at")[0].planned_at
    )
