"""Telling players their news (players.news) from the outbox (players.outbox), on the news queue: the receiver of
stages.signals.match_news writes the news in the secretary's transaction and queues its sending once that commits;
a periodic sweep sends whatever the broker did not take or failed before."""

import logging

from celery import shared_task
from django.db import transaction

from core.deadlines import settle_each
from players import outbox
from players.news import tell_match_players

logger = logging.getLogger(__name__)


@shared_task(name="players.tasks.deliver_news")
def deliver_news(news_id):
    """Send one row of the outbox (idempotent: a row sent, or held by another worker, is left alone)."""
    return outbox.deliver(news_id)


@shared_task(name="players.tasks.send_pending_news")
def send_pending_news():
    """Periodic (CELERY_BEAT_SCHEDULE, and `run_deadlines`): send the news that is due, then forget old sent rows.
    Returns how many players were told."""
    told = settle_each(outbox.due(), outbox.deliver, "Sending players' news")
    outbox.forget_sent()
    return told


@shared_task(name="players.tasks.tell_players")
def tell_players(match_ids, news):
    """What the receiver queued before the outbox: kept, so that a task queued before an upgrade still runs."""
    with transaction.atomic():
        return tell_match_players(match_ids, news)


def on_match_news(sender, matches, news, **kwargs):
    """The receiver of stages.signals.match_news: the news written now, in the sender's transaction; its sending
    queued once that commits."""
    rows = outbox.record(matches, news)
    if rows:
        transaction.on_commit(lambda: queue([row.pk for row in rows]))


def queue(news_ids):
    """Hand the rows to the news worker (eager without Redis: sent here). A broker that does not take them (down,
    not answering: Celery's publishing tries for under a second) is not waited for: the next sweep sends them."""
    for done, news_id in enumerate(news_ids):
        try:
            deliver_news.delay(news_id)
        except Exception:  # the broker down: the rows stay in the outbox
            logger.exception("Could not queue the players' news %s: the next sweep sends it", news_ids[done:])
            outbox.due_now(news_ids[done:])
            return


def try_again(tournament, news_id):
    """An official's "try again" on a news not delivered: pending again and queued. None when there is no such
    news to send."""
    row = outbox.reopen(tournament, news_id)
    if row is not None:
        transaction.on_commit(lambda: queue([row.pk]))
    return row
