import time

from django.core.management.base import BaseCommand
from django.utils.translation import ngettext

from history.ratings.services import recompute_all


class Command(BaseCommand):
    help = "Recompute every rating from scratch, lowest level first (historical ratings and unused ones are kept)."

    def handle(self, *args, **options):
        started = time.perf_counter()
        written = recompute_all()
        seconds = time.perf_counter() - started
        self.stdout.write(
            self.style.SUCCESS(
                ngettext(
                    "%(count)s rate written in %(seconds).1f s.",
                    "%(count)s rates written in %(seconds).1f s.",
                    written,
                )
                % {"count": written, "seconds": seconds}
            )
        )
