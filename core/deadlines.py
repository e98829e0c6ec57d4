"""Deadlines applied by idempotent periodic tasks: each due row settled in a transaction of its own, under a row
lock that other workers skip, so two workers at once, a second run or a run after a crash settle each row once."""

import logging
from datetime import timedelta

from django.utils import timezone

logger = logging.getLogger(__name__)


def settle_each(pks, settle, what):
    """Call `settle(pk)` for every pk; returns the sum of what they return. One row that fails (a bracket refusing
    a result, say) is logged and stays due for the next run instead of holding up the others."""
    done = 0
    for pk in pks:
        try:
            done += settle(pk)
        except Exception:
            logger.exception("%s of row %s failed; it stays due and the next run retries it", what, pk)
    return done


def lock_if_due(due, pk, *related):
    """Row `pk` of the queryset `due`, locked for this transaction, or None when it is no longer due or another
    worker holds it. Call inside transaction.atomic."""
    return due.select_for_update(skip_locked=True, of=("self",)).select_related(*related).filter(pk=pk).first()


# ---------------------------------------------------------------- outboxes (players' news, e-mails)
# Rows wait in the database until sent; a periodic sweep takes the due ones, tried again less and less often.

LONGEST_WAIT = timedelta(hours=1)  # between two tries
SWEPT_AT_ONCE = 200  # rows one sweep takes; the next sweep takes the rest


def send_now(waiting, pks):
    """The broker did not take these rows (of the `waiting` queryset): the next sweep sends them, without waiting."""
    waiting.filter(pk__in=pks).update(next_attempt_at=timezone.now())


def due_rows(waiting, now=None):
    """Ids of the `waiting` rows the sweep sends now, the longest waiting first."""
    rows = waiting.filter(next_attempt_at__lte=now or timezone.now())
    return list(rows.order_by("next_attempt_at", "pk").values_list("pk", flat=True)[:SWEPT_AT_ONCE])


def wait_after(attempts, first_seconds):
    """How long after try number `attempts` the next one is due: `first_seconds`, doubled each time, at most an
    hour."""
    return min(timedelta(seconds=first_seconds * 2 ** (attempts - 1)), LONGEST_WAIT)
