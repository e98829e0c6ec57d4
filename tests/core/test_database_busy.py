"""A request the database cannot take now (core.http_errors.database_unavailable) is answered 503 with Retry-After,
wherever the refusal comes from: the pool, or a server that refuses or is not there. Any other database error
stays a 500. The whole story under gunicorn and a real PostgreSQL is tests/test_connections.py; here the refusal
is raised as Django raises it (psycopg's error wrapped in django.db's), on SQLite too."""

import json

import psycopg
import pytest
from django.db import OperationalError, ProgrammingError, connection
from django.test import Client
from psycopg_pool import PoolTimeout

from core.http_errors import RETRY_AFTER_SECONDS, database_unavailable

TOO_MANY = (
    'connection failed: connection to server at "127.0.0.1", port 5432 failed: FATAL:  too many connections for '
    'role "carrom"'
)
REFUSED = (
    'connection failed: connection to server at "127.0.0.1", port 5432 failed: Connection refused\n\tIs the server '
    "running on that host and accepting TCP/IP connections?"
)


def wrapped(cause, django_error=OperationalError):
    """`cause` as Django's wrap_database_errors hands it on: django.db's error of the same name, raised from it."""
    try:
        raise django_error(str(cause)) from cause
    except django_error as error:
        return error


@pytest.mark.parametrize(
    "error",
    [
        wrapped(psycopg.OperationalError(TOO_MANY)),
        wrapped(psycopg.OperationalError(REFUSED)),
        wrapped(PoolTimeout("couldn't get a connection after 5.00 sec")),
        wrapped(psycopg.errors.ConnectionTimeout("connection timeout expired")),
        wrapped(psycopg.errors.TooManyConnections("sorry, too many clients already")),
        wrapped(psycopg.errors.CannotConnectNow("the database system is starting up")),
        psycopg.OperationalError(TOO_MANY),
    ],
    ids=["too-many-for-role", "refused", "pool-timeout", "connect-timeout", "too-many", "starting-up", "unwrapped"],
)
def test_a_connection_the_database_cannot_give_is_unavailable(error):
    assert database_unavailable(error)


@pytest.mark.parametrize(
    "error",
    [
        wrapped(psycopg.errors.QueryCanceled("canceling statement due to statement timeout")),
        wrapped(psycopg.errors.UndefinedTable('relation "x" does not exist'), ProgrammingError),
        OperationalError("database is locked"),
        RuntimeError("connection failed: not a database error"),
        None,
    ],
    ids=["statement-timeout", "missing-table", "sqlite-locked", "not-the-database", "none"],
)
def test_any_other_error_is_not(error):
    assert not database_unavailable(error)


@pytest.fixture
def refusing_database(monkeypatch):
    """Every query of the request fails as a full PostgreSQL refuses a new connection (whichever floor asks first:
    the language middleware, the session, the view)."""

    def refuse(*args, **kwargs):
        raise wrapped(psycopg.OperationalError(TOO_MANY))

    monkeypatch.setattr(connection, "cursor", refuse)


@pytest.fixture
def server_client():
    """A client that gets the server's answer to an exception, as a browser would, instead of the exception."""
    return Client(raise_request_exception=False)


@pytest.mark.django_db
def test_a_page_is_a_short_503_page_with_retry_after(tournament, server_client, refusing_database):
    response = server_client.get(tournament.get_absolute_url())
    assert response.status_code == 503
    assert response["Retry-After"] == str(RETRY_AFTER_SECONDS)
    assert response["Content-Type"].startswith("text/html")
    assert "Too busy to answer" in response.content.decode()


@pytest.mark.django_db
def test_the_api_answers_503_in_json_with_retry_after(tournament, server_client, refusing_database):
    response = server_client.get(f"/api/tournaments/{tournament.slug}/")
    assert response.status_code == 503
    assert response["Retry-After"] == str(RETRY_AFTER_SECONDS)
    assert "try again" in json.loads(response.content)["detail"]


@pytest.mark.django_db
def test_the_busy_answers_speak_the_visitors_language(tournament, server_client, refusing_database):
    page = server_client.get(tournament.get_absolute_url(), headers={"Accept-Language": "fr"})
    api = server_client.get("/api/tournaments/", headers={"Accept-Language": "fr"})
    assert page.status_code == api.status_code == 503
    assert "Too busy to answer" not in page.content.decode()
    assert "try again" not in json.loads(api.content)["detail"]


@pytest.mark.django_db
def test_a_failing_query_is_still_a_server_error(tournament, server_client, monkeypatch):
    def fail(*args, **kwargs):
        missing = psycopg.errors.UndefinedTable('relation "tournaments_tournament" does not exist')
        raise wrapped(missing, ProgrammingError)

    monkeypatch.setattr(connection, "cursor", fail)
    assert server_client.get(tournament.get_absolute_url()).status_code == 500
    assert server_client.get("/api/tournaments/").status_code == 500
