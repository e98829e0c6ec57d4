"""The archive lists only the players its visitor may see (tournaments.privacy): a player entered only in a draft
tournament is not found by the public (their page, a head-to-head, their club's page, a search, a rating's
ranking), but is by the draft's officials."""

import pytest
from django.test import Client

from core.page_cache import HIT_HEADER
from history.ratings.models import Rate, Rating
from tests.factories import ClubFactory, EntryFactory, EventFactory, PlayerFactory, TournamentFactory, UserFactory
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_of_two():
    """A club with `shown` (entered in a published tournament) and `hidden` (entered only in a draft, run by
    `secretary` with `umpire`), both rated."""
    club = ClubFactory(name="Mumbai Strikers")
    shown = PlayerFactory(first_name="Shown", last_name="Publicly", club=club)
    hidden = PlayerFactory(first_name="Hidden", last_name="Draftonly", club=club)
    draft = TournamentFactory(status="draft")
    EntryFactory(event=EventFactory(tournament=TournamentFactory(status="published")), members=[shown])
    EntryFactory(event=EventFactory(tournament=draft), members=[hidden])
    rating = Rating.objects.create(name="National")
    for player in (shown, hidden):
        Rate.objects.create(rating=rating, player=player, date="2026-01-01", rate=1500, deviation=100, volatility=0)
    secretary, umpire = UserFactory(secretary=True), UserFactory()
    draft.secretaries.add(secretary)
    draft.umpires.add(umpire)
    return {"club": club, "shown": shown, "hidden": hidden, "rating": rating, "draft": draft, "umpire": umpire}


def pages(world):
    hidden, shown = world["hidden"].pk, world["shown"].pk
    return {
        "player": f"/archive/players/{hidden}/",
        "head to head": f"/archive/players/{shown}/vs/{hidden}/",
        "head to head, the other way": f"/archive/players/{hidden}/vs/{shown}/",
    }


def lists(world):
    return {
        "club": f"/archive/clubs/{world['club'].pk}/",
        "search": "/archive/?q=Draftonly",
        "ranking": f"/archive/ratings/{world['rating'].pk}/",
    }


def client_of(user):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize("who", ["anonymous", "fan"])
def test_the_public_does_not_find_a_draft_only_player(club_of_two, who):
    client = client_of(UserFactory() if who == "fan" else None)
    for name, url in pages(club_of_two).items():
        assert client.get(url).status_code == 404, name
    for name, url in lists(club_of_two).items():
        assert "Hidden Draftonly" not in client.get(url).content.decode(), name
    assert "Shown Publicly" in client.get(lists(club_of_two)["club"]).content.decode()
    assert "Shown Publicly" in client.get(lists(club_of_two)["ranking"]).content.decode()


def test_the_drafts_umpire_finds_them(club_of_two):
    client = client_of(club_of_two["umpire"])
    for name, url in pages(club_of_two).items():
        assert client.get(url).status_code == 200, name
    for name, url in lists(club_of_two).items():
        assert "Hidden Draftonly" in client.get(url).content.decode(), name


def test_a_cached_club_page_shows_the_player_once_the_draft_is_published(club_of_two, page_cache):
    url = lists(club_of_two)["club"]
    assert Client().get(url)[HIT_HEADER] == "miss"
    assert Client().get(url)[HIT_HEADER] == "hit"
    Tournament.objects.filter(pk=club_of_two["draft"].pk).update(status=Tournament.Status.PUBLISHED)
    response = Client().get(url)
    assert response[HIT_HEADER] == "miss" and "Hidden Draftonly" in response.content.decode()
    assert Client().get(lists(club_of_two)["ranking"]).content.decode().count("Draftonly") == 1
