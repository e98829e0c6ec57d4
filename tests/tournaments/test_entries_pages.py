"""The event page's entry list (club, country, rating, seed, status, a search that works without JavaScript) and
the secretary's pages for one entry: a late entry, corrections, withdraw, reinstate, remove before the draw."""

import pytest
from django.urls import reverse

from stages.models import Stage
from stages.services import draw_stage
from tests.factories import ClubFactory, EntryFactory, EventFactory, PlayerFactory, UserFactory
from tournaments.models import Entry, Event, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(tournament):
    return EventFactory(tournament=tournament, name="Open singles")


@pytest.fixture
def signed_in(client, secretary):
    client.force_login(secretary)
    return client


def page(client, event, **params):
    response = client.get(reverse("event-detail", args=[event.tournament.slug, event.pk]), params)
    assert response.status_code == 200
    return response.content.decode()


def test_the_entry_list_shows_club_country_rating_seed_and_status(client, event):
    asha = PlayerFactory(first_name="Asha", last_name="Rao", club=ClubFactory(name="Mumbai CC"), rating=1510)
    EntryFactory(event=event, members=[asha], seed=1)
    gone = EntryFactory(event=event, members=[PlayerFactory(first_name="Gone", last_name="Away", country="FRA")])
    gone.withdrawn = True
    gone.save()
    html = page(client, event)
    for text in ("Asha Rao", "Mumbai CC", "IND", "1510", "Gone Away", "FRA", "withdrawn"):
        assert text in html
    assert html.index("Asha Rao") < html.index("Gone Away")  # withdrawn entries last


def test_the_search_filters_by_name_club_or_country_without_javascript(client, event):
    EntryFactory(event=event, members=[PlayerFactory(first_name="Asha", last_name="Rao", country="IND")])
    EntryFactory(event=event, members=[PlayerFactory(first_name="Élodie", last_name="Martin", country="FRA")])
    EntryFactory(
        event=event, members=[PlayerFactory(first_name="Hans", country="GER", club=ClubFactory(name="Berlin Strikers"))]
    )
    assert "Élodie" in page(client, event, q="élodie") and "Asha" not in page(client, event, q="ÉLODIE")
    found = page(client, event, q="berlin")
    assert "Hans" in found and "Asha" not in found and "1 entry found for" in found
    assert "Asha" in page(client, event, q="ind") and "Hans" not in page(client, event, q="ind")
    assert "No entry matches this search." in page(client, event, q="nobody")
    assert 'value="berlin"' in found  # the box keeps what was searched


def test_the_cached_event_page_is_kept_per_search(client, event, page_cache):
    EntryFactory(event=event, members=[PlayerFactory(first_name="Asha")])
    EntryFactory(event=event, members=[PlayerFactory(first_name="Hans")])
    assert "Hans" in page(client, event)
    assert "Hans" not in page(client, event, q="asha")  # not the cached page of no search
    assert "Hans" in page(client, event, q="hans")


def test_a_secretary_adds_a_late_singles_entry_with_a_new_player(signed_in, event):
    url = reverse("entry-add-page", args=[event.tournament.slug, event.pk])
    assert "Add an entry" in page(signed_in, event)
    data = {"first_name": "Late", "last_name": "Comer", "club": "New Club", "country": "fra", "rating": "1300"}
    response = signed_in.post(url, {**data, "seed": "4"})
    assert response.status_code == 302
    entry = event.entries.get()
    assert (entry.name, entry.seed, entry.players.get().country) == ("Late Comer", 4, "FRA")


def test_a_late_doubles_entry_takes_a_player_of_the_tournament_and_a_new_one(signed_in, tournament):
    singles = EventFactory(tournament=tournament)
    known = PlayerFactory(first_name="Asha", last_name="Rao")
    EntryFactory(event=singles, members=[known])
    doubles = EventFactory(tournament=tournament, kind=Event.Kind.DOUBLES)
    url = reverse("entry-add-page", args=[tournament.slug, doubles.pk])
    assert "Asha" in signed_in.get(url).content.decode()  # offered from the tournament's other events
    response = signed_in.post(url, {"player": known.pk, "first_name_2": "Ravi", "last_name_2": "Rao"})
    assert response.status_code == 302
    assert doubles.entries.get().name == "Asha Rao & Ravi Rao"


def test_a_bad_late_entry_is_shown_again_with_its_message_and_saves_nothing(signed_in, event):
    url = reverse("entry-add-page", args=[event.tournament.slug, event.pk])
    response = signed_in.post(url, {"first_name": "", "country": "India", "seed": "0"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "Choose a player, or give a new player&#x27;s first name." in html
    EntryFactory(event=event, seed=1)
    response = signed_in.post(url, {"first_name": "Late", "country": "xx1"})
    assert "A country is three letters" in response.content.decode()
    response = signed_in.post(url, {"first_name": "Late", "seed": "1"})
    assert "Seed 1 already belongs to" in response.content.decode()
    assert event.entries.count() == 1 and not Player.objects.filter(first_name="Late").exists()


def test_the_entry_page_corrects_seed_and_player_and_the_list_shows_it(signed_in, client, event):
    entry = EntryFactory(event=event, members=[PlayerFactory(first_name="Asha", last_name="Roa")])
    url = reverse("entry-edit-page", args=[event.tournament.slug, event.pk, entry.pk])
    assert "Remove the entry" in signed_in.get(url).content.decode()
    data = {"seed": "2", "p1-first_name": "Asha", "p1-last_name": "Rao", "p1-club": "Pune CC", "p1-country": "ind"}
    assert signed_in.post(url, {**data, "p1-rating": "1450"}).status_code == 302
    entry.refresh_from_db()
    assert (entry.name, entry.seed) == ("Asha Rao", 2)
    html = page(signed_in, event)
    assert "Asha Rao" in html and "Pune CC" in html and "1450" in html


def test_a_bad_correction_is_shown_on_its_player(signed_in, event):
    entry = EntryFactory(event=event)
    url = reverse("entry-edit-page", args=[event.tournament.slug, event.pk, entry.pk])
    response = signed_in.post(url, {"seed": "", "p1-first_name": "Asha", "p1-country": "12"})
    assert response.status_code == 200 and "A country is three letters" in response.content.decode()


def test_withdraw_reinstate_and_remove_from_the_entry_page(signed_in, event):
    entries = [EntryFactory(event=event) for _ in range(3)]
    args = [event.tournament.slug, event.pk, entries[0].pk]
    assert signed_in.post(reverse("entry-withdraw-page", args=args)).status_code == 302
    entries[0].refresh_from_db()
    assert entries[0].withdrawn
    assert signed_in.post(reverse("entry-reinstate-page", args=args)).status_code == 302
    entries[0].refresh_from_db()
    assert not entries[0].withdrawn
    assert signed_in.post(reverse("entry-remove-page", args=args)).status_code == 302
    assert not Entry.objects.filter(pk=entries[0].pk).exists()


def test_after_the_draw_the_entry_page_offers_no_removal_and_a_removal_is_refused(signed_in, event):
    entries = [EntryFactory(event=event) for _ in range(3)]
    draw_stage(Stage.objects.create(event=event, name="RR", kind=Stage.Kind.ROUND_ROBIN))
    args = [event.tournament.slug, event.pk, entries[0].pk]
    html = signed_in.get(reverse("entry-edit-page", args=args)).content.decode()
    assert "Remove the entry" not in html and "withdraw the entry instead" in html
    response = signed_in.post(reverse("entry-remove-page", args=args), follow=True)
    assert "withdraw the entry instead" in response.content.decode()
    assert Entry.objects.filter(pk=entries[0].pk).exists()


def test_only_the_tournaments_secretaries_reach_the_entry_pages(client, event):
    entry = EntryFactory(event=event)
    client.force_login(UserFactory(secretary=True))  # a secretary, of another tournament
    args = [event.tournament.slug, event.pk]
    assert client.get(reverse("entry-add-page", args=args)).status_code == 403
    assert client.get(reverse("entry-edit-page", args=[*args, entry.pk])).status_code == 403
    assert client.post(reverse("entry-withdraw-page", args=[*args, entry.pk])).status_code == 403
    entry.refresh_from_db()
    assert not entry.withdrawn
    assert "Add an entry" not in page(client, event)
