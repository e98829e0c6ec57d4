"""Deadlines never wait behind news: with the two Celery workers that `make run` and the deployment notes start
(deadlines with beat; news), a late-arrival forfeit is applied within seconds while the news worker's two
processes are both stuck pushing to 500 phones at hosts that take the connection and never answer.

The phones are at 500 loopback addresses (127.0.1.x, 127.0.2.x) on one port, listening without ever answering,
which the workers are told to allow (WEBPUSH_ALLOWED_HOSTS `*:port`, WEBPUSH_TRUSTED_NETWORKS 127.0.0.0/8): each
push waits its whole WEBPUSH_TIMEOUT_SECONDS. Redis is our own redis-server on a free port; the workers reach this
test's PostgreSQL database (committed rows: `transactional_db`). Run with
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/carrom pytest tests/test_deadlines_beside_news.py
"""

import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import ExitStack
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone

from matches.checkin import services as late
from players import outbox
from players.models import OutgoingNews
from players.tasks import deliver_news
from stages.models import Match, Stage
from tests.factories import EntryFactory, MatchFactory, PlayerFactory, RoundFactory
from tests.helpers import make_match
from tests.player_helpers import phone_keys, vapid_keys
from tests.test_faults import REDIS_SERVER, RedisServer, celery_broker, free_port
from tournaments.models import PushSubscription

ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
PHONES, PHONES_PER_PLAYER = 500, 5
PERIODIC_SECONDS = 2
ON_TIME_SECONDS = 15  # from the deadlines worker being ready to the forfeit written

pytestmark = [
    pytest.mark.celery_worker,
    pytest.mark.skipif(not ON_POSTGRES, reason="needs DATABASE_URL pointing at PostgreSQL: the workers share the data"),
    pytest.mark.skipif(REDIS_SERVER is None, reason="needs the redis-server binary: the workers' broker is our own"),
    pytest.mark.django_db(transaction=True),
]


def blackholes(stack, count):
    """`count` loopback addresses listening on one port, never answering: (addresses, port, connections seen)."""
    port = free_port()
    addresses = [f"127.0.{1 + i // 250}.{1 + i % 250}" for i in range(count)]
    servers = []
    for address in addresses:
        server = stack.enter_context(socket.socket())
        server.bind((address, port))
        server.listen(8)
        servers.append(server)

    accepted = []

    def reached():
        """Pushes that have connected so far, each left waiting for an answer. All of them, not those since the last
        call: the two news processes connect four seconds apart, and rarely both between two polls."""
        for server in servers:
            server.setblocking(False)
            try:
                while True:
                    accepted.append(stack.enter_context(server.accept()[0]))
            except BlockingIOError:
                pass
        return len(accepted)

    return addresses, port, reached


def news_for_phones(tournament, addresses, port, keys):
    """Two news rows, each for 50 players with 5 phones each (the cap), at the blackholes."""
    rnd = RoundFactory(stage__event__tournament=tournament, stage__kind=Stage.Kind.SWISS, number=1)
    players = [PlayerFactory() for _ in range(PHONES // PHONES_PER_PLAYER)]
    matches = [
        MatchFactory(
            round=rnd,
            number=number,
            entry_a=EntryFactory(event=rnd.stage.event, members=[players[2 * number]]),
            entry_b=EntryFactory(event=rnd.stage.event, members=[players[2 * number + 1]]),
        )
        for number in range(len(players) // 2)
    ]
    phones_of = [player for player in players for _phone in range(PHONES_PER_PLAYER)]
    PushSubscription.objects.bulk_create(
        PushSubscription(player=player, endpoint=f"https://{address}:{port}/push/{n}", **keys)
        for n, (player, address) in enumerate(zip(phones_of, addresses, strict=True))
    )
    half = len(matches) // 2
    return outbox.record(matches[:half], "drawn") + outbox.record(matches[half:], "drawn")


def worker_environment(redis_port, port, site_keys):
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db["PASSWORD"] else ""
    host = f"{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",  # as deployed: tasks queued, not eager
        "DJANGO_DEBUG": "1",
        "DATABASE_URL": f"postgres://{db['USER']}{password}@{host}/{db['NAME']}",
        "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
        "PERIODIC_SECONDS": str(PERIODIC_SECONDS),
        "WEBPUSH_ALLOWED_HOSTS": f"*:{port}",
        "WEBPUSH_TRUSTED_NETWORKS": "127.0.0.0/8",
        **site_keys,
    }


def start_worker(name, arguments, environment, log):
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-n", f"{name}@%h", "-l", "info"]
    command += ["--without-gossip", "--without-mingle", "--without-heartbeat", *arguments]
    return subprocess.Popen(
        command,
        cwd=Path(settings.BASE_DIR),
        env=environment,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def stop(worker):
    """At once, children too: a warm shutdown would wait for the stuck pushes."""
    if worker.poll() is None:
        os.killpg(worker.pid, signal.SIGKILL)
    worker.wait(20)


def wait_for(condition, seconds, what, log=None):
    """Poll `condition`; past `seconds`, fail with the end of the worker's `log`, which says what it was doing."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() >= deadline:
            said = log.read_text()[-3000:] if log is not None and log.exists() else ""
            pytest.fail(f"waited {seconds} s for {what}; the worker's log ends:\n{said}")
        time.sleep(0.2)


def test_a_forfeit_is_applied_on_time_while_the_news_worker_is_stuck_on_500_phones(tournament, secretary, tmp_path):
    called = timezone.now() - timedelta(minutes=16)  # ICF 143(i): 15 minutes to report
    due = make_match(tournament, "icf", status=Match.Status.CALLED, called_at=called, reported_a_at=called)
    late.refresh_deadlines([due])
    redis = RedisServer(free_port())
    redis.start()
    site_keys = vapid_keys()
    workers = []
    with ExitStack() as stack:
        stack.callback(redis.stop)
        addresses, port, reached = blackholes(stack, PHONES)
        rows = news_for_phones(tournament, addresses, port, phone_keys())
        environment = worker_environment(redis.port, port, site_keys)
        news_log, deadlines_log = tmp_path / "news.log", tmp_path / "deadlines.log"
        try:
            with celery_broker(redis.port):
                for row in rows:
                    deliver_news.delay(row.pk)  # routed to the news queue
            log = stack.enter_context(news_log.open("w"))
            workers.append(start_worker("news", ["-Q", "news,celery", "-c", "2"], environment, log))
            # Both news processes busy: each has claimed a row and is waiting on a phone that does not answer.
            claimed = OutgoingNews.objects.filter(pk__in=[row.pk for row in rows], attempts=1)
            stuck = lambda: claimed.count() == 2 and reached() >= 2  # noqa: E731
            wait_for(stuck, 90, "the news worker to be stuck pushing", news_log)

            log = stack.enter_context(deadlines_log.open("w"))
            schedule = ["--schedule", str(tmp_path / "beat-schedule")]
            workers.append(
                start_worker("deadlines", ["-Q", "deadlines", "-c", "1", "--beat", *schedule], environment, log)
            )
            wait_for(lambda: "ready." in deadlines_log.read_text(), 90, "the deadlines worker to start", deadlines_log)
            ready = time.monotonic()
            wait_for(
                lambda: Match.objects.get(pk=due.pk).status == Match.Status.WALKOVER,
                ON_TIME_SECONDS,
                "the forfeit",
                deadlines_log,
            )
            took = time.monotonic() - ready
            # Meanwhile the news worker is still at it: neither news task has finished its pushes.
            assert "Task players.tasks.deliver_news[" in news_log.read_text()
            assert "succeeded" not in news_log.read_text()
        finally:
            for worker in workers:
                stop(worker)
        print(f"forfeit applied {took:.1f} s after the deadlines worker was ready; {reached()} pushes waiting")
    ran = "Task checkin.tasks.apply_forfeits["
    assert ran in deadlines_log.read_text() and ran not in news_log.read_text()  # each queue to its own worker
