"""Fuzzing the whole API from its OpenAPI schema with schemathesis.

The schema is read from the running Django app (WSGI, no server) when this module is collected, so every endpoint
added to the API is fuzzed without touching this file. Each operation is one test; a secretary of a tournament
that has events, entries, stages, rounds and matches calls it with a token, and the URL's path parameters are the
real slugs and ids of that tournament, so the requests reach the views instead of stopping at a 404.

Checked for every generated request: no 5xx, and every 4xx answers a JSON body. Examples are bounded and
derandomized, so a CI run is repeatable and short (about 10 requests per operation). For a deeper search before a
release, also run schemathesis' coverage phase (boundary values of every field, some thousands of requests):

    FUZZ_EXAMPLES=50 FUZZ_COVERAGE=1 .venv/bin/pytest -q tests/api/test_fuzz.py
"""

import gzip
import json
import os

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings

from config.wsgi import application
from tests.factories import (
    PASSWORD,
)

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

COVERAGE = os.environ.get("FUZZ_COVERAGE") == "1"
schema = schemathesis.openapi.from_wsgi(
    "/api/schema/",
    application,
    config=schemathesis.Config.from_dict({"phases": {"coverage": {"enabled": COVERAGE}}}),
)

# Bounded and repeatable: the same requests on every run; no example database between runs.
FUZZ_SETTINGS = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "10")),
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)

# The object a `{id}` (or `{pk}`) path parameter names, by the URL segment before it: /players/{id}/ is a player.
COLLECTIONS = {
    "tournaments": "tournament",
    "clubs": "club",
    "players": "player",
    "events": "event",
    "entries": "entry",
    "stages": "stage",
    "rounds": "round",
    "matches": "match",
    "protests": "protest",
    "invitations": "invitation",
}


@pytest.fixture
def token(client, world_secretary):
    response = client.post("/api/auth/token/", {"username": world_secretary.username, "password": PASSWORD})
    assert response.status_code == 200, response.content
    return response.json()["token"]


@pytest.fixture
def wsgi_requests():
    """Keep the test's database connection open across requests, as Django's test client does: the real WSGI
    handler closes connections at the end of each request, which would end the test's transaction."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def fill_path(case, ids, by_name):
    """Real slugs and ids for the path parameters this tournament has; others stay as generated."""
    segments = case.path.strip("/").split("/")
    if segments[:2] == ["api", "federation"]:  # a delegate's API: its token is the key
        case.path_parameters["token"] = by_name["federation_token"]
        return
    for name in list(case.path_parameters or {}):
        if name in by_name:
            case.path_parameters[name] = by_name[name]
        elif name in ("id", "pk", "slug"):
            before = segments[segments.index(f"{{{name}}}") - 1]
            if before in COLLECTIONS:
                case.path_parameters[name] = ids[COLLECTIONS[before]]


def body_as_read(response):
    """The body as a client reads it: schemathesis asks for gzip as `requests` does (core.compression then gzips the
    answer), and its WSGI transport hands the body on as it came."""
    packed = response.headers.get("content-encoding", [""])[0] == "gzip"
    return gzip.decompress(response.content) if packed else response.content


def json_body_problem(response):
    content_type = response.headers.get("content-type", [""])[0]
    if not content_type.startswith("application/json"):
        return f"Content-Type is {content_type!r}"
    try:
        json.loads(body_as_read(response))
    except ValueError as error:
        return f"the body is not JSON ({error})"
    return None


@schema.parametrize()
@FUZZ_SETTINGS
def test_api_answers_without_server_errors_and_with_json_errors(case, world, token, wsgi_requests):
    ids, by_name = world
    fill_path(case, ids, by_name)
    # Each example starts from the same tournament: what one request changes is rolled back before the next.
    with transaction.atomic():
        response = case.call(headers={"Authorization": f"Token {token}"})
        transaction.set_rollback(True)
    request = case.as_curl_command(headers={"Authorization": "Token …"})
    assert response.status_code < 500, f"{response.status_code} for\n{request}\n{response.content[:2000]!r}"
    if 400 <= response.status_code < 500:
        problem = json_body_problem(response)
        assert problem is None, f"{response.status_code} without a JSON body ({problem}) for\n{request}"
