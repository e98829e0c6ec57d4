"""Periodic task (config.settings.CELERY_BEAT_SCHEDULE): the rest before the deciding game (ICF 138, 143(b)). It
applies deadlines stored in the database and is idempotent, so a second run, two workers at once or a Redis
restart changes nothing."""

from celery import shared_task

from matches.conduct import rest


# Named as before the app moved into its wing: queued tasks and the beat schedule carry the name.
@shared_task(name="conduct.tasks.apply_rest_deadlines")
def apply_rest_deadlines():
    """Settle every rest past its deadline: a player not back loses the entire match (ICF 143(b))."""
    return rest.apply_rest_deadlines()
