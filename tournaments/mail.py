"""E-mails kept in the database until they are sent (OutgoingMail), so that a mail server that is down, slow or
refusing loses nothing.

Whoever sends an e-mail (tournaments.notifications, tournaments.invitations) writes one row per address in its own
transaction (`record`, through tournaments.tasks.send_later): a rolled-back action mails nobody. After the commit
the rows are handed to the news worker (tournaments.tasks); a periodic sweep sends whatever is still due, so an
outage delays the mail and nothing more. Each try is counted before it starts (`claim`); a failed one is tried
again after MAIL_RETRY_SECONDS, twice as long after each failure, at most an hour apart, until the mail leaves. An
address the mail server refuses for good (a 5xx answer to it) is not tried again. After MAIL_MAX_ATTEMPTS tries, or
at such a refusal, `mail_undelivered` tells the floors above (players tells the tournament's officials, who see
the mail on their page of news not delivered and may try again at once).

A mail is sent at least once: a worker killed between the server's "accepted" and the row marked sent sends it
again at its next try. Its Message-ID is the same each time, so mail programs show it once."""

import logging
import smtplib
from dataclasses import dataclass
from datetime import timedelta
from email.utils import parseaddr

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from core import deadlines
from core.deadlines import lock_if_due
from tournaments.models import OutgoingMail
from tournaments.signals import mail_undelivered

logger = logging.getLogger(__name__)
PENDING, SENT, FAILED = OutgoingMail.Status.PENDING, OutgoingMail.Status.SENT, OutgoingMail.Status.FAILED
KEPT_SENT = timedelta(days=7)  # sent rows (their subject and address) are deleted after this
# What the server says of one mail (its address refused, its content refused): the next one may still leave.
ONE_MAIL_ERRORS = (smtplib.SMTPRecipientsRefused, smtplib.SMTPDataError)


@dataclass(frozen=True)
class Mail:
    """One e-mail to one address, written in the reader's language: `to_name` is what the officials see of it."""

    to: str
    subject: str
    body: str
    to_name: str = ""
    language: str = ""


def record(tournament, mails):
    """Write the mails in the caller's transaction; returns the rows. The sweep leaves them alone for
    MAIL_RETRY_SECONDS: the worker they are handed to after the commit sends them first."""
    first_sweep = timezone.now() + timedelta(seconds=settings.MAIL_RETRY_SECONDS)
    return OutgoingMail.objects.bulk_create(
        OutgoingMail(
            tournament=tournament,
            to=mail.to,
            to_name=mail.to_name[:200],
            subject=" ".join(mail.subject.split())[:255],  # a header: one line
            body=mail.body,
            language=mail.language,
            next_attempt_at=first_sweep,
        )
        for mail in mails
    )


def due_now(pks):
    deadlines.send_now(OutgoingMail.objects.filter(status=PENDING), pks)


def due(now=None):
    return deadlines.due_rows(OutgoingMail.objects.filter(status=PENDING), now)


def wait_after(attempts):
    return deadlines.wait_after(attempts, settings.MAIL_RETRY_SECONDS)


def claim(pk):
    """Count a try of row `pk` and set when the next one is due; None when it is not to be tried now: sent or
    refused meanwhile, held by another worker, or tried already and not yet due again (a task the broker delivered
    twice, or a worker's task and the sweep at once)."""
    now = timezone.now()
    waiting = OutgoingMail.objects.filter(Q(attempts=0) | Q(next_attempt_at__lte=now), status=PENDING)
    with transaction.atomic():
        row = lock_if_due(waiting, pk)
        if row is None:
            return None
        row.attempts += 1
        row.next_attempt_at = now + wait_after(row.attempts)
        row.save(update_fields=["attempts", "next_attempt_at"])
    return row


def deliver(pks):
    """Try each of the rows once, over one connection to the mail server. A failure is written on its row (and
    logged), never raised; when the server cannot be reached the rest are not tried now. Returns how many left."""
    rows = [row for row in map(claim, pks) if row is not None]
    if not rows:
        return 0
    sent, report = 0, []
    connection = get_connection()
    try:
        connection.open()
    except Exception as error:  # the server cannot be reached: every row says so
        logger.exception("Could not connect to the mail server for %s e-mail(s)", len(rows))
        report += failed(rows, error)
        rows = []
    for done, row in enumerate(rows):
        try:
            letter = message(row)
            letter.message()  # an address no mail server would take raises here (ValueError), before sending
        except ValueError as error:
            logger.warning("E-mail %s (%s) is not one that can be sent: %s", row.pk, row.subject, error)
            report += failed([row], error, final=True)
            continue
        try:
            connection.send_messages([letter])
        except Exception as error:  # whatever it is, the officials must be able to see it: written on the row
            logger.exception("Try %s of e-mail %s (%s) failed", row.attempts, row.pk, row.subject)
            if isinstance(error, ONE_MAIL_ERRORS):  # this mail or address only: the next one may leave
                report += failed([row], error)
                continue
            # The server went away, is slow, or refuses the site itself: the other mails would fail alike.
            report += failed(rows[done:], error)
            break
        else:
            sent += OutgoingMail.objects.filter(pk=row.pk, status=PENDING).update(
                status=SENT, sent_at=timezone.now(), body="", last_error=""
            )
    quietly_close(connection)
    if report:
        mail_undelivered.send(sender=OutgoingMail, mails=report)
    return sent


def message(row):
    return EmailMessage(
        row.subject,
        row.body,
        settings.DEFAULT_FROM_EMAIL,
        [row.to],
        headers={
            "Message-ID": message_id(row),
            "Auto-Submitted": "auto-generated",  # no vacation replies to the site
            **({"Content-Language": row.language} if row.language else {}),
        },
    )


def message_id(row):
    domain = parseaddr(settings.DEFAULT_FROM_EMAIL)[1].rpartition("@")[2] or "localhost"
    return f"<carrom.{row.pk}.{int(row.created_at.timestamp())}@{domain}>"


def refused_for_good(error):
    """The mail server refused this address itself (5xx): trying it again sends nothing."""
    return isinstance(error, smtplib.SMTPRecipientsRefused) and all(
        code >= 500 for code, _text in error.recipients.values()
    )


def describe(error):
    """The error as the officials read it: never the address (the officials' page shows the name instead)."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        answers = "; ".join(f"{code} {text.decode(errors='replace')}" for code, text in error.recipients.values())
        return _("The mail server refused the address: %(answer)s") % {"answer": answers}
    if isinstance(error, ValueError):  # Django's own words quote the address
        return _("The address is not one an e-mail can be sent to.")
    return f"{type(error).__name__}: {error}"


def failed(rows, error, final=None):
    """Write the error on the rows; returns those to report now: refused for good (`final`, by default when the
    server refused the address with a 5xx), or just past their last try."""
    text = describe(error)[:2000]
    final = refused_for_good(error) if final is None else final
    changes = {"last_error": text, **({"status": FAILED} if final else {})}
    OutgoingMail.objects.filter(pk__in=[row.pk for row in rows], status=PENDING).update(**changes)
    for row in rows:
        row.last_error = text
    return [row for row in rows if final or row.attempts == settings.MAIL_MAX_ATTEMPTS]


def quietly_close(connection):
    try:
        connection.close()
    except Exception:  # a connection the server dropped: nothing is left to close
        logger.debug("Closing the mail connection failed", exc_info=True)


@transaction.atomic
def reopen(tournament, pk):
    """An official's "try again": the row pending again, due now, with all its tries. Returns it, or None when it
    is not one of the tournament's mails still to send."""
    row = OutgoingMail.objects.select_for_update().filter(pk=pk, tournament=tournament).exclude(status=SENT).first()
    if row is not None:
        row.status, row.attempts, row.next_attempt_at = PENDING, 0, timezone.now()
        row.save(update_fields=["status", "attempts", "next_attempt_at"])
    return row


def undelivered(tournament, now=None):
    """The tournament's mails not sent: refused, failed at least once, or waiting longer than the worker takes (no
    worker running, the broker down), the oldest first."""
    late = (now or timezone.now()) - 2 * timedelta(seconds=settings.MAIL_RETRY_SECONDS)
    rows = OutgoingMail.objects.filter(tournament=tournament).exclude(status=SENT)
    rows = rows.filter(Q(status=FAILED) | ~Q(last_error="") | Q(created_at__lt=late))
    return list(rows.defer("body").order_by("created_at", "pk"))


def forget_sent(now=None):
    """Delete the rows sent more than KEPT_SENT ago."""
    return OutgoingMail.objects.filter(status=SENT, sent_at__lt=(now or timezone.now()) - KEPT_SENT).delete()[0]
