"""Periodic task (config.settings.CELERY_BEAT_SCHEDULE): late-arrival forfeits. It applies deadlines stored in the
database and is idempotent, so a second run, two workers at once or a Redis restart changes nothing."""

from celery import shared_task

from matches.checkin import services


# Named as before the app moved into its wing: queued tasks and the beat schedule carry the name.
@shared_task(name="checkin.tasks.apply_forfeits")
def apply_forfeits():
    """Forfeit every match whose reporting deadline has passed (ICF 143(i))."""
    return services.apply_forfeits()
