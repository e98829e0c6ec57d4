"""Deadlines applied by idempotent periodic tasks: each due row settled in a transaction of its own, under a row
lock that other workers skip, so two workers at once, a second run or a run after a crash settle each row once."""

import logging

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
