import pytest
from django.urls import reverse

from tests.factories import EventFactory, TournamentFactory, UserFactory
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_anonymous_reads_a_published_tournament(client, api_client, tournament):
    EventFactory(tournament=tournament, name="Men's singles")
    page = client.get(reverse("tournament-detail", args=[tournament.slug]))
    assert page.status_code == 200
    assert "Men&#x27;s singles" in page.content.decode()
    assert api_client.get(f"/api/tournaments/{tournament.slug}/").json()["name"] == tournament.name
    events = api_client.get(f"/api/tournaments/{tournament.slug}/events/").json()["results"]
    assert [event["name"] for event in events] == ["Men's singles"]


def test_anonymous_cannot_see_a_draft(client, api_client):
    draft = TournamentFactory(status="draft")
    assert client.get(reverse("tournament-detail", args=[draft.slug])).status_code == 404
    assert api_client.get(f"/api/tournaments/{draft.slug}/").status_code == 404


def test_anonymous_cannot_write(client, api_client, tournament):
    assert api_client.patch(f"/api/tournaments/{tournament.slug}/", {"name": "Hijacked"}).status_code in (
        401,
        403,
    )
    assert api_client.post(f"/api/tournaments/{tournament.slug}/events/", {"name": "X"}).status_code in (
        401,
        403,
    )
    assert api_client.post("/api/tournaments/", {"name": "New"}).status_code in (401, 403)
    response = client.post(reverse("tournament-edit", args=[tournament.slug]), {"name": "Hijacked"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    tournament.refresh_from_db()
    assert tournament.name != "Hijacked"


def test_secretary_cannot_edit_another_secretarys_tournament(client, api_client, tournament):
    other = UserFactory(secretary=True)
    api_client.force_authenticate(other)
    response = api_client.patch(f"/api/tournaments/{tournament.slug}/", {"name": "Hijacked"}, format="json")
    assert response.status_code == 403
    response = api_client.post(
        f"/api/tournaments/{tournament.slug}/events/", {"name": "Extra", "rule_set": "icf"}, format="json"
    )
    assert response.status_code == 403
    client.force_login(other)
    assert client.get(reverse("tournament-edit", args=[tournament.slug])).status_code == 403
    assert client.post(reverse("tournament-edit", args=[tournament.slug]), {"name": "Hijacked"}).status_code == 403
    tournament.refresh_from_db()
    assert tournament.name != "Hijacked"


def test_secretary_edits_own_tournament(client, api_client, tournament, secretary):
    api_client.force_authenticate(secretary)
    response = api_client.patch(f"/api/tournaments/{tournament.slug}/", {"venue": "Town hall"}, format="json")
    assert response.status_code == 200
    client.force_login(secretary)
    form = {
        "name": "Renamed Open",
        "venue": "Hall",
        "start_date": "2026-12-05",
        "end_date": "2026-12-06",
        "status": "published",
    }
    assert client.post(reverse("tournament-edit", args=[tournament.slug]), form).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.venue) == ("Renamed Open", "Hall")


def test_bad_dates_get_field_errors_and_save_nothing(client, api_client, tournament, secretary):
    api_client.force_authenticate(secretary)
    response = api_client.patch(f"/api/tournaments/{tournament.slug}/", {"end_date": "2020-01-01"}, format="json")
    assert response.status_code == 400
    assert response.json() == {"end_date": ["The tournament cannot end before it starts."]}
    client.force_login(secretary)
    form = {"name": "X", "start_date": "2026-12-05", "end_date": "2026-12-01", "status": "published"}
    page = client.post(reverse("tournament-edit", args=[tournament.slug]), form)
    assert page.status_code == 200
    assert "The tournament cannot end before it starts." in page.content.decode()
    tournament.refresh_from_db()
    assert tournament.name != "X"


def test_only_secretaries_create_tournaments(api_client, secretary):
    data = {"name": "Winter Open", "start_date": "2027-01-10", "end_date": "2027-01-11"}
    api_client.force_authenticate(UserFactory())
    assert api_client.post("/api/tournaments/", data, format="json").status_code == 403
    api_client.force_authenticate(secretary)
    response = api_client.post("/api/tournaments/", data, format="json")
    assert response.status_code == 201
    created = Tournament.objects.get(slug="winter-open")
    assert list(created.secretaries.all()) == [secretary]
    assert created.status == "draft"


def test_import_api_requires_the_tournaments_secretary(api_client, tournament, secretary):
    event = EventFactory(tournament=tournament)
    url = f"/api/tournaments/{tournament.slug}/events/{event.pk}/import/"
    api_client.force_authenticate(UserFactory(secretary=True))
    assert api_client.post(url, {"text": "first_name\nA\n"}, format="json").status_code == 403
    api_client.force_authenticate(secretary)
    bad = api_client.post(url, {"text": "first_name,sex\nA,Q\n"}, format="json")
    assert bad.status_code == 400
    assert bad.json() == {"file": ["line 2: sex must be M or F, not 'Q'"]}
    good = api_client.post(url, {"text": "first_name,last_name\nAsha,Rao\n"}, format="json")
    assert good.status_code == 200 and good.json()["entries_created"] == 1
