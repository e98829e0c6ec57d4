"""Periodic tasks (config.settings.CELERY_BEAT_SCHEDULE). Each applies deadlines stored in the database and is
idempotent, so a second run, two workers at once or a Redis restart changes nothing."""

from celery import shared_task


@shared_task
def apply_forfeits():
    """Late arrivals (issue #6): forfeit every match whose reporting deadline has passed."""
    from .late import apply_forfeits as apply

    return apply()


@shared_task
def ring_second_bells():
    """Round clocks (issue #5): at the second bell, unfinished matches are scored by the time-limit rule."""
    from .clock import ring_second_bells as ring

    return ring()
