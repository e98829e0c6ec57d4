"""Late arrivals against the real services: two workers at once on PostgreSQL forfeit
each match once, and a real Celery worker, fed through Redis, applies the forfeit.

Both need data that other connections can see, so they use `transactional_db` (committed rows) and PostgreSQL:
SQLite's test database lives in this process's memory. Run them with
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/carrom REDIS_URL=redis://127.0.0.1:6379/0 pytest tests/checkin
"""

import os
import subprocess
import sys
import threading
import time
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone

from config.celery import app
from matches.checkin import services as late
from matches.checkin.tasks import apply_forfeits
from matches.models import ResultChange
from stages.models import Match
from tests.helpers import make_match
from tournaments.models import Notification

ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
needs_postgres = pytest.mark.skipif(not ON_POSTGRES, reason="needs DATABASE_URL pointing at PostgreSQL")
REDIS_URL = os.environ.get("REDIS_URL", "")


def due_match(tournament, minutes_late=1):
    """An ICF match announced 15 + `minutes_late` minutes ago whose side B never reported (ICF 143(i))."""
    called = timezone.now() - timedelta(minutes=15 + minutes_late)
    match = make_match(tournament, "icf", status=Match.Status.CALLED, called_at=called, reported_a_at=called)
    late.refresh_deadlines([match])
    return match


@needs_postgres
@pytest.mark.django_db(transaction=True)
def test_two_workers_at_once_forfeit_each_match_once(tournament, secretary):
    matches = [due_match(tournament) for _ in range(30)]
    start = threading.Barrier(2)
    counts, errors = [], []

    def worker():
        try:
            start.wait()
            counts.append(late.apply_forfeits())
        except Exception as error:  # reported below: an assertion in a thread would be lost
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors and len(counts) == 2
    assert sum(counts) == len(matches)
    forfeits = ResultChange.objects.filter(what=ResultChange.What.FORFEIT)
    assert forfeits.count() == len(matches) and forfeits.values("match").distinct().count() == len(matches)
    assert Match.objects.filter(status=Match.Status.WALKOVER, forfeited="b").count() == len(matches)
    assert Notification.objects.filter(user=secretary).count() == len(matches)


def worker_environment():
    """The worker reaches this test's database (its name is the test database's) and the Redis broker."""
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db["PASSWORD"] else ""
    url = f"postgres://{db['USER']}{password}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "DATABASE_URL": url,
        "REDIS_URL": REDIS_URL,
    }


@pytest.mark.celery_worker
@needs_postgres
@pytest.mark.skipif(not REDIS_URL, reason="needs REDIS_URL (a real Celery worker uses Redis as its broker)")
@pytest.mark.django_db(transaction=True)
def test_a_real_celery_worker_applies_the_forfeit(tournament, secretary):
    """The task goes through Redis to a `celery -A config worker` process on a queue of its own (so no other worker
    takes it); this process never runs the forfeit, so the row can only change because the worker did it."""
    match = due_match(tournament)
    queue = f"late-arrivals-test-{uuid.uuid4().hex[:8]}"
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "-Q", queue, "-l", "info"]
    command += ["--without-gossip", "--without-mingle", "--without-heartbeat"]
    root = Path(settings.BASE_DIR)
    worker = subprocess.Popen(
        command, cwd=root, env=worker_environment(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    eager = app.conf.task_always_eager
    try:
        app.conf.task_always_eager = False
        apply_forfeits.apply_async(queue=queue)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and worker.poll() is None:
            match.refresh_from_db()
            if match.status == Match.Status.WALKOVER:
                break
            time.sleep(0.5)
    finally:
        app.conf.task_always_eager = eager
        worker.terminate()
        try:
            output = worker.communicate(timeout=20)[0]
        except subprocess.TimeoutExpired:
            worker.kill()
            output = worker.communicate()[0]
    assert (match.status, match.forfeited, match.winner_id) == (Match.Status.WALKOVER, "b", match.entry_a_id), output
    assert "checkin.tasks.apply_forfeits" in output and "succeeded" in output
    assert match.changes.filter(what=ResultChange.What.FORFEIT, user=None).count() == 1
    assert Notification.objects.filter(user=secretary).count() == 1
