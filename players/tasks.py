"""Telling players their news (players.news) from the outbox (players.outbox), on the news queue: the receiver of
stages.signals.match_news writes the news in the secretary's transaction and queues its sending once that commits;
a periodic sweep sends whatever the broker did not take or failed before. And a Swiss stage's chances
(players.chances), worked out when a round is complete, on the default queue."""

import logging

from celery import shared_task
from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from core.deadlines import settle_each
from players import chances, outbox
from players.news import tell_match_players
from stages.models import Match, Stage
from stages.services import undecided

logger = logging.getLogger(__name__)
QUEUED_SECONDS = 600  # a queued estimate not done by then (a worker died) is asked for again


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


@shared_task(name="players.tasks.estimate_chances")
def estimate_chances(stage_id):
    """Work out a Swiss stage's chances (players.chances) for its state now and keep them; idempotent (a state
    already worked out is left alone). On the default queue: seconds of arithmetic must not hold up the news."""
    return chances.work_out(stage_id)


def ask_for_chances(found):
    """Queue the working out of the chances not kept yet (players.chances.YourChances "computing"), once per state
    while it is queued (QUEUED_SECONDS); eagerly without Redis, so they are filled here. A broker that does not
    take it, or an estimate that fails, is not tried again before QUEUED_SECONDS: the page says "being computed"."""
    for your in found:
        if your.status != "computing" or not cache.add(f"{chances.KEY.format(key=your.key)}:queued", 1, QUEUED_SECONDS):
            continue
        try:
            estimate_chances.delay(your.stage.pk)
        except Exception:  # the broker down, or (eagerly) the estimate failed: the page goes on without it
            logger.exception("Could not work out the chances of stage %s; asked again after a while", your.stage.pk)
            continue
        your.fill()


def on_match_saved(sender, instance, **kwargs):
    """post_save of a match: when a worker runs the tasks and this result completes a Swiss round, its chances are
    worked out once committed, before the players ask. Without a worker (eager tasks) the first page that asks
    works them out instead, rather than the official's request that confirmed the result."""
    if settings.CELERY_TASK_ALWAYS_EAGER or not instance.is_decided or instance.round_id is None:
        return
    if Match.stage.is_cached(instance):  # a result saved by the scoring service comes with its stage
        swiss = instance.stage.kind == Stage.Kind.SWISS
    else:
        swiss = Stage.objects.filter(pk=instance.stage_id, kind=Stage.Kind.SWISS).exists()
    if not swiss:
        return
    if undecided(Match.objects.filter(round_id=instance.round_id)).exists():
        return
    stage_id = instance.stage_id
    transaction.on_commit(lambda: estimate_chances.delay(stage_id))
