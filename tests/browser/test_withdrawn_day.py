"""On a phone: a withdrawn entry's match on the round page says "withdrawn" and offers no move (office rules,
whose sheet says nothing of a side that does not come); the event page's stage badges are the stage pages'."""

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from matches.scheduling.services import schedule_round
from stages.models import Stage
from stages.services import draw_stage, publish_stage
from tests.browser.conftest import log_in
from tests.factories import EntryFactory, EventFactory, VenueFactory
from tournaments.services import withdraw_entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_round_page_and_the_event_page_on_a_phone(phone, live_server, tournament, secretary):
    VenueFactory(tournament=tournament, tables=4, match_minutes=30, rest_minutes=0)
    event = EventFactory(tournament=tournament, rule_set="office")
    for seed in range(1, 5):
        EntryFactory(event=event, seed=seed)
    stage = Stage.objects.create(event=event, name="League", kind=Stage.Kind.ROUND_ROBIN, order=1)
    Stage.objects.create(event=event, name="Final", kind=Stage.Kind.KNOCKOUT, order=2)
    draw_stage(stage)
    publish_stage(stage)
    withdraw_entry(event.entries.get(seed=1))
    first = stage.rounds.get(number=1)
    schedule_round(first, datetime(2026, 12, 5, 9, 0, tzinfo=UTC))
    log_in(phone, live_server, secretary.username, reverse("round-detail", args=[tournament.slug, first.pk]))
    phone.wait_for_selector(".badge.withdrawn")
    phone.screenshot(path="/tmp/withdrawn-round-17.png", full_page=True)
    withdrawn = phone.locator("li.match", has=phone.locator(".badge.withdrawn"))
    assert withdrawn.count() == 1 and withdrawn.get_by_text("Move").count() == 0
    assert phone.locator("li.match .badge.table").count() == 1
    phone.goto(f"{live_server.url}{event.get_absolute_url()}")
    badges = phone.locator(".stage-list .badge").all_inner_texts()
    phone.screenshot(path="/tmp/event-stages-17.png")
    assert badges == ["Published", "Not drawn"]
