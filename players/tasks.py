"""Telling players their news (players.news) in a Celery task queued after the secretary's transaction commits."""

import logging

from celery import shared_task
from django.db import transaction

from players.news import tell_match_players

logger = logging.getLogger(__name__)


@shared_task
def tell_players(match_ids, news):
    """Tell the players of `match_ids` that their match was "drawn", "called" or "moved"; idempotent (keys).
    One transaction: a drawn round of 1,000 players is 1,000 notifications and one page stamp, not a committed
    write for each player."""
    with transaction.atomic():
        return tell_match_players(match_ids, news)


def on_match_news(sender, matches, news, **kwargs):
    """The receiver of stages.signals.match_news: queue the telling once the transaction commits."""
    ids = sorted({match.pk for match in matches if match.entry_a_id is not None})
    if ids:
        transaction.on_commit(lambda: queue(ids, news))


def queue(match_ids, news):
    try:
        tell_players.delay(match_ids, news)
    except Exception:  # a broker down or a failing eager task: the action stands, the page shows the change
        logger.exception("Could not tell the players of matches %s (%s)", match_ids, news)
