"""Token authentication: POST /api/auth/token/ trades a user name and password for a token,
locked after repeated failures like every log-in (core.ratelimit)."""

import pytest

from core.ratelimit import MAX_FAILURES
from tests.factories import PASSWORD
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/auth/token/"


def new_tournament(client, token):
    body = {"name": "Token Open", "start_date": "2026-12-05", "end_date": "2026-12-06"}
    return client.post("/api/tournaments/", body, content_type="application/json", HTTP_AUTHORIZATION=f"Token {token}")


def test_a_secretary_gets_a_token_and_writes_with_it(client, secretary):
    response = client.post(TOKEN_URL, {"username": secretary.username, "password": PASSWORD})
    assert response.status_code == 200
    token = response.json()["token"]
    created = new_tournament(client, token)
    assert created.status_code == 201, created.content
    assert client.post(TOKEN_URL, {"username": secretary.username, "password": PASSWORD}).json()["token"] == token


def test_a_wrong_password_answers_400_in_json(client, secretary):
    response = client.post(TOKEN_URL, {"username": secretary.username, "password": "wrong"})
    assert response.status_code == 400
    assert "non_field_errors" in response.json()


def test_a_bad_token_writes_nothing(client, secretary):
    response = new_tournament(client, "not-a-token")
    # 403, not 401: session authentication comes first and sends no WWW-Authenticate challenge (DRF's rule).
    assert response.status_code == 403 and response.json() == {"detail": "Invalid token."}
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("as_json", [False, True], ids=["form", "json"])
def test_repeated_failures_pause_that_user_name_with_a_json_429(client, secretary, as_json):
    def attempt(username, password):
        body = {"username": username, "password": password}
        if as_json:
            return client.post(TOKEN_URL, body, content_type="application/json")
        return client.post(TOKEN_URL, body)

    for _ in range(MAX_FAILURES):
        assert attempt(secretary.username, "wrong").status_code == 400
    refused = attempt(secretary.username, PASSWORD)
    assert refused.status_code == 429
    assert refused["Content-Type"] == "application/json" and "Too many failed log-ins" in refused.json()["detail"]


def test_the_lock_holds_for_the_user_name_from_another_client(client, secretary):
    for _ in range(MAX_FAILURES):
        client.post(TOKEN_URL, {"username": secretary.username, "password": "wrong"})
    elsewhere = {"username": secretary.username, "password": PASSWORD}
    assert client.post(TOKEN_URL, elsewhere, REMOTE_ADDR="10.1.2.3").status_code == 429


def test_the_lock_holds_for_the_client_whatever_user_name_it_tries(client, secretary):
    for number in range(MAX_FAILURES):
        assert client.post(TOKEN_URL, {"username": f"official{number}", "password": "summer2026"}).status_code == 400
    assert client.post(TOKEN_URL, {"username": secretary.username, "password": PASSWORD}).status_code == 429
