from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from history.sol.display import summary_text
from history.sol.importing import import_file
from history.sol.reading import SolFileError


class Command(BaseCommand):
    help = "Import SoL files (.sol, .sol.gz, backup .zip): each file whole or not at all."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", type=Path, help=".sol (YAML or JSON), .sol.gz or a SoL backup .zip")

    def handle(self, *args, files, **options):
        failed = []
        for path in files:
            try:
                with path.open("rb") as source:  # read as a stream: a backup's pictures only when stored
                    summary = import_file(source, path.name)
            except OSError as error:
                failed.append(_("Cannot read %(file)s: %(error)s") % {"file": path, "error": error.strerror})
            except SolFileError as error:
                failed.append(_("%(file)s was not imported: %(error)s") % {"file": path, "error": error})
            else:
                self.stdout.write(self.style.SUCCESS(f"{path}: {summary_text(summary)}"))
        if failed:
            raise CommandError("\n".join(failed))
