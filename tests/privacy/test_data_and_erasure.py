"""A player's data on request: everything held about them as JSON and PDF (secretaries of their tournaments), and
their erasure: personal fields cleared, a pseudonym, portrait and links gone, results kept so that nobody else's
standings change."""

import json
from datetime import date

import pypdfium2
import pytest
from django.core.files.base import ContentFile
from django.urls import reverse
from rest_framework.test import APIClient

from history.ratings.models import Rate, Rating
from history.sol.models import Picture, PlayerAlias
from players.models import PersonalLink
from stages.selectors import stage_standings
from tests.factories import NotificationFactory, TournamentFactory, UserFactory
from tournaments.consent import erase_player, player_data
from tournaments.models import Entry, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def held(private, league, tournament, settings, tmp_path):
    """What is held about `private` besides her record: a date of birth and an address, a personal link, a
    message, a rate, a SoL alias and a portrait."""
    settings.MEDIA_ROOT = tmp_path
    private.date_of_birth, private.email, private.nationality = date(1990, 4, 5), "zelda.q@example.org", "ITA"
    private.save()
    PersonalLink.objects.create(tournament=tournament, player=private)
    NotificationFactory(player=private, tournament=tournament, subject="Your match is called")
    rating = Rating.objects.create(name="Indian rating", level="2")
    Rate.objects.create(rating=rating, player=private, date=date(2026, 1, 1), rate=1600, deviation=90, volatility=0.06)
    PlayerAlias.objects.create(guid="a" * 32, player=private)
    picture = Picture(kind="portrait", name="zelda.png", player=private)
    picture.image.save("portraits/zelda.png", ContentFile(b"\x89PNG not really"), save=True)
    return private


def pdf_text(data):
    document = pypdfium2.PdfDocument(data)
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


def test_the_data_holds_everything_about_the_player(held):
    data = player_data(held)
    assert data["player"]["last_name"] == "Quixotic" and data["player"]["date_of_birth"] == "1990-04-05"
    assert data["player"]["email"] == "z…@example.org"  # an address is its owner's alone: said to be held
    assert data["consent"]["publish_name"] is True and data["consent"]["source"] is None
    assert [entry["event"] for entry in data["entries"]] == ["Open singles"]
    assert len(data["matches"]) == 3 and {row["won"] for row in data["matches"]} == {True}  # seed 1 wins them all
    assert data["notifications"][0]["subject"] == "Your match is called"
    assert data["rates"] == [{"rating": "Indian rating", "date": "2026-01-01", "rate": 1600, "deviation": 90}]
    assert data["personal_links"][0]["tournament"] == held.entries.get().event.tournament.name
    assert data["portrait"] == {"name": "zelda.png", "shown": False} and data["sol_aliases"] == ["a" * 32]


def test_the_secretary_downloads_the_data_as_json_and_pdf(client, held, secretary, tournament):
    client.force_login(secretary)
    response = client.get(reverse("player-data", args=[tournament.slug, held.pk]))
    assert response.status_code == 200 and response["Content-Disposition"].startswith("attachment")
    assert json.loads(response.content)["player"]["first_name"] == "Zelda"
    response = client.get(reverse("print-player-data", args=[tournament.slug, held.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "Data held about Zelda Quixotic" in text and "1990-04-05" in text and "Indian rating" in text


@pytest.mark.parametrize("route", ["player-data", "print-player-data"])
def test_nobody_else_downloads_the_data(client, held, tournament, route):
    url = reverse(route, args=[tournament.slug, held.pk])
    assert client.get(url).status_code == 302  # to the login
    elsewhere = UserFactory(secretary=True)
    TournamentFactory().secretaries.add(elsewhere)
    client.force_login(elsewhere)
    assert client.get(url).status_code == 403


def test_erasing_keeps_the_results_and_everyone_elses_standings(held, league):
    mine = Entry.objects.get(members__player=held).pk
    before = [(row.id, row.points, row.rank) for row in stage_standings(league)]
    others = {row.id: row.name for row in stage_standings(league) if row.id != mine}
    player = erase_player(held)
    assert [(row.id, row.points, row.rank) for row in stage_standings(league)] == before
    assert {row.id: row.name for row in stage_standings(league) if row.id != mine} == others
    assert player.full_name == f"Player {player.pk}" and Entry.objects.get(pk=mine).name == f"Player {player.pk}"
    assert (player.date_of_birth, player.email, player.sex, player.country, player.club, player.guid) == (
        None,
        "",
        "",
        "",
        None,
        None,
    )
    assert not PersonalLink.objects.filter(player=player).exists() and not player.notifications.exists()
    assert not Picture.objects.filter(player=player).exists() and not PlayerAlias.objects.exists()
    assert Rate.objects.filter(player=player).exists()  # a rate is a result: kept, under the pseudonym
    assert "Quixotic" not in json.dumps(player_data(player))


def test_the_secretary_erases_a_player_from_the_page_once_confirmed(client, held, secretary, tournament):
    client.force_login(secretary)
    url = reverse("player-erase", args=[tournament.slug, held.pk])
    unconfirmed = client.post(url, {})
    assert unconfirmed.status_code == 400 and Player.objects.get(pk=held.pk).last_name == "Quixotic"
    assert client.post(url, {"confirm": "on"}).status_code == 302
    assert Player.objects.get(pk=held.pk).full_name == f"Player {held.pk}"


def test_the_api_exports_and_erases_for_the_players_secretaries_only(held, secretary):
    elsewhere = UserFactory(secretary=True)
    TournamentFactory().secretaries.add(elsewhere)
    outsider = APIClient()
    outsider.force_login(elsewhere)
    assert outsider.get(f"/api/players/{held.pk}/data/").status_code == 403
    assert outsider.post(f"/api/players/{held.pk}/erase/").status_code == 403
    client = APIClient()
    client.force_login(secretary)
    data = client.get(f"/api/players/{held.pk}/data/").json()
    assert data["player"]["last_name"] == "Quixotic" and len(data["matches"]) == 3
    erased = client.post(f"/api/players/{held.pk}/erase/")
    assert erased.status_code == 200 and erased.json()["first_name"] == f"Player {held.pk}"
