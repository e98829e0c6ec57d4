"""Whether the periodic tasks run: deadlines (forfeits, bells, rest, overdue protests) live in the database and are
applied only while beat sends the tasks of CELERY_BEAT_SCHEDULE and a worker runs them. Nothing fails when they
stop, so each one leaves a stamp (core.models.Heartbeat) that /health/ and the officials' pages read:

- "beat": beat has sent a periodic task (Celery's before_task_publish, in beat's process: nothing else sends them);
- "worker:<queue>": a worker finished a periodic task routed to that queue without an error (task_success): the
  deadlines' worker and the news worker each answer for their queue;
- `run_deadlines`, on a machine without Redis, runs every periodic task itself: it stamps "beat" at each pass
  and the queues of the tasks that succeeded, so the same checks read the same there.

A stamp older than two periods (2 × PERIODIC_SECONDS) says that part has stopped. Each process writes a stamp at
most every few seconds, and readers keep it as long in the cache, so that a page that asks costs no query: together
at most half a period, so that a part that runs is never taken for stopped."""

import logging
from datetime import timedelta

from celery import current_app
from celery.signals import before_task_publish, task_success
from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError
from django.utils import timezone

from core.models import Heartbeat

logger = logging.getLogger(__name__)
BEAT = "beat"
SLACK_SECONDS = 5  # at most; a quarter period when PERIODIC_SECONDS is shorter (write_every, read_cache_seconds)
NEVER = "never"  # kept in the cache for a stamp not written yet
WRITTEN = {}  # name → when this process last wrote it


def worker(queue):
    return f"worker:{queue}"


def periodic_tasks():
    return {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}


def queue_of(task_name):
    """The queue CELERY_TASK_ROUTES sends a task to (Celery's own router)."""
    return current_app.amqp.router.route({}, task_name)["queue"].name


def queues():
    """The queues the periodic tasks go to: those a worker must answer for."""
    return sorted({queue_of(name) for name in periodic_tasks()})


def write_every():
    return timedelta(seconds=min(SLACK_SECONDS, settings.PERIODIC_SECONDS / 4))


def read_cache_seconds():
    return min(SLACK_SECONDS, settings.PERIODIC_SECONDS / 4)


def stale_after():
    return timedelta(seconds=2 * settings.PERIODIC_SECONDS)


def cache_key(name):
    return f"heartbeat:{name}"


def stamp(name, now=None):
    """`name` works, now. Never raises: a stamp that cannot be written is a stamp missed, and is logged."""
    now = now or timezone.now()
    last = WRITTEN.get(name)
    if last is not None and timedelta(0) <= now - last < write_every():
        return
    try:
        if not Heartbeat.objects.filter(name=name).update(at=now):
            Heartbeat.objects.bulk_create([Heartbeat(name=name, at=now)], ignore_conflicts=True)
    except DatabaseError:
        logger.exception("Could not write the heartbeat %s", name)
        return
    WRITTEN[name] = now
    cache.set(cache_key(name), now, read_cache_seconds())


def last(name):
    """When `name` was last stamped, or None: from the cache, else the database (then kept a few seconds)."""
    kept = cache.get(cache_key(name))
    if kept is None:
        at = Heartbeat.objects.filter(name=name).values_list("at", flat=True).first()
        cache.set(cache_key(name), at or NEVER, read_cache_seconds())
        return at
    return None if kept == NEVER else kept


def age(name, now=None):
    """How long ago `name` was stamped (a timedelta), or None when never."""
    at = last(name)
    return None if at is None else (now or timezone.now()) - at


def fresh(name, now=None):
    seconds = age(name, now)
    return seconds is not None and seconds <= stale_after()


def deadlines_queue():
    return settings.DEADLINES_QUEUE


def deadlines_applied(now=None):
    """Whether a worker has applied the deadlines within two periods."""
    return fresh(worker(deadlines_queue()), now)


# ---------------------------------------------------------------- Celery's signals


def on_publish(sender=None, **kwargs):
    """before_task_publish: only beat sends the periodic tasks (sender is the task's name)."""
    if sender in periodic_tasks():
        stamp(BEAT)


def on_success(sender=None, **kwargs):
    """task_success, in the worker that ran the task (sender is the task)."""
    if sender is not None and sender.name in periodic_tasks():
        stamp(worker(queue_of(sender.name)))


def listen():
    before_task_publish.connect(on_publish, weak=False, dispatch_uid="core.heartbeat.beat")
    task_success.connect(on_success, weak=False, dispatch_uid="core.heartbeat.worker")
