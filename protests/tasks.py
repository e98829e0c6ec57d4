"""Periodic task (config.settings.CELERY_BEAT_SCHEDULE): overdue protest decisions (ICF 151(c)). Idempotent: the
flag and the notification keys make a second run, or two workers at once, change nothing."""

from celery import shared_task


@shared_task
def flag_overdue_protests():
    """Flag lodged protests undecided past their due time and tell the secretaries and chief referees."""
    from protests.services import flag_overdue

    return flag_overdue()
