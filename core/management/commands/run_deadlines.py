"""`manage.py run_deadlines [--loop SECONDS]`: apply the deadlines stored in the database once, or every SECONDS.

It runs the periodic tasks of config.settings.CELERY_BEAT_SCHEDULE (late-arrival forfeits, second bells, overdue
protests, and the sweep of the players' news still to send) in this process, for a machine without Redis where no
Celery worker runs (`make run`). They are idempotent, so running this beside a worker, twice, or after a crash
changes nothing. Standing in for beat and the workers, it leaves their stamps (core.heartbeat): /health/ and the
officials' pages read from them that the deadlines are applied."""

import time

from celery import current_app
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from core import heartbeat


def periodic_tasks():
    """(name, task) for each scheduled task that this installation registers. A task is found by its Celery name,
    which need not be its module's path (the match-day apps moved into matches/ and kept their tasks' names)."""
    current_app.loader.import_default_modules()  # every installed app's tasks module, as a worker loads them
    tasks, missing = [], []
    for name, entry in settings.CELERY_BEAT_SCHEDULE.items():
        task = current_app.tasks.get(entry["task"])
        if task is None:
            missing.append(entry["task"])
        else:
            tasks.append((name, task))
    return tasks, missing


class Command(BaseCommand):
    help = "Apply due deadlines (forfeits, second bells, overdue protests) once, or every SECONDS with --loop."

    def add_arguments(self, parser):
        parser.add_argument("--loop", type=float, metavar="SECONDS", help="Run again every SECONDS until stopped.")

    def handle(self, *args, loop=None, **options):
        if loop is not None and loop <= 0:
            raise CommandError(_("--loop takes a number of seconds above 0."))
        tasks, missing = periodic_tasks()
        for task in missing:
            self.stderr.write(_("Skipped %(task)s: not available in this installation.") % {"task": task})
        try:
            while True:
                failed = self.run_once(tasks)
                if loop is None:
                    if failed:
                        raise CommandError(_("%(count)s task(s) failed.") % {"count": failed})
                    return
                time.sleep(loop)
        except KeyboardInterrupt:
            self.stdout.write(_("Stopped."))

    def run_once(self, tasks):
        """Run each task once; returns how many failed."""
        failed = 0
        heartbeat.stamp(heartbeat.BEAT)
        for name, task in tasks:
            try:
                result = task()  # a Celery task object called directly runs here, in this process
            except Exception as error:  # one failing task must not stop the others, nor the loop
                failed += 1
                self.stderr.write(_("%(task)s: failed: %(error)r") % {"task": name, "error": error})
            else:
                self.stdout.write(f"{name}: {result}")
                heartbeat.stamp(heartbeat.worker(heartbeat.queue_of(task.name)))
        return failed
