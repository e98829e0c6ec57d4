"""The whole site in one archive and back, between the two databases a federation may run: `manage.py backup` on
SQLite, `manage.py restore` into a new PostgreSQL database, its own backup, and back into a new SQLite file; every
row (compared as data: PostgreSQL orders a JSON field's keys its own way) and every media file arrive unchanged. A
restore is refused, changing nothing, into a database that is not empty, from a newer schema, or from a damaged
archive. The periodic backup keeps the newest BACKUP_KEEP archives and writes one a period."""

import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from core.backup import DATA, MANIFEST, periodic_backup
from core.tasks import backup_site

ROOT = Path(__file__).resolve().parent.parent
POSTGRES = "postgres://postgres@127.0.0.1:5432/"


def manage(*args, database, media, check=True):
    env = {**os.environ, "DJANGO_DEBUG": "1", "DATABASE_URL": database, "MEDIA_ROOT": str(media)}
    env.pop("DJANGO_SETTINGS_MODULE", None)  # the site's settings, not the test suite's
    env.pop("REDIS_URL", None)
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    if check and done.returncode != 0:
        raise AssertionError(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done


def postgres_reachable():
    return (
        shutil.which("psql") is not None
        and subprocess.run(
            ["psql", "-h", "127.0.0.1", "-U", "postgres", "-tAc", "select 1"], capture_output=True
        ).returncode
        == 0
    )


def psql(command):
    subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", command], check=True, capture_output=True)


def rows(archive):
    """Every row of the archive as data, sorted; and its media files' bytes by name."""
    with tarfile.open(archive, "r:gz") as tar:
        lines = tar.extractfile(DATA).read().decode().splitlines()
        files = {m.name: tar.extractfile(m).read() for m in tar if m.isfile() and m.name.startswith("media/")}
        manifest = json.load(tar.extractfile(MANIFEST))
    data = sorted((json.loads(line) for line in lines), key=lambda row: (row["model"], str(row["pk"])))
    return data, files, manifest


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory):
    """A SQLite site with the demo and two media files, and its archive."""
    where = tmp_path_factory.mktemp("site-a")
    database, media = f"sqlite:///{where}/a.sqlite3", where / "media"
    manage("migrate", "--noinput", database=database, media=media)
    manage("load_demo", database=database, media=media)
    (media / "protests" / "1").mkdir(parents=True)
    (media / "protests" / "1" / "photo.jpg").write_bytes(bytes(range(256)) * 40)
    (media / "sol").mkdir()
    (media / "sol" / "emblem é.png").write_bytes(b"\x89PNG emblem")
    archive = where / "a.tar.gz"
    manage("backup", str(archive), database=database, media=media)
    return where, database, media, archive


@pytest.fixture
def postgres_database():
    if not postgres_reachable():
        pytest.skip("PostgreSQL does not answer on 127.0.0.1:5432")
    name = f"carrom_restore_{uuid.uuid4().hex[:10]}"
    psql(f"create database {name}")
    yield POSTGRES + name
    psql(f"drop database if exists {name} with (force)")


def test_sqlite_to_postgresql_and_back_row_for_row_and_file_for_file(demo_site, postgres_database, tmp_path):
    _where, _database, _media, archive = demo_site
    original, original_files, manifest = rows(archive)
    assert manifest["counts"]["tournaments.tournament"] == 2 and manifest["files"] == 2
    assert len(original) == sum(manifest["counts"].values()) > 500

    media_b = tmp_path / "media-b"
    restored = manage("restore", str(archive), database=postgres_database, media=media_b)
    assert "rows and 2 files restored" in restored.stdout
    manage("backup", str(tmp_path / "b.tar.gz"), database=postgres_database, media=media_b)
    from_postgres, files_b, manifest_b = rows(tmp_path / "b.tar.gz")
    assert from_postgres == original and files_b == original_files
    assert manifest_b["database"] == "postgresql" and manifest_b["migrations"] == manifest["migrations"]

    database_c, media_c = f"sqlite:///{tmp_path}/c.sqlite3", tmp_path / "media-c"
    manage("restore", str(tmp_path / "b.tar.gz"), database=database_c, media=media_c)
    manage("backup", str(tmp_path / "c.tar.gz"), database=database_c, media=media_c)
    back_in_sqlite, files_c, _manifest = rows(tmp_path / "c.tar.gz")
    assert back_in_sqlite == original and files_c == original_files

    # New rows after a restore get new ids: the sequences were moved past the restored ones.
    created = manage(
        "shell",
        "-c",
        "from tournaments.models import Club; print(Club.objects.create(name='New club').pk)",
        database=postgres_database,
        media=media_b,
    )
    assert int(created.stdout.split()[-1]) > max(r["pk"] for r in original if r["model"] == "tournaments.club")


def test_refused_into_a_database_that_is_not_empty(demo_site):
    _where, database, media, archive = demo_site
    refused = manage("restore", str(archive), database=database, media=media, check=False)
    assert refused.returncode != 0 and "The database is not empty" in refused.stderr


def test_refused_from_a_newer_schema_and_from_a_damaged_archive(demo_site, tmp_path):
    _where, _database, _media, archive = demo_site
    newer = tmp_path / "newer.tar.gz"
    with tarfile.open(archive, "r:gz") as source, tarfile.open(newer, "w:gz") as target:
        for member in source:
            content = source.extractfile(member).read()
            if member.name == MANIFEST:
                manifest = json.loads(content)
                manifest["migrations"]["stages"].append("0099_from_the_future")
                content = json.dumps(manifest).encode()
                member.size = len(content)
            target.addfile(member, io.BytesIO(content))
    empty = f"sqlite:///{tmp_path}/empty.sqlite3"
    refused = manage("restore", str(newer), database=empty, media=tmp_path / "m", check=False)
    assert refused.returncode != 0 and "newer version of the site" in refused.stderr
    assert "stages.0099_from_the_future" in refused.stderr

    damaged = tmp_path / "damaged.tar.gz"
    damaged.write_bytes(archive.read_bytes()[: archive.stat().st_size // 2])
    refused = manage("restore", str(damaged), database=empty, media=tmp_path / "m", check=False)
    assert refused.returncode != 0 and "cannot be read, it is damaged" in refused.stderr
    not_ours = tmp_path / "other.tar.gz"
    with tarfile.open(not_ours, "w:gz") as tar:
        tar.add(__file__, arcname="notes.txt")
    refused = manage("restore", str(not_ours), database=empty, media=tmp_path / "m", check=False)
    assert refused.returncode != 0 and "not a backup of this site" in refused.stderr
    # Refused before anything changed: not even the migrations ran on the new database.
    assert not (tmp_path / "empty.sqlite3").exists() or (tmp_path / "empty.sqlite3").stat().st_size == 0


@pytest.mark.django_db
def test_the_periodic_backup_writes_one_a_period_and_keeps_the_newest(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "media"
    start = datetime(2026, 12, 1, 3, 0, tzinfo=UTC)
    folder = tmp_path / "backups"
    written = [periodic_backup(folder, keep=3, every_hours=24, now=start + timedelta(days=n)) for n in range(5)]
    assert all(written)
    assert periodic_backup(folder, keep=3, every_hours=24, now=datetime.now(UTC)) is None  # the newest is fresh
    kept = sorted(p.name for p in folder.glob("carrom-*.tar.gz"))
    assert kept == [p.name for p in written[-3:]]


@pytest.mark.django_db
def test_the_backup_task_writes_into_backup_dir_once_a_period(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.BACKUP_DIR, settings.BACKUP_KEEP, settings.BACKUP_EVERY_HOURS = str(tmp_path / "nightly"), 7, 24
    first = backup_site.delay().get()
    assert first and Path(first).exists()
    assert backup_site.delay().get() is None  # beat's next hourly call: the newest is fresh, nothing written
    assert len(list((tmp_path / "nightly").glob("carrom-*.tar.gz"))) == 1
    settings.BACKUP_DIR = ""
    assert backup_site.delay().get() is None  # off without BACKUP_DIR


@pytest.mark.django_db
def test_a_time_keeps_every_microsecond_through_the_archive():
    """Django's own encoder cuts to the millisecond: 12:00:00.000412 would come back as 12:00:00."""
    from django.contrib.auth.models import User
    from django.core import serializers

    from core.backup import write_rows

    moment = datetime(2026, 11, 29, 12, 0, 0, 412, tzinfo=UTC)
    User.objects.create(username="desk", last_login=moment)
    out = io.StringIO()
    assert write_rows(User, out) == 1
    (row,) = serializers.deserialize("jsonl", out.getvalue().splitlines())
    assert row.object.last_login == moment
