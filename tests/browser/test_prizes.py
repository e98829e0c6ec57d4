"""The secretary sets an event's prizes on a phone: the form fits 390 px, a bad rule comes back with its reason,
and the event page then lists the prizes and links the prize list."""

import pytest
from django.urls import reverse

from tests.browser.conftest import PHONE, log_in
from tests.factories import EntryFactory, EventFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_secretary_sets_the_prize_categories_on_a_phone(phone, live_server):
    secretary = UserFactory(secretary=True)
    tournament = TournamentFactory(status="published")
    tournament.secretaries.add(secretary)
    event = EventFactory(tournament=tournament, name="Open singles")
    EntryFactory(event=event)
    url = reverse("event-prizes-page", args=[tournament.slug, event.pk])
    log_in(phone, live_server, secretary.username, url)
    phone.wait_for_url(f"**{url}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    phone.check("input[name=junior_awarded]")
    phone.fill("input[name=junior_prizes]", "2")
    phone.fill("input[name=junior_age_limit]", "18")
    phone.fill("input[name=junior_born_on_or_after]", "2008-12-05")
    phone.get_by_role("button", name="Save").click()
    phone.get_by_text("not both").wait_for()
    assert not event.prize_categories.exists()

    phone.fill("input[name=junior_age_limit]", "")
    phone.check("input[name=overall_winners_excluded]")
    phone.get_by_role("button", name="Save").click()
    phone.wait_for_url(f"**{event.get_absolute_url()}")
    prizes = phone.locator("ul.prize-rules").inner_text()
    assert "Junior: Born on or after" in prizes and "2 prizes." in prizes
    assert "one prize per person" in prizes
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert [(c.kind, c.prizes, c.age_limit) for c in event.prize_categories.all()] == [("junior", 2, None)]
