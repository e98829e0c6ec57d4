"""A player follows their matches in a calendar from their personal page on a phone; the secretary moves the match
on the round page at the desk, and the feed the calendar follows moves it too (same event, new time and table)."""

from datetime import UTC, datetime

import pytest
from django.db.models import Q
from django.urls import reverse
from icalendar import Calendar
from playwright.sync_api import expect

from matches.scheduling.services import schedule_round
from players.links import personal_link_url
from stages.models import Stage
from stages.services import draw_stage, publish_stage
from tests.browser.conftest import PHONE, log_in, new_page, shot
from tests.factories import EntryFactory, EventFactory, PlayerFactory, VenueFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def feed_events(page, url):
    """The events of the feed at `url` as the phone's calendar would read them: {uid: (start, location)}."""
    answer = page.request.get(url)
    assert answer.ok and answer.headers["content-type"].startswith("text/calendar")
    feed = Calendar.from_ical(answer.body())
    return {str(e["uid"]): (e.decoded("dtstart"), str(e.get("location", ""))) for e in feed.walk("VEVENT")}


def test_the_calendar_moves_the_match_when_the_secretary_does(browser, live_server, tournament, secretary):
    VenueFactory(tournament=tournament, tables=4, match_minutes=30, rest_minutes=0)
    event = EventFactory(tournament=tournament, name="Office singles", rule_set="office")
    asha = PlayerFactory(first_name="Asha", last_name="Rao")
    EntryFactory(event=event, seed=1, members=[asha])
    for seed in range(2, 5):
        EntryFactory(event=event, seed=seed)
    stage = Stage.objects.create(event=event, name="League", kind=Stage.Kind.ROUND_ROBIN, order=1)
    draw_stage(stage)
    publish_stage(stage)
    first = stage.rounds.get(number=1)
    schedule_round(first, datetime(2026, 12, 5, 9, 0, tzinfo=UTC))
    match = first.matches.get(Q(entry_a__members__player=asha) | Q(entry_b__members__player=asha))

    phone = new_page(browser, PHONE)
    phone.goto(live_server.url + personal_link_url(tournament, asha))
    follow = phone.get_by_role("link", name="Follow my matches in my calendar")
    expect(follow).to_be_visible()
    shot(phone, "calendar-personal-phone")
    feed = phone.get_by_role("link", name="Download them (.ics)").get_attribute("href")
    uid = f"match-{match.pk}@{live_server.url.split('//')[1]}"
    before = feed_events(phone, live_server.url + feed)[uid]
    assert before[0] == datetime(2026, 12, 5, 9, 0, tzinfo=UTC)

    desk = new_page(browser, {"width": 1280, "height": 900})
    log_in(desk, live_server, secretary.username, reverse("round-detail", args=[tournament.slug, first.pk]))
    row = desk.locator(f"#match-{match.pk}")
    row.locator("summary").click()
    row.get_by_label("Table").fill("4")
    row.get_by_label("Time").fill("2026-12-05T11:30")
    row.get_by_role("button", name="Move").click()
    expect(desk.locator(".message.success")).to_contain_text("moved to table 4")

    start, location = feed_events(phone, live_server.url + feed)[uid]
    assert start == datetime(2026, 12, 5, 11, 30, tzinfo=UTC) and location.startswith("Table 4")
