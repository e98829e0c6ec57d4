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
# Telling people: players' news (and the sweep of the news still to send), the personal links by e-mail, e-mails
# (and the sweep of those still to send), a tournament's webhook deliveries (and their sweep).
NEWS_TASKS = {
    "players.tasks.deliver_news",
    "players.tasks.send_pending_news",
    "players.tasks.tell_players",
    "printing.tasks.mail_personal_links",
    "tournaments.tasks.deliver_mail",
    "tournaments.tasks.send_pending_mail",
    "webhooks.tasks.deliver_webhook",
    "webhooks.tasks.send_due_webhooks",
}


def test_the_tasks_keep_the_names_they_had_before_their_apps_moved():
    current_app.loader.import_default_modules()
    assert NAMES <= set(current_app.tasks)


def test_every_scheduled_task_is_registered_under_its_name():
    current_app.loader.import_default_modules()
    assert {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()} <= set(current_app.tasks)


def queue_of(name):
    return current_app.amqp.router.route({}, name)["queue"].name


def test_deadlines_and_news_have_queues_of_their_own():
    """A worker busy telling players (a mail server or push service that does not answer) never holds up a
    deadline: the periodic deadline tasks go to "deadlines", which `make run` and the deployment notes give a
    worker of its own."""
    current_app.loader.import_default_modules()
    deadlines = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()} - NEWS_TASKS
    assert len(deadlines) >= 4 and {queue_of(name) for name in deadlines} == {"deadlines"}
    assert {queue_of(name) for name in NEWS_TASKS} == {"news"}
    assert queue_of("sol.tasks.run_import") == queue_of("ratings.tasks.recompute_rating") == "celery"


def test_every_task_has_time_limits_and_a_worker_process_a_memory_limit():
    current_app.loader.import_default_modules()
    conf = current_app.conf
    assert 0 < conf.task_soft_time_limit < conf.task_time_limit
    for name in NAMES:
        task = current_app.tasks[name]
        soft = task.soft_time_limit or conf.task_soft_time_limit
        assert 0 < soft < (task.time_limit or conf.task_time_limit), name
    assert 0 < conf.worker_max_memory_per_child * 1024 < 200 * 1024 * 1024  # KiB; recycled well before 300 MB
