"""The whole site in one archive, and back: `manage.py backup PATH`, `manage.py restore PATH`, and the periodic
backup into BACKUP_DIR (core.tasks.backup_site).

The archive is a gzipped tar of three parts:
- `manifest.json`: what the archive is (FORMAT), when it was made, the schema (every app's applied migrations), the
  rows of each model and the number of media files;
- `data.jsonl`: every row of every table, one JSON object a line (Django's portable "jsonl" serialization), so any
  database Django speaks fills from it: SQLite to PostgreSQL and back;
- `media/…`: every file of the default storage (a folder, or the S3-compatible store), read through the storage.

Both directions stream: rows are read and written one at a time, so neither side holds the site in memory.

A restore fills an empty database (run `migrate` first; the content types and permissions migrate made are replaced
by the archive's, so every row keeps its id) and refuses, changing nothing, an archive that is not one, is damaged,
or comes from a newer schema than this code knows."""

import io
import json
import os
import tarfile
import tempfile
import zlib
from collections import defaultdict
from datetime import UTC, datetime, time
from pathlib import Path

from django.apps import apps
from django.core import serializers
from django.core.files.base import File
from django.core.files.storage import default_storage
from django.core.management.color import no_style
from django.core.serializers.json import DjangoJSONEncoder
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.utils.translation import gettext as _

FORMAT = "carrom-site-backup"
FORMAT_VERSION = 1
MANIFEST, DATA, MEDIA = "manifest.json", "data.jsonl", "media/"
# Rows `migrate` itself writes into a new database: the archive's own replace them, ids and all.
MADE_BY_MIGRATE = ("contenttypes.contenttype", "auth.permission")
CHUNK = 2000


class ExactEncoder(DjangoJSONEncoder):
    """Django's encoder cuts times to the millisecond; a backup keeps every microsecond, so a row comes back equal."""

    def default(self, o):
        if isinstance(o, datetime | time):
            return o.isoformat()
        return super().default(o)


class BackupError(Exception):
    """An archive that cannot be restored here; nothing was changed."""


def site_models():
    """Every concrete model with a table of its own (many-to-many rows travel with their model's)."""
    return [
        model
        for model in apps.get_models()
        if model._meta.managed and not model._meta.proxy and not model._meta.swapped
    ]


def label(model):
    return model._meta.label_lower


# ---------------------------------------------------------------- writing


def write_backup(path):
    """Write the archive to `path` (written beside it, then renamed: a reader never finds half an archive).
    Returns the manifest."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent) as work:
        data_path, counts = Path(work) / DATA, {}
        with open(data_path, "w", encoding="utf-8") as data:
            for model in site_models():
                counts[label(model)] = write_rows(model, data)
        partial = Path(work) / "archive.partial"
        with tarfile.open(partial, "w:gz") as archive:
            archive.add(data_path, arcname=DATA)
            files = write_media(archive)
            manifest = {
                "format": FORMAT,
                "format_version": FORMAT_VERSION,
                "created": datetime.now(UTC).isoformat(timespec="seconds"),
                "database": connections[DEFAULT_DB_ALIAS].vendor,
                "migrations": applied_migrations(),
                "counts": counts,
                "files": files,
            }
            add_bytes(archive, MANIFEST, json.dumps(manifest, indent=1, sort_keys=True).encode())
        os.replace(partial, path)
    return manifest


def write_rows(model, out):
    """Serialize the model's rows, a chunk at a time, in primary-key order; returns how many."""
    count = 0
    rows = model._base_manager.order_by("pk")
    if model._meta.many_to_many:
        rows = rows.prefetch_related(*(field.name for field in model._meta.many_to_many))
    for row in rows.iterator(chunk_size=CHUNK):
        serializers.serialize("jsonl", [row], stream=out, cls=ExactEncoder)
        count += 1
    return count


def write_media(archive):
    """Every file of the default storage under media/; returns how many."""
    count = 0
    for name in storage_files():
        with default_storage.open(name, "rb") as source:
            info = tarfile.TarInfo(MEDIA + name)
            info.size = default_storage.size(name)
            archive.addfile(info, source)
        count += 1
    return count


def storage_files(folder=""):
    """The names of every file in the default storage, folder by folder."""
    try:
        folders, files = default_storage.listdir(folder)
    except FileNotFoundError:  # a new site's media folder does not exist yet
        return
    for name in sorted(files):
        yield f"{folder}/{name}" if folder else name
    for sub in sorted(folders):
        yield from storage_files(f"{folder}/{sub}" if folder else sub)


def add_bytes(archive, name, content):
    info = tarfile.TarInfo(name)
    info.size = len(content)
    archive.addfile(info, io.BytesIO(content))


def applied_migrations():
    """{app label: [migration names applied]}: the schema the rows were written in."""
    known = MigrationLoader(None, ignore_no_migrations=True).disk_migrations
    applied = defaultdict(list)
    for app_label, name in MigrationRecorder(connections[DEFAULT_DB_ALIAS]).applied_migrations():
        if (app_label, name) in known:  # not the records of migrations since squashed or removed
            applied[app_label].append(name)
    return {app_label: sorted(names) for app_label, names in sorted(applied.items())}


# ---------------------------------------------------------------- restoring


def read_manifest(archive):
    try:
        member = archive.extractfile(MANIFEST)
        manifest = json.load(member) if member else None
    except (KeyError, ValueError):  # no manifest, or not JSON
        manifest = None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise BackupError(_("This file is not a backup of this site (no manifest of ours in it)."))
    if manifest.get("format_version", 0) > FORMAT_VERSION:
        raise BackupError(_("This backup was written by a newer version of the site: update the site first."))
    return manifest


def check_schema(manifest):
    """Refuse an archive whose rows were written in a schema this code does not know (a newer version's)."""
    known = set(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)
    unknown = [
        f"{app}.{name}" for app, names in manifest["migrations"].items() for name in names if (app, name) not in known
    ]
    if unknown:
        raise BackupError(
            _(
                "This backup comes from a newer version of the site (migrations %(names)s are unknown here): update "
                "the site, then restore."
            )
            % {"names": ", ".join(unknown[:5])}
        )


def check_empty():
    """Refuse a database that already holds rows (beyond what migrate writes), naming some of what it holds."""
    held = [
        label(model) for model in site_models() if label(model) not in MADE_BY_MIGRATE and model._base_manager.exists()
    ]
    if held:
        raise BackupError(
            _("The database is not empty (it holds %(models)s): restore into a new, migrated database.")
            % {"models": ", ".join(held[:5])}
        )


def check_archive(path):
    """The archive's manifest, once the whole archive was read through (a truncated or damaged file is refused here,
    before anything changes) and its schema is one this code knows."""
    try:
        with tarfile.open(path, "r:gz") as archive:
            names = {member.name for member in archive.getmembers()}
            manifest = read_manifest(archive)
    except (OSError, EOFError, tarfile.TarError, zlib.error) as error:
        raise BackupError(
            _("The backup cannot be read, it is damaged or not a backup: %(error)s") % {"error": error}
        ) from None
    if DATA not in names:
        raise BackupError(_("The backup is damaged: it holds no rows."))
    check_schema(manifest)
    return manifest


def restore_backup(path):
    """Fill this empty, migrated database and the storage from the archive at `path`. Returns the manifest."""
    manifest = check_archive(path)
    check_empty()
    try:
        with tarfile.open(path, "r:gz") as archive:
            lines = io.TextIOWrapper(archive.extractfile(DATA), encoding="utf-8")
            counts = load_rows(lines, manifest)
            restore_media(archive)
    except (OSError, EOFError, tarfile.TarError, zlib.error, serializers.base.DeserializationError) as error:
        raise BackupError(_("The backup is damaged: %(error)s") % {"error": error}) from None
    return {**manifest, "restored": counts}


def load_rows(lines, manifest):
    """Every row, in one transaction, foreign keys checked at the end; the sequences set past the ids restored."""
    connection = connections[DEFAULT_DB_ALIAS]
    counts, models = {}, set()
    with transaction.atomic():
        for model_label in MADE_BY_MIGRATE:
            apps.get_model(model_label)._base_manager.all().delete()
        with connection.constraint_checks_disabled():
            for row in serializers.deserialize("jsonl", lines, ignorenonexistent=True):
                row.save()
                model = type(row.object)
                models.add(model)
                counts[label(model)] = counts.get(label(model), 0) + 1
        connection.check_constraints(table_names=[model._meta.db_table for model in models])
        if counts != {name: n for name, n in manifest["counts"].items() if n}:
            raise BackupError(_("The backup is damaged: its rows do not match its manifest's counts."))
        with connection.cursor() as cursor:
            for statement in connection.ops.sequence_reset_sql(no_style(), list(models)):
                cursor.execute(statement)
    return counts


def restore_media(archive):
    """Each file back into the default storage under its own name; a file already there with the same size is
    left alone (a second run of an interrupted restore)."""
    for member in archive:
        if not member.isfile() or not member.name.startswith(MEDIA):
            continue
        name = member.name[len(MEDIA) :]
        if default_storage.exists(name):
            if default_storage.size(name) == member.size:
                continue
            default_storage.delete(name)
        saved = default_storage.save(name, File(archive.extractfile(member), name=os.path.basename(name)))
        if saved != name:
            raise BackupError(_("The file %(name)s could not be restored under its own name.") % {"name": name})


# ---------------------------------------------------------------- the periodic backup


def periodic_backup(folder, keep, every_hours, now=None):
    """Write a new archive into `folder` when the newest there is older than `every_hours`, then delete all but the
    newest `keep`. Idempotent: run every hour, twice, or after a restart, it writes one archive a period. Returns
    the new archive's path, or None."""
    folder, now = Path(folder), now or datetime.now(UTC)
    folder.mkdir(parents=True, exist_ok=True)
    archives = sorted(folder.glob("carrom-*.tar.gz"))
    written = None
    newest = archives[-1].stat().st_mtime if archives else None
    if newest is None or now.timestamp() - newest >= every_hours * 3600:
        written = folder / f"carrom-{now:%Y%m%d-%H%M%S}.tar.gz"
        write_backup(written)
        archives.append(written)
    for old in sorted(archives)[:-keep] if keep > 0 else []:
        old.unlink(missing_ok=True)
    return written
