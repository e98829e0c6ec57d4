"""Periodic task (config.settings.CELERY_BEAT_SCHEDULE): late-arrival forfeits. It applies deadlines stored in the
database and is idempotent, so a second run, two workers at once or a Redis restart changes nothing."""

from celery import shared_task

from checkin import services


@shared_task
def apply_forfeits():
    """Forfeit every match whose reporting deadline has passed (ICF 143(i))."""
    return services.apply_forfeits()
