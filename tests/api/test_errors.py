"""Every API error is a JSON body: Django's own 404/400/500 under /api/ as well as DRF's; pages keep
their HTML error pages. And the server errors the fuzzer found (tests/api/test_fuzz.py), each as a plain test."""

import json

import pytest
from rest_framework.authtoken.models import Token

from matches.scoring.services import record_result
from stages.models import Stage
from stages.services import draw_stage, publish_round
from tests.factories import ClubFactory, EntryFactory, EventFactory, PlayerFactory, StageFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def auth(secretary):
    return {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=secretary).key}"}


def crash(*args, **kwargs):
    """Stands in for a view's code: an unhandled exception."""
    raise RuntimeError("boom")


def test_an_api_url_that_matches_nothing_answers_json_404(client):
    response = client.get("/api/no-such-thing/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "Not found."}


def test_a_page_that_does_not_exist_answers_the_404_page(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert "Page not found" in page and "/no-such-page/" in page and 'class="site-header"' in page


def test_an_api_method_not_allowed_answers_json_405(client, tournament, auth):
    response = client.put("/api/tournaments/", {}, content_type="application/json", **auth)
    assert response.status_code == 405
    assert response["Content-Type"] == "application/json" and "detail" in response.json()


def test_an_unhandled_exception_answers_json_500_under_api(client, monkeypatch):
    monkeypatch.setattr("tournaments.api.TournamentViewSet.list", crash)
    client.raise_request_exception = False
    response = client.get("/api/tournaments/")
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert "Server error" in response.json()["detail"] and "boom" not in response.content.decode()


def test_an_unhandled_exception_on_a_page_answers_the_500_page(client, monkeypatch):
    monkeypatch.setattr("tournaments.views.render", crash)
    client.raise_request_exception = False
    response = client.get("/")
    assert response.status_code == 500
    assert response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert "Something went wrong" in page and "boom" not in page


def test_a_body_over_the_upload_limit_answers_json_413(client, auth, settings):
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    body = json.dumps({"name": "x" * (limit + 1)})
    response = client.post("/api/tournaments/", body, content_type="application/json", **auth)
    assert response.status_code == 413
    assert response.json() == {"detail": f"The request body is larger than {limit:,} bytes."}


# ---------------------------------------------------------------- server errors found by the fuzzer


def test_deleting_a_player_who_is_entered_answers_409_not_500(client, tournament, auth):
    player = PlayerFactory()
    EntryFactory(event=EventFactory(tournament=tournament), members=[player])
    response = client.delete(f"/api/players/{player.pk}/", **auth)
    assert response.status_code == 409
    assert response.json() == {"detail": f"{player} cannot be deleted while entry members refer to it."}


def test_deleting_an_entry_event_or_tournament_with_matches_answers_409_and_deletes_nothing(
    client, tournament, secretary, auth
):
    event = EventFactory(tournament=tournament)
    entries = [EntryFactory(event=event) for _ in range(4)]
    stage = StageFactory(event=event, kind=Stage.Kind.SWISS)
    publish_round(draw_stage(stage))
    match = stage.matches.exclude(entry_b=None).first()
    record_result(match, [(25, 3), (25, 4)], confirm=True, user=secretary)  # ICF 57: best of three
    base = f"/api/tournaments/{tournament.slug}"
    for url in (f"{base}/events/{event.pk}/entries/{match.entry_a_id}/", f"{base}/events/{event.pk}/", f"{base}/"):
        response = client.delete(url, **auth)
        assert response.status_code == 409, url
        # An entry is refused by its event's draw (withdraw it instead); the others by the rows holding them.
        assert any(words in response.json()["detail"] for words in ("cannot be deleted while", "withdraw the entry"))
    assert event.entries.count() == len(entries) and stage.matches.count() == 2


def test_standings_of_no_competitors_are_empty_not_a_500(client):
    body = {"system": "swiss", "competitors": [], "matches": [], "precedence": ["wins"]}
    response = client.post("/api/draws/standings/", body, content_type="application/json")
    assert response.status_code == 200


@pytest.mark.parametrize("query", ["limit=9223372036854775808", "offset=9223372036854775808"])
def test_a_huge_limit_or_offset_answers_a_page_not_a_500(client, query):
    ClubFactory.create_batch(3)
    response = client.get(f"/api/clubs/?{query}")
    assert response.status_code == 200
    assert response.json()["count"] == 3


def test_a_game_without_its_winner_answers_400_not_a_500(client):
    body = {"toss": {"winner": "A"}, "games": [{"game_no": 1, "score": {"A": 25, "B": 10}}]}
    response = client.post("/api/rules/icf/match/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json() == {"games": {"0": {"winner": ["This field is required."]}}}


def test_swapping_with_a_match_id_past_64_bits_answers_400_not_a_500(client, tournament, auth):
    body = {"first": 1, "first_side": "a", "second": 2**63, "second_side": "a"}
    response = client.post(f"/api/tournaments/{tournament.slug}/matches/swap/", body, "application/json", **auth)
    assert response.status_code == 400
    assert list(response.json()) == ["second"]
