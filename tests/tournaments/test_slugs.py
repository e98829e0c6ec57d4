"""A tournament's slug is its address: ASCII (URLs take <slug:slug>), never empty, never shared, whatever script its
name is written in, and however many tournaments of that name are created at once."""

import importlib

import pytest
from django.apps import apps
from rest_framework.test import APIClient

from tests.factories import TournamentFactory
from tournaments import models
from tournaments.models import Tournament
from tournaments.serializers import SLUG_TAKEN

pytestmark = pytest.mark.django_db

DEVANAGARI = "कैरम ओपन"  # "Carrom Open"
DATES = {"start_date": "2026-12-05", "end_date": "2026-12-06"}


def api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_name_in_devanagari_twice_on_the_page_gives_two_addresses_and_the_home_page_lists_both(client, secretary):
    client.force_login(secretary)
    for _ in range(2):
        form = {"name": DEVANAGARI, "venue": "Pune", "status": "published", **DATES}
        response = client.post("/tournaments/new/", form)
        assert response.status_code == 302
    slugs = list(Tournament.objects.filter(name=DEVANAGARI).order_by("pk").values_list("slug", flat=True))
    assert slugs == ["tournament", "tournament-2"]
    home = client.get("/")
    assert home.status_code == 200
    assert 'href="/t/tournament/"' in home.content.decode() and 'href="/t/tournament-2/"' in home.content.decode()
    assert client.get("/t/tournament-2/").status_code == 200


def test_a_name_in_devanagari_twice_in_the_api_gives_201_twice(secretary):
    answers = [api(secretary).post("/api/tournaments/", {"name": DEVANAGARI, **DATES}) for _ in range(2)]
    assert [answer.status_code for answer in answers] == [201, 201]
    assert [answer.json()["slug"] for answer in answers] == ["tournament", "tournament-2"]


def test_accents_are_dropped_and_a_taken_slug_gets_the_next_number():
    TournamentFactory(name="Café Open", slug="cafe-open")
    TournamentFactory(name="Café Open 3", slug="cafe-open-3")
    made = [Tournament.objects.create(name="Café Open", **DATES).slug for _ in range(3)]
    assert made == ["cafe-open-2", "cafe-open-4", "cafe-open-5"]


def test_a_long_name_keeps_room_for_its_number():
    name = "c" * 160  # the longest name a tournament may have
    first = Tournament.objects.create(name=name, **DATES)
    second = Tournament.objects.create(name=name, **DATES)
    assert second.slug == f"{first.slug}-2" and len(second.slug) <= 160


def test_a_slug_taken_between_the_lookup_and_the_insert_is_retried(monkeypatch):
    """Two tournaments of the same name created at once: both find `spring-open` free, one inserts it first."""
    TournamentFactory(name="Spring Open", slug="spring-open")
    lookups = []

    def stale_then_fresh(base):
        lookups.append(base)
        return base if len(lookups) == 1 else free(base)

    free = models.free_slug
    monkeypatch.setattr(models, "free_slug", stale_then_fresh)
    assert Tournament.objects.create(name="Spring Open", **DATES).slug == "spring-open-2"
    assert lookups == ["spring-open", "spring-open"]


def test_another_constraint_is_not_taken_for_a_slug_clash():
    with pytest.raises(models.IntegrityError):
        Tournament.objects.create(name="Backwards", start_date="2026-12-06", end_date="2026-12-05")


def test_a_slug_given_and_taken_is_a_400_not_a_500(secretary):
    TournamentFactory(slug="spring-open")
    response = api(secretary).post("/api/tournaments/", {"name": "Spring", "slug": "spring-open", **DATES})
    assert response.status_code == 400 and response.json() == {"slug": [SLUG_TAKEN]}


def test_a_slug_given_and_taken_by_a_request_at_the_same_moment_is_a_400(monkeypatch, tournament, secretary):
    TournamentFactory(slug="spring-open")
    # As if the other request inserted it after this one's validation found it free.
    monkeypatch.setattr("rest_framework.validators.UniqueValidator.__call__", lambda *args: None)
    client = api(secretary)
    created = client.post("/api/tournaments/", {"name": "Spring", "slug": "spring-open", **DATES})
    renamed = client.patch(f"/api/tournaments/{tournament.slug}/", {"slug": "spring-open"})
    assert (created.status_code, renamed.status_code) == (400, 400)
    assert created.json() == renamed.json() == {"slug": [SLUG_TAKEN]}


def test_the_migration_gives_a_tournament_saved_without_a_slug_one():
    TournamentFactory(name=DEVANAGARI, slug="tournament")
    empty = TournamentFactory(name=DEVANAGARI)
    kept = TournamentFactory(name="Kept", slug="my-own-slug")
    Tournament.objects.filter(pk=empty.pk).update(slug="")
    migration = importlib.import_module("tournaments.migrations.0008_tournament_empty_slug")
    migration.give_empty_slugs_one(apps, None)
    empty.refresh_from_db()
    kept.refresh_from_db()
    assert (empty.slug, kept.slug) == ("tournament-2", "my-own-slug")
