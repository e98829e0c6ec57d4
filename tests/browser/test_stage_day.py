"""A secretary runs a stage's day on a phone: schedules a whole knockout from its page, confirms finishing it, and
checks a Swiss preview whose pairings come first, with each side's points and rating."""

import random

import pytest
from playwright.sync_api import expect

from stages.models import Stage
from stages.services import draw_stage, publish_stage
from tests.browser.conftest import log_in
from tests.factories import EntryFactory, EventFactory, PlayerFactory, TournamentFactory, UserFactory

SCREENSHOT = "/tmp/stage-day-swiss-preview.png"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_secretary_schedules_a_knockout_and_checks_a_swiss_preview_on_a_phone(live_server, phone):
    page = phone
    secretary = UserFactory(username="secretary")
    tournament = TournamentFactory(status="published")
    tournament.secretaries.add(secretary)
    tournament.umpires.add(UserFactory(username="uma"))  # one umpire for the two semi-finals played at once
    knockout_event = EventFactory(tournament=tournament, name="Open singles", rule_set="icf")
    for seed in range(1, 5):
        EntryFactory(event=knockout_event, seed=seed)
    knockout = Stage.objects.create(event=knockout_event, name="Knockout", kind=Stage.Kind.KNOCKOUT)
    draw_stage(knockout)
    publish_stage(knockout)

    log_in(page, live_server, "secretary", knockout.get_absolute_url())
    expect(page.locator("h1 .badge")).to_have_text("Published")
    page.get_by_role("link", name="Schedule the stage").click()
    page.fill("#schedule_start", "2026-12-05T09:00")
    page.get_by_role("button", name="Schedule").click()
    expect(page.locator(".message.success")).to_contain_text("Knockout: 3 matches scheduled.")
    expect(page.locator(".message.warning")).to_contain_text("1 match has no umpire")  # ICF: umpires wanted
    assert not knockout.matches.filter(planned_at=None).exists()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    swiss_event = EventFactory(tournament=tournament, name="Eurocup", rule_set="ecc")
    for seed in range(1, 9):
        EntryFactory(event=swiss_event, seed=seed, members=[PlayerFactory(rating=2000 - 50 * seed)])
    swiss = Stage.objects.create(event=swiss_event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=3)
    draw_stage(swiss, random.Random(1))
    page.goto(live_server.url + swiss.get_absolute_url())
    first = page.locator(".match-list .match").first
    expect(first.locator(".badge")).to_have_text("T1")
    expect(first.locator(".side-info").first).to_contain_text("0 pts ·")
    # Publish above the pairings (no scrolling down a long preview to find it), and again among the actions after.
    match_top = first.bounding_box()["y"]
    publish = page.get_by_role("button", name="Publish round 1")
    expect(publish).to_have_count(2)
    assert publish.first.bounding_box()["y"] < match_top < publish.last.bounding_box()["y"]
    expect(page.locator("input[name=shuffle_tables]")).to_have_count(0)  # paired already: nothing to shuffle
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=SCREENSHOT, full_page=True)
