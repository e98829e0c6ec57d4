"""The entries API: a late entry (known and new players), its seed, DELETE before the draw only (409 after),
withdraw and reinstate, and PATCH /api/players/<id>/ renaming the player's entries."""

import pytest

from stages.models import Stage
from stages.services import draw_stage
from tests.factories import EntryFactory, EventFactory, PlayerFactory
from tournaments.models import Entry, Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(api_client, secretary):
    api_client.force_authenticate(secretary)
    return api_client


@pytest.fixture
def event(tournament):
    return EventFactory(tournament=tournament)


def entries_url(event, entry=None, action=""):
    url = f"/api/tournaments/{event.tournament.slug}/events/{event.pk}/entries/"
    if entry is not None:
        url += f"{entry.pk}/"
    return url + (f"{action}/" if action else "")


def test_a_late_entry_with_a_new_player(api, event):
    body = {"new_players": [{"first_name": "Late", "last_name": "Comer", "club": "Pune CC", "country": "ind"}]}
    response = api.post(entries_url(event), {**body, "seed": 3}, format="json")
    assert response.status_code == 201, response.json()
    entry = event.entries.get()
    assert response.json() == {
        "id": entry.pk,
        "name": "Late Comer",
        "players": [entry.players.get().pk],
        "seed": 3,
        "withdrawn": False,
    }
    assert entry.players.get().club.name == "Pune CC"


def test_a_late_doubles_entry_of_a_known_and_a_new_player(api, tournament):
    event = EventFactory(tournament=tournament, kind=Event.Kind.DOUBLES)
    known = PlayerFactory(first_name="Asha", last_name="Rao")
    response = api.post(
        entries_url(event), {"players": [known.pk], "new_players": [{"first_name": "Ravi"}]}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["name"] == "Asha Rao & Ravi"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "players"),
        ({"new_players": [{"first_name": ""}]}, "new_players"),
        ({"new_players": [{"first_name": "A", "country": "India"}]}, "new_players"),
        ({"new_players": [{"first_name": "A", "rating": -1}]}, "new_players"),
        ({"new_players": [{"first_name": "A"}], "seed": 0}, "seed"),
        ({"new_players": [{"first_name": "A"}, {"first_name": "B"}]}, "players"),
    ],
)
def test_bad_late_entries_answer_400_with_field_errors(api, event, body, field):
    response = api.post(entries_url(event), body, format="json")
    assert response.status_code == 400
    assert field in response.json()
    assert not Entry.objects.exists()


def test_a_taken_seed_is_a_400_on_seed(api, event):
    EntryFactory(event=event, seed=1)
    entry = EntryFactory(event=event)
    response = api.patch(entries_url(event, entry), {"seed": 1}, format="json")
    assert response.status_code == 400
    assert "Seed 1 already belongs to" in response.json()["seed"][0]
    response = api.patch(entries_url(event, entry), {"seed": 2}, format="json")
    assert (response.status_code, response.json()["seed"]) == (200, 2)


def test_delete_before_the_draw_and_409_after(api, event):
    entries = [EntryFactory(event=event) for _ in range(3)]
    assert api.delete(entries_url(event, entries[0])).status_code == 204
    draw_stage(Stage.objects.create(event=event, name="RR", kind=Stage.Kind.ROUND_ROBIN))
    response = api.delete(entries_url(event, entries[1]))
    assert response.status_code == 409
    assert response.json() == {"detail": "RR has been drawn: withdraw the entry instead of removing it."}
    assert event.entries.count() == 2


def test_withdraw_and_reinstate(api, event, api_client):
    entry = EntryFactory(event=event)
    response = api.post(entries_url(event, entry, "withdraw"))
    assert (response.status_code, response.json()["withdrawn"]) == (200, True)
    entry.refresh_from_db()
    assert entry.withdrawn
    response = api.post(entries_url(event, entry, "reinstate"))
    assert (response.status_code, response.json()["withdrawn"]) == (200, False)
    api_client.force_authenticate(None)
    assert api_client.post(entries_url(event, entry, "withdraw")).status_code in (401, 403)


def test_patching_a_player_renames_their_entries(api, event):
    player = PlayerFactory(first_name="Asha", last_name="Roa")
    entry = EntryFactory(event=event, members=[player])
    response = api.patch(f"/api/players/{player.pk}/", {"last_name": "Rao"}, format="json")
    assert response.status_code == 200
    entry.refresh_from_db()
    assert entry.name == "Asha Rao"
    assert api.get(entries_url(event, entry)).json()["name"] == "Asha Rao"


def test_patching_a_player_with_a_bad_country_is_a_400(api, event):
    player = PlayerFactory()
    EntryFactory(event=event, members=[player])
    response = api.patch(f"/api/players/{player.pk}/", {"country": "1N"}, format="json")
    assert response.status_code == 400 and "country" in response.json()
