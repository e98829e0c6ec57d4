"""Background work of the printing floor: e-mailing the players their personal links (printing.slips), queued
after the secretary's request commits, so the page never waits for a mail server."""

import logging

from celery import shared_task
from django.db import transaction

from printing import slips

logger = logging.getLogger(__name__)


@shared_task
def mail_personal_links(tournament_id, player_ids, site=""):
    """E-mail each player their personal link, once per link key: running it twice sends nothing twice."""
    return slips.mail_links(tournament_id, player_ids, site)


def queue_link_mails(tournament, event=None, request=None):
    """The secretary's "E-mail the personal links": a task queued once the request's transaction commits (eager
    without Redis). Returns how many players have an address."""
    ids = [player.pk for player in slips.addressed_players(tournament, event)]
    site = request.build_absolute_uri("/").rstrip("/") if request is not None else ""
    if ids:
        transaction.on_commit(lambda: queue(tournament.pk, ids, site))
    return len(ids)


def queue(tournament_id, player_ids, site):
    try:
        mail_personal_links.delay(tournament_id, player_ids, site)
    except Exception:  # a broker down or a failing eager task: nothing was sent twice, the secretary may press again
        logger.exception("Could not e-mail the personal links of tournament %s", tournament_id)
