"""Periodic task (config.settings.CELERY_BEAT_SCHEDULE): second bells of the round clocks. It applies deadlines
stored in the database and is idempotent, so a second run, two workers at once or a Redis restart changes nothing."""

from celery import shared_task

from matches.scheduling import clock


# Named as before the app moved into its wing: queued tasks and the beat schedule carry the name.
@shared_task(name="scheduling.tasks.ring_second_bells")
def ring_second_bells():
    """At the second bell, unfinished matches are scored by the rule set's time-limit law (ECC 39-41)."""
    return clock.ring_second_bells()
