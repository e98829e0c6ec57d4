from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from history.sol.exporting import export_tournaments
from tournaments.models import Tournament
from tournaments.privacy import EVERY_BIRTH_DATE


class Command(BaseCommand):
    help = "Write tournaments as a SoL file (gzipped YAML, .sol.gz) that SoL 5 loads."

    def add_arguments(self, parser):
        parser.add_argument("slugs", nargs="+", help="the tournaments' slugs")
        parser.add_argument("-o", "--output", type=Path, required=True, help="the .sol.gz file to write")

    def handle(self, *args, slugs, output, **options):
        found = {t.slug: t for t in Tournament.objects.filter(slug__in=slugs)}
        missing = [slug for slug in slugs if slug not in found]
        if missing:
            raise CommandError(_("No tournament with the slug %(slugs)s.") % {"slugs": ", ".join(missing)})
        try:
            content = export_tournaments([found[slug] for slug in slugs], birth_dates=EVERY_BIRTH_DATE)
            output.write_bytes(content)
        except OSError as error:
            raise CommandError(
                _("Cannot write %(file)s: %(error)s") % {"file": output, "error": error.strerror}
            ) from None
        self.stdout.write(self.style.SUCCESS(_("Wrote %(file)s.") % {"file": output}))
