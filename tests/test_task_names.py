"""Queued tasks and the beat schedule carry a task's name: a task keeps it when its module moves."""

from celery import current_app
from django.conf import settings

NAMES = {
    "checkin.tasks.apply_forfeits",
    "scheduling.tasks.ring_second_bells",
    "conduct.tasks.apply_rest_deadlines",
    "protests.tasks.flag_overdue_protests",
    "ratings.tasks.recompute_rating",
    "sol.tasks.run_import",
    "sol.tasks.fail_stalled_imports",
}


def test_the_tasks_keep_the_names_they_had_before_their_apps_moved():
    current_app.loader.import_default_modules()
    assert NAMES <= set(current_app.tasks)


def test_every_scheduled_task_is_registered_under_its_name():
    current_app.loader.import_default_modules()
    assert {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()} <= set(current_app.tasks)
