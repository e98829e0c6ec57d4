"""`manage.py run_deadlines [--loop SECONDS]`: apply the deadlines stored in the database once, or every SECONDS.

It runs the periodic tasks of config.settings.CELERY_BEAT_SCHEDULE (late-arrival forfeits, second bells, overdue
protests) in this process, for a machine without Redis where no Celery worker runs (`make run`). They are
idempotent, so running this beside a worker, twice, or after a crash changes nothing."""

import importlib
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _


def periodic_tasks():
    """(name, callable) for each scheduled task whose module can be imported."""
    tasks, missing = [], []
    for name, entry in settings.CELERY_BEAT_SCHEDULE.items():
        module_name, _dot, function = entry["task"].rpartition(".")
        try:
            tasks.append((name, getattr(importlib.import_module(module_name), function)))
        except (ImportError, AttributeError):
            missing.append(entry["task"])
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
        for name, task in tasks:
            try:
                result = task()  # a Celery task object called directly runs here, in this process
            except Exception as error:  # one failing task must not stop the others, nor the loop
                failed += 1
                self.stderr.write(_("%(task)s: failed: %(error)r") % {"task": name, "error": error})
            else:
                self.stdout.write(f"{name}: {result}")
        return failed
