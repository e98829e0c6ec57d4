"""The event page's entry list on a 390-px phone: the search box works by submitting the form (no JavaScript
needed), a secretary adds a late entry and withdraws it, and nothing makes the page wider than the phone."""

import pytest
from django.urls import reverse

from tests.browser.conftest import log_in, page_width, shot
from tests.factories import ClubFactory, EntryFactory, EventFactory, PlayerFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_secretary_searches_adds_and_withdraws_entries_on_a_phone(phone, live_server):
    secretary = UserFactory(secretary=True)
    tournament = TournamentFactory(status="published")
    tournament.secretaries.add(secretary)
    event = EventFactory(tournament=tournament, name="Open singles")
    clubs = [ClubFactory(name="Mumbai Carrom Association"), ClubFactory(name="Club de Carrom de Paris")]
    for number in range(8):
        player = PlayerFactory(
            first_name=f"Player{number}",
            last_name="Deshpande-Krishnamurthy" if number % 2 else "Martin",
            club=clubs[number % 2],
            country="IND" if number % 2 else "FRA",
            rating=1400 + number * 10,
        )
        EntryFactory(event=event, members=[player], seed=number + 1 if number < 4 else None)
    url = reverse("event-detail", args=[tournament.slug, event.pk])
    log_in(phone, live_server, secretary.username, url)
    phone.wait_for_selector("table.entries")
    shot(phone, "event-entries")
    assert page_width(phone) <= 390

    phone.fill("input[name=q]", "paris")
    phone.get_by_role("button", name="Search").click()
    phone.wait_for_url("**?q=paris")
    rows = phone.locator("table.entries tbody tr")
    assert rows.count() == 4 and "Club de Carrom de Paris" in rows.first.inner_text()
    shot(phone, "event-search")

    phone.get_by_role("link", name="Add an entry").click()
    phone.fill("#id_first_name", "Late")
    phone.fill("#id_last_name", "Comer")
    phone.fill("#id_country", "ita")
    shot(phone, "entry-add")
    assert page_width(phone) <= 390
    phone.get_by_role("button", name="Add the entry").click()
    phone.wait_for_selector("text=Late Comer entered in Open singles.")

    phone.get_by_role("link", name="Late Comer").click()
    phone.wait_for_url("**/entries/*/")
    shot(phone, "entry-edit")
    assert page_width(phone) <= 390
    phone.get_by_role("button", name="Withdraw").click()
    phone.wait_for_selector("text=Late Comer is withdrawn")
    row = phone.locator("table.entries tbody tr", has_text="Late Comer")
    assert "withdrawn" in row.inner_text() and "ITA" in row.inner_text()
    shot(phone, "event-withdrawn")
