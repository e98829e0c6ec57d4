"""`manage.py backup PATH`: the whole site (every row of every table, the media files, a manifest) in one archive
(core.backup)."""

from django.core.management.base import BaseCommand

from core.backup import write_backup


class Command(BaseCommand):
    help = "Write the whole site (rows, media files, manifest) to one archive at PATH (a .tar.gz)."

    def add_arguments(self, parser):
        parser.add_argument("path", help="The archive to write, e.g. /var/backups/carrom/site.tar.gz.")

    def handle(self, *args, path, **options):
        manifest = write_backup(path)
        rows = sum(manifest["counts"].values())
        self.stdout.write(f"{path}: {rows} rows of {len(manifest['counts'])} tables, {manifest['files']} files.")
