from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.importing import ImportFailed
from tournaments.models import Event
from tournaments.services import import_entries


class Command(BaseCommand):
    help = "Import players and entries for an event from a CSV file (all rows or none)."

    def add_arguments(self, parser):
        parser.add_argument("event", help="the event's id")
        parser.add_argument("file", type=Path, help="CSV file; see tournaments/importing.py for the columns")

    def handle(self, *args, event, file, **options):
        try:
            target = Event.objects.select_related("tournament").get(pk=int(event))
        except (ValueError, Event.DoesNotExist):
            raise CommandError(_("No event with id %(event)r.") % {"event": event}) from None
        try:
            text = file.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(_("Cannot read %(file)s: %(error)s") % {"file": file, "error": error}) from None
        try:
            summary = import_entries(target, text)
        except ImportFailed as failure:
            raise CommandError(_("Nothing was imported:\n%(errors)s") % {"errors": "\n".join(failure.errors)}) from None
        self.stdout.write(self.style.SUCCESS(f"{target}: {summary}"))
