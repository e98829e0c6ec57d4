"""`manage.py restore PATH`: fill an empty, migrated database (and the media storage) from an archive written by
`manage.py backup` (core.backup); refused, changing nothing, into a database that is not empty, from a newer
schema, or from a damaged archive."""

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from core.backup import BackupError, check_archive, restore_backup


class Command(BaseCommand):
    help = "Fill an empty database and the media storage from an archive written by `manage.py backup`."

    def add_arguments(self, parser):
        parser.add_argument("path", help="The archive written by `manage.py backup`.")
        parser.add_argument(
            "--no-migrate", action="store_true", help="Do not run the migrations first (the database is migrated)."
        )

    def handle(self, *args, path, no_migrate=False, **options):
        try:
            check_archive(path)  # a damaged archive, or one from a newer schema, changes nothing: not even migrate
            if not no_migrate:
                call_command("migrate", interactive=False, verbosity=0)
            manifest = restore_backup(path)
        except BackupError as error:
            raise CommandError(str(error)) from None
        rows = sum(manifest["restored"].values())
        self.stdout.write(f"{path}: {rows} rows and {manifest['files']} files restored.")
