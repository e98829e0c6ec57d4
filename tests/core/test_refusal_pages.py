"""A refusal a person reads (403, 429) is a page of the site: it says why, in the reader's language, and leads back
to where they came from, their tournament's page and the list of tournaments."""

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.helpers import make_match

pytestmark = pytest.mark.django_db


def card_url(match):
    return reverse("match-card", args=[match.stage.event.tournament.slug, match.pk])


def test_an_umpire_on_a_card_not_theirs_reads_why_and_the_way_back(client, tournament, umpire):
    match = make_match(tournament, umpire=umpire, table=4)
    other = UserFactory()
    client.force_login(other)
    came_from = "http://testserver" + reverse("tournament-detail", args=[tournament.slug])
    refused = client.get(card_url(match), HTTP_REFERER=came_from)
    html = refused.content.decode()
    assert refused.status_code == 403
    assert '<link rel="stylesheet"' in html  # the site's page, not a bare "403 Forbidden"
    assert "Only the umpire of this match or a referee of the tournament fills its score card." in html
    assert f"You are signed in as {other.username}" in html
    assert f'href="{came_from}"' in html  # back to the page they came from
    assert f'href="{reverse("tournament-detail", args=[tournament.slug])}"' in html
    assert f'href="{reverse("login")}?next=' in html


def test_the_refusal_is_in_the_readers_language(client, tournament, umpire):
    match = make_match(tournament, umpire=umpire, table=4)
    client.force_login(UserFactory())
    refused = client.get(card_url(match), HTTP_ACCEPT_LANGUAGE="fr")
    assert refused.status_code == 403
    assert "Non autorisé" in refused.content.decode()


def test_no_way_back_to_a_page_of_another_site(client, tournament, umpire):
    match = make_match(tournament, umpire=umpire, table=4)
    client.force_login(UserFactory())
    refused = client.get(card_url(match), HTTP_REFERER="https://elsewhere.example/trap")
    assert "elsewhere.example" not in refused.content.decode()


def test_the_api_keeps_its_json_refusal(api_client, tournament, umpire):
    match = make_match(tournament, umpire=umpire, table=4)
    api_client.force_authenticate(UserFactory())
    refused = api_client.post(f"/api/tournaments/{tournament.slug}/matches/{match.pk}/toss/", {}, format="json")
    assert refused.status_code == 403 and refused["Content-Type"].startswith("application/json")
    assert refused.json()["detail"]


def test_a_locked_log_in_is_a_page_that_says_wait_and_leads_back(client, settings):
    settings.AXES_FAILURE_LIMIT = 1
    user = UserFactory()
    login = reverse("login")
    client.post(login, {"username": user.username, "password": "wrong"})
    refused = client.post(login, {"username": user.username, "password": "wrong"})
    html = refused.content.decode()
    assert refused.status_code == 429
    assert '<link rel="stylesheet"' in html and "Too many failed log-ins" in html
    assert f'href="{reverse("home")}"' in html


def test_a_page_not_found_inside_a_tournament_leads_to_its_page(client, tournament):
    missing = client.get(reverse("event-detail", args=[tournament.slug, 999999]))
    html = missing.content.decode()
    assert missing.status_code == 404 and '<link rel="stylesheet"' in html
    assert f'href="{reverse("tournament-detail", args=[tournament.slug])}"' in html
