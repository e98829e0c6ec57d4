from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.importing import ImportFailed, ImportNeedsConfirmation
from tournaments.models import Event
from tournaments.services import import_entries


class Command(BaseCommand):
    help = "Import players and entries for an event from an Excel workbook (.xlsx) or a CSV file (all rows or none)."

    def add_arguments(self, parser):
        parser.add_argument("event", help="the event's id")
        parser.add_argument("file", type=Path, help=".xlsx or CSV file; see tournaments/importing.py for the columns")
        parser.add_argument(
            "--confirm",
            action="store_true",
            help="import although a stage of the event is drawn (the draws made keep their entrants)",
        )

    def handle(self, *args, event, file, confirm=False, **options):
        try:
            target = Event.objects.select_related("tournament").get(pk=int(event))
        except (ValueError, Event.DoesNotExist):
            raise CommandError(_("No event with id %(event)r.") % {"event": event}) from None
        # At most what an upload may be (UPLOAD_MAX_BYTES), read no further: a path may name anything, a device
        # that never ends included.
        maximum = settings.UPLOAD_MAX_BYTES
        try:
            with file.open("rb") as opened:
                data = opened.read(maximum + 1)
        except OSError as error:
            raise CommandError(_("Cannot read %(file)s: %(error)s") % {"file": file, "error": error}) from None
        if len(data) > maximum:
            message = _("Nothing was imported: %(file)s is larger than %(maximum)s bytes, the limit of an upload.")
            raise CommandError(message % {"file": file, "maximum": f"{maximum:,}"})
        try:
            summary = import_entries(target, data, confirm=confirm)
        except ImportFailed as failure:
            raise CommandError(_("Nothing was imported:\n%(errors)s") % {"errors": "\n".join(failure.errors)}) from None
        except ImportNeedsConfirmation as question:
            raise CommandError(needs_confirmation(target, question.preview)) from None
        self.stdout.write(self.style.SUCCESS(f"{target}: {summary}"))


def needs_confirmation(event, preview):
    message = _(
        "Nothing was imported: the draw of %(event)s has begun (%(stages)s), and the stages already drawn keep "
        "their entrants. Run the command again with --confirm to import the file anyway."
    )
    return message % {"event": event, "stages": ", ".join(stage.name for stage in preview.drawn_stages)}
