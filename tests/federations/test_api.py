"""The federations' API: the secretaries' list and invitation, the delegate's own entries by token."""

import pytest
from django.urls import reverse

from federations import services
from federations.links import token_of
from federations.models import Delegation, SentEntry
from registration.services import close_entries
from tests.factories import UserFactory
from tests.federations.conftest import asha
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def federations_url(tournament):
    return reverse("api-federations", args=[tournament.slug])


def entries_url(delegation):
    return reverse("api-federation-entries", args=[token_of(delegation)])


def test_the_secretary_invites_by_name_with_places(api_client, secretary, tournament, singles, doubles):
    api_client.force_authenticate(secretary)
    body = {"name": "Maldives Carrom", "country": "MDV", "quotas": [{"event": singles.pk, "places": 4}]}
    response = api_client.post(federations_url(tournament), body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["federation_name"] == "Maldives Carrom" and data["places"] == 4
    assert token_of(Delegation.objects.get()) in data["link"]
    again = api_client.post(federations_url(tournament), {"federation": data["federation"]}, format="json")
    assert again.status_code == 200 and again.json()["id"] == data["id"]
    listed = api_client.get(federations_url(tournament)).json()
    assert [(d["federation_name"], d["places"], d["used"]) for d in listed] == [("Maldives Carrom", 4, 0)]


def test_bad_invitations_answer_400_with_field_errors(api_client, secretary, tournament, singles):
    api_client.force_authenticate(secretary)
    url = federations_url(tournament)
    assert "federation" in api_client.post(url, {}, format="json").json()
    response = api_client.post(url, {"name": "X", "quotas": [{"event": 999999, "places": 1}]}, format="json")
    assert response.status_code == 400 and "quotas" in response.json()
    response = api_client.post(url, {"name": "X", "country": "ab1"}, format="json")
    assert response.status_code == 400 and "country" in response.json()


def test_others_are_refused(api_client, tournament):
    assert api_client.get(federations_url(tournament)).status_code == 403
    api_client.force_authenticate(UserFactory())
    assert api_client.post(federations_url(tournament), {"name": "X"}, format="json").status_code == 403


def test_the_delegate_reads_and_enters_by_token(api_client, delegation, singles):
    url = entries_url(delegation)
    data = api_client.get(url).json()
    assert data["federation"] == "All India Carrom Federation"
    assert {(q["event"], q["places"], q["used"], q["open"]) for q in data["quotas"]} >= {(singles.pk, 2, 0, True)}
    response = api_client.post(url, {"event": singles.pk, "players": [asha()]}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["name"] == "Asha Rao"
    assert SentEntry.objects.get().entry_id == response.json()["id"]
    assert api_client.get(url).json()["entries"][0]["name"] == "Asha Rao"


def test_the_delegate_is_refused_past_the_quota_and_after_closing(api_client, delegation, singles):
    url = entries_url(delegation)
    for name in ("Asha", "Bina"):
        api_client.post(url, {"event": singles.pk, "players": [asha(first_name=name)]}, format="json")
    response = api_client.post(url, {"event": singles.pk, "players": [asha(first_name="C")]}, format="json")
    assert response.status_code == 400
    assert response.json() == {"event": ["All India Carrom Federation has used all its 2 places in Men's singles."]}
    services.set_quotas(delegation, {singles: 5})
    close_entries(singles)
    response = api_client.post(url, {"event": singles.pk, "players": [asha(first_name="C")]}, format="json")
    assert response.json() == {"event": ["Entries to Men's singles are not open."]}


def test_already_entered_and_bad_bodies_are_400(api_client, delegation, singles):
    url = entries_url(delegation)
    api_client.post(url, {"event": singles.pk, "players": [asha()]}, format="json")
    response = api_client.post(url, {"event": singles.pk, "players": [asha()]}, format="json")
    assert response.status_code == 400 and "already entered" in response.json()["players"][0]
    assert api_client.post(url, {"event": "x"}, format="json").status_code == 400
    assert api_client.post(url, {"event": 999999, "players": [asha()]}, format="json").status_code == 400


def test_a_bad_or_revoked_token_is_404(api_client, delegation):
    old = entries_url(delegation)
    assert api_client.get(reverse("api-federation-entries", args=["d1.x:forged"])).status_code == 404
    services.revoke_link(delegation)
    assert api_client.get(old).status_code == 404
    assert api_client.post(old, {}, format="json").status_code == 404


def test_the_delegate_says_what_each_player_agreed_to_publish(api_client, delegation, doubles):
    bina = {**asha(first_name="Bina"), "publish_name": False, "publish_rating": False}
    body = {"event": doubles.pk, "players": [asha(), bina]}
    response = api_client.post(entries_url(delegation), body, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["name"] == "Asha Rao & B. R. (All India Carrom Federation)"
    said = dict(Player.objects.values_list("first_name", "consent_source"))
    assert said == {"Asha": "", "Bina": Player.ConsentSource.DELEGATE}  # left out: the player's answer unchanged
    again = {**body, "players": [asha(first_name="Chitra"), {**bina, "publish_name": "maybe"}]}
    response = api_client.post(entries_url(delegation), again, format="json")
    assert response.status_code == 400 and "publish_name" in str(response.json()["players"]), response.json()
