"""The site served as deployed (gunicorn with threaded workers, config/gunicorn.conf.py) against a PostgreSQL that has
no connection left to give: every request it cannot serve is a 503 with Retry-After (a page, or JSON under /api/),
never a 500, and once the database has room again the site answers and holds no more connections than it uses.

The database's limit is a role of our own with CONNECTION LIMIT 2 on the test database (the shared server is never
reconfigured), named after the test database so that parallel runs each have theirs, and dropped afterwards. The
test holds the role's two connections itself while the first burst of requests comes: the site finds the database
full, as when Celery workers or another site took the connections. Needs PostgreSQL (DATABASE_URL, as in CI)."""

import http.client
import json
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest
from django.db import connection

from tests.factories import TournamentFactory

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.django_db(transaction=True)

ROLE_LIMIT = 2
CLIENTS = 32
REQUESTS_PER_BURST = 96
# The deployment's two choices for threaded workers (README, "Deployment"): a pool per process, here larger than
# the database allows (2 workers × 4 > 2, as 2 × 16 threads met 10 connections), or no connection kept at all.
POOLED = {"DATABASE_POOL_SIZE": "4", "DATABASE_POOL_TIMEOUT": "1", "DATABASE_CONN_MAX_AGE": "1"}
UNPOOLED = {"DATABASE_POOL_SIZE": "0", "DATABASE_CONN_MAX_AGE": "0"}


@pytest.fixture
def limited_role():
    """A role that may hold ROLE_LIMIT connections at once, allowed to read and write the test database."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL): SQLite has no connections to run out of")
    name = f"{connection.settings_dict['NAME']}_limited"[:63]
    quoted = connection.ops.quote_name(name)
    drop_role(name)  # left by a run that was killed
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE ROLE {quoted} LOGIN CONNECTION LIMIT {ROLE_LIMIT}")
        cursor.execute(f"GRANT pg_read_all_data, pg_write_all_data TO {quoted}")
    try:
        psycopg.connect(role_conninfo(name), connect_timeout=5).close()
    except psycopg.OperationalError as error:
        drop_role(name)
        pytest.skip(f"the test role cannot log in to this PostgreSQL (password authentication?): {error}")
    yield name
    drop_role(name)


def drop_role(name):
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s", [name])
        cursor.execute(f"DROP ROLE IF EXISTS {connection.ops.quote_name(name)}")


def role_conninfo(role):
    settings = connection.settings_dict
    return psycopg.conninfo.make_conninfo(
        host=settings["HOST"] or "127.0.0.1", port=settings["PORT"] or 5432, dbname=settings["NAME"], user=role
    )


def held_connections(role):
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE usename = %s", [role])
        return cursor.fetchone()[0]


def take_every_connection(role):
    """ROLE_LIMIT connections as `role`, once the site has given back those it opened to answer (its pool closes
    one a second)."""
    taken, deadline = [], time.monotonic() + 20
    while len(taken) < ROLE_LIMIT:
        try:
            taken.append(psycopg.connect(role_conninfo(role)))
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.25)
    return taken


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def gunicorn(role, database_environment):
    """The site under the project's gunicorn command, production settings, the database as `role`."""
    settings = connection.settings_dict
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "DATABASE_"))}
    environment.pop("REDIS_URL", None)
    environment.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_LOG_LEVEL="CRITICAL",  # each refusal is logged with its traceback: hundreds of them
        DATABASE_URL=f"postgres://{role}@{settings['HOST'] or '127.0.0.1'}:{settings['PORT'] or 5432}/"
        f"{settings['NAME']}",
        PAGE_CACHE_SECONDS="0",  # every page asks the database
        PYTHONWARNINGS="ignore:No directory at",
        **database_environment,
    )
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.conf.py", f"--bind=127.0.0.1:{port}"]
    with tempfile.TemporaryFile() as log:
        server = subprocess.Popen(command, cwd=ROOT, env=environment, stdout=log, stderr=log)
        try:
            wait_until_served(server, port, log)
            yield port
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def wait_until_served(server, port, log):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            break
        try:
            if get(port, "/api/tournaments/")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    log.seek(0)
    raise AssertionError(f"gunicorn did not serve within 30 s:\n{log.read().decode(errors='replace')[-3000:]}")


def get(port, path):
    """(status, headers, body) of a GET on its own connection."""
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        client.request("GET", path)
        response = client.getresponse()
        return response.status, {name.lower(): value for name, value in response.getheaders()}, response.read()
    finally:
        client.close()


def burst(port, paths):
    """REQUESTS_PER_BURST GETs from CLIENTS clients at once, over `paths` in turn: [(path, status, headers, body)]."""
    asked = [paths[number % len(paths)] for number in range(REQUESTS_PER_BURST)]
    with ThreadPoolExecutor(CLIENTS) as clients:
        answers = list(clients.map(lambda path: get(port, path), asked))
    return [(path, *answer) for path, answer in zip(asked, answers, strict=True)]


def assert_refused_as_busy(answers):
    """No 500; every answer that is not a 200 is a 503 with Retry-After, JSON under /api/ and a page elsewhere."""
    statuses = sorted({status for _, status, _, _ in answers})
    assert set(statuses) <= {200, 503}, statuses
    for path, status, headers, body in answers:
        if status != 503:
            continue
        assert int(headers["retry-after"]) > 0, path
        if path.startswith("/api/"):
            assert headers["content-type"] == "application/json", path
            assert "try again" in json.loads(body)["detail"], path
        else:
            assert headers["content-type"].startswith("text/html"), path
            assert b"Too busy to answer" in body, path


@pytest.mark.parametrize("database_environment", [POOLED, UNPOOLED], ids=["pool", "no-pool"])
def test_a_full_database_is_answered_503_and_its_connections_come_back(limited_role, database_environment):
    tournament = TournamentFactory(status="published")
    paths = ["/", "/api/tournaments/", tournament.get_absolute_url()]
    with gunicorn(limited_role, database_environment) as port:
        # The database is full: someone else holds every connection the role may have.
        others = take_every_connection(limited_role)
        try:
            full = burst(port, paths)
        finally:
            for other in others:
                other.close()
        assert_refused_as_busy(full)
        assert {status for _, status, _, _ in full} == {503}
        assert {path for path, _, _, _ in full} == set(paths)

        # Room again, and more requests at once than the database allows: some wait or are refused, none fails.
        crowded = burst(port, paths)
        assert_refused_as_busy(crowded)
        assert any(status == 200 for _, status, _, _ in crowded)

        # Nothing stays held: the pool closes what was unused DATABASE_CONN_MAX_AGE seconds, one per second here.
        deadline = time.monotonic() + 20
        while held_connections(limited_role) and time.monotonic() < deadline:
            time.sleep(0.25)
        assert held_connections(limited_role) == 0
        # And the site answers again, without a restart: one request at a time needs one connection per worker,
        # which the role has. A worker's pool that met the full database retries its connection after a pause
        # (psycopg's reconnect backoff), longer on a busy machine: the site has until the deadline to come back.
        deadline = time.monotonic() + 20
        while True:
            statuses = [get(port, path)[0] for path in paths * 4]
            if statuses == [200] * len(paths) * 4 or time.monotonic() > deadline:
                break
            time.sleep(1)
        assert statuses == [200] * len(paths) * 4
        assert held_connections(limited_role) <= ROLE_LIMIT
