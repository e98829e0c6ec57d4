"""A rating its player keeps private is on no public page: the event's entry list, the entries spreadsheet, the
rating rankings of the archive and the API, the player's archive page."""

from datetime import date

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from history.ratings.models import Rate, Rating
from tournaments.consent import record_consent

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(private, tournament):
    rating = Rating.objects.create(name="Indian rating", level="2")
    Rate.objects.create(rating=rating, player=private, date=date(2026, 1, 1), rate=1777, deviation=90, volatility=0.06)
    return rating


def pages(tournament, private, rating):
    event = private.entries.get().event
    return [
        reverse("event-detail", args=[tournament.slug, event.pk]),
        reverse("export-entries-csv", args=[tournament.slug, event.pk]),
        reverse("archive-rating", args=[rating.pk]),
        reverse("archive-player", args=[private.pk]),
        f"/api/ratings/{rating.pk}/ranking/",
        f"/api/players/{private.pk}/",
    ]


def test_a_rating_shows_until_its_player_keeps_it_private(client, private, tournament, rated):
    shown = [client.get(url).content.decode() for url in pages(tournament, private, rated)]
    assert all("1711" in text or "1777" in text for text in shown)
    record_consent(private, "delegate", publish_rating=False)
    for url in pages(tournament, private, rated):
        text = client.get(url).content.decode()
        assert "1711" not in text and "1777" not in text, url
    # Her name is still hers to publish: she stays on the entry list and her page.
    assert "Zelda Quixotic" in client.get(reverse("archive-player", args=[private.pk])).content.decode()


def test_the_secretary_still_reads_the_rating_through_the_api(private, secretary, tournament, rated):
    record_consent(private, "delegate", publish_rating=False)
    client = APIClient()
    client.force_login(secretary)
    assert client.get(f"/api/players/{private.pk}/").json()["rating"] == 1711


def test_the_archive_finds_a_private_player_by_the_shown_name_only(client, private, rated):
    assert "Zelda Quixotic" in client.get(reverse("archive"), {"q": "Quixotic"}).content.decode()
    record_consent(private, "delegate", publish_name=False, alias="Zed of Mumbai")
    assert "archive/players/" not in client.get(reverse("archive"), {"q": "Quixotic"}).content.decode()
    found = client.get(reverse("archive"), {"q": "Zed"}).content.decode()
    assert "Zed of Mumbai" in found and "Quixotic" not in found
