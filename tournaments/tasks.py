"""Background work of the tournaments floor: sending the e-mails waiting in the database (tournaments.mail), on the
news queue (CELERY_TASK_ROUTES), so that a mail server that does not answer never holds up a deadline."""

import logging

from celery import shared_task
from django.db import transaction

from tournaments import mail

logger = logging.getLogger(__name__)


@shared_task(name="tournaments.tasks.deliver_mail")
def deliver_mail(mail_ids):
    """Send these rows of the outbox (idempotent: a row sent, held by another worker or not due is left alone)."""
    return mail.deliver(mail_ids)


@shared_task(name="tournaments.tasks.send_pending_mail")
def send_pending_mail():
    """Periodic (CELERY_BEAT_SCHEDULE, and `run_deadlines`): send the mail that is due, then forget old sent rows.
    Returns how many left."""
    sent = mail.deliver(mail.due())
    mail.forget_sent()
    return sent


def send_later(tournament, mails):
    """Write `mails` (tournaments.mail.Mail) in the caller's transaction and hand them to the news worker once it
    commits (sent here, after the commit, when tasks run eagerly). Returns the rows."""
    rows = mail.record(tournament, list(mails))
    if rows:
        transaction.on_commit(lambda: hand_over([row.pk for row in rows]))
    return rows


def hand_over(mail_ids):
    """A broker that does not take the rows (down, not answering) is not waited for: the next sweep sends them."""
    try:
        deliver_mail.delay(mail_ids)
    except Exception:  # the broker down, or an eager task that failed: the rows stay in the outbox
        logger.exception("Could not queue e-mails %s: the next sweep sends them", mail_ids[:10])
        mail.due_now(mail_ids)


def try_again(tournament, mail_id):
    """An official's "try again" on an e-mail not delivered: pending again and queued. None when there is no such
    mail to send."""
    row = mail.reopen(tournament, mail_id)
    if row is not None:
        transaction.on_commit(lambda: hand_over([row.pk]))
    return row
