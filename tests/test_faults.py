"""The site under a failing service: Redis or the database connection dropping away under a running server. The
public pages must still be served, slower at worst; never a 500. A news caused while Redis is down is delayed,
never lost.

Redis here is our own redis-server on a free port of its own, stopped and started by the test: the shared one on
6379 is never touched, and parallel runs (pytest-xdist workers, other checkouts) each get their own port."""

import logging
import shutil
import socket
import subprocess
import time
from contextlib import contextmanager
from io import StringIO

import pytest
import redis
from django.core.management import call_command
from django.db import close_old_connections, connection
from django.test import override_settings

from config.celery import app
from core import page_cache
from players.models import OutgoingNews
from stages.models import Stage
from tests.factories import EntryFactory, MatchFactory, PlayerFactory, RoundFactory, VenueFactory
from tests.helpers import knockout
from tests.player_helpers import NINE
from tournaments.models import Notification

REDIS_SERVER = shutil.which("redis-server")


def fault_caches(port):
    return {
        "default": {
            "BACKEND": "core.cache.ForgivingRedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
            # Try Redis again at once after a failure, so that the test sees it come back without waiting.
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5, "RETRY_SECONDS": 0},
        }
    }


def free_port():
    """A port nobody listens on now, as the system hands them out."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RedisServer:
    """A redis-server of our own, without persistence."""

    def __init__(self, port):
        self.port = port
        self.process = None

    def start(self):
        command = [REDIS_SERVER, "--port", str(self.port), "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not self.answers():
            assert self.process.poll() is None, f"redis-server did not start on port {self.port}"
            assert time.monotonic() < deadline, f"redis-server did not answer on port {self.port}"
            time.sleep(0.05)

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None

    def answers(self):
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                return True
        except OSError:
            return False


@pytest.fixture
def redis_server():
    if REDIS_SERVER is None:
        pytest.skip("the redis-server binary is not installed: the Redis fault test needs one of its own to stop")
    server = RedisServer(free_port())
    server.start()
    yield server
    server.stop()


@pytest.mark.django_db
def test_public_pages_are_served_while_redis_is_down_and_cached_again_once_it_is_back(
    client, tournament, redis_server, caplog
):
    stage = knockout(tournament)
    urls = [tournament.get_absolute_url(), stage.get_absolute_url()]
    with override_settings(CACHES=fault_caches(redis_server.port), PAGE_CACHE_SECONDS=600):
        for url in urls:
            assert client.get(url)[page_cache.HIT_HEADER] == "miss", url
            again = client.get(url)
            assert again.status_code == 200 and again[page_cache.HIT_HEADER] == "hit", url

        redis_server.stop()
        with caplog.at_level(logging.WARNING, logger="core.cache"):
            for url in urls + urls:
                response = client.get(url)
                assert response.status_code == 200 and response[page_cache.HIT_HEADER] == "miss", url
        outages = [record for record in caplog.records if "does not answer" in record.getMessage()]
        assert len(outages) == 1  # once for the outage, not once per request

        redis_server.start()
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="core.cache"):
            for url in urls:
                assert client.get(url)[page_cache.HIT_HEADER] == "miss", url  # the new Redis is empty
                assert client.get(url)[page_cache.HIT_HEADER] == "hit", url
        assert [record.getMessage() for record in caplog.records] == ["The cache (Redis) answers again."]


@pytest.mark.django_db(transaction=True)
def test_a_request_after_the_database_dropped_the_connection_is_served(client, tournament, monkeypatch):
    url = knockout(tournament).get_absolute_url()
    # As in production, the connection is kept between requests (the test settings close it after each one).
    connection.close()
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 60)
    assert client.get(url).status_code == 200
    assert connection.connection is not None  # kept for the next request
    drop_under_the_server(connection)
    close_old_connections()  # what the server does as the next request starts (the test client leaves it out)
    assert client.get(url).status_code == 200


def drop_under_the_server(conn):
    """End the connection from the database's side, as a database restart or failover does. SQLite has no server
    side: its connection is simply closed."""
    if conn.vendor != "postgresql":
        conn.close()
        return
    with conn.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    other = conn.get_new_connection(conn.get_connection_params())
    try:
        other.autocommit = True
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid])
                if cursor.fetchone()[0] == 0:
                    return
                time.sleep(0.05)
        raise AssertionError(f"the database backend {pid} did not end")
    finally:
        other.close()


@contextmanager
def celery_broker(port):
    """The project's Celery app queues its tasks through our Redis, not eagerly in this process, as deployed."""
    conf = app.conf
    saved = conf.broker_url, conf.task_always_eager
    conf.broker_url, conf.task_always_eager = f"redis://127.0.0.1:{port}/0", False
    app._pool = app.amqp._producer_pool = None  # forget connections to another broker
    try:
        yield
    finally:
        conf.broker_url, conf.task_always_eager = saved
        app._pool = app.amqp._producer_pool = None


def scheduled_match(tournament):
    VenueFactory(tournament=tournament, tables=8)
    rnd = RoundFactory(stage__event__tournament=tournament, stage__kind=Stage.Kind.SWISS, number=1)
    entries = [EntryFactory(event=rnd.stage.event, members=[PlayerFactory()]) for _side in "ab"]
    return MatchFactory(round=rnd, entry_a=entries[0], entry_b=entries[1], table=5, planned_at=NINE)


def players_told():
    return Notification.objects.filter(player__isnull=False).count()


@pytest.mark.django_db
def test_a_news_caused_while_redis_is_down_reaches_the_players_once_it_is_back(
    api_client, secretary, tournament, redis_server, caplog, django_capture_on_commit_callbacks
):
    match = scheduled_match(tournament)
    move = f"/api/tournaments/{tournament.slug}/matches/{match.pk}/move/"
    api_client.force_authenticate(secretary)
    with celery_broker(redis_server.port):
        redis_server.stop()
        start = time.monotonic()
        with caplog.at_level(logging.ERROR, logger="players.tasks"), django_capture_on_commit_callbacks(execute=True):
            response = api_client.post(move, {"table": 7, "planned_at": NINE.isoformat()}, format="json")
        assert response.status_code == 200, response.content
        assert time.monotonic() - start < 5  # the broker is not waited for
        (row,) = OutgoingNews.objects.all()  # written with the move, in its transaction
        assert (row.status, row.news, row.match_ids) == ("pending", "moved", [match.pk])
        assert "Could not queue the players' news" in caplog.text
        assert players_told() == 0

        redis_server.start()
        out = StringIO()
        call_command("run_deadlines", stdout=out, stderr=StringIO())  # the periodic sweep, as beat runs it
        assert "send-pending-news: 2" in out.getvalue()
        row.refresh_from_db()
        assert row.status == "sent" and players_told() == 2
        assert set(Notification.objects.values_list("key", flat=True)) == {f"moved:{match.pk}:7:{NINE.isoformat()}"}

        # With Redis back, the next news goes to the news worker's queue again.
        with django_capture_on_commit_callbacks(execute=True):
            response = api_client.post(move, {"table": 3, "planned_at": NINE.isoformat()}, format="json")
        assert response.status_code == 200
        assert redis.Redis(port=redis_server.port).llen("news") == 1
