"""The Django environment the benchmarks run in: production settings (DEBUG off, a generated secret key) on their
own database, never the development one.

The database is DATABASE_URL when set (PostgreSQL, e.g. `postgres://postgres@127.0.0.1:5432/carrom_bench`), else a
fresh SQLite file under /tmp. It must be set before Django is imported, so `configure()` is the first thing a
benchmark calls; gunicorn workers started by a benchmark get the same variables through `server_environment()`.
"""

import os
import secrets
import warnings
from pathlib import Path

DEFAULT_SQLITE = Path("/tmp/carrom-benchmark.sqlite3")


def benchmark_environment(database_url):
    return {
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": os.environ.get("BENCHMARK_SECRET_KEY") or secrets.token_urlsafe(50),
        # Plain HTTP on the loopback: no redirect to HTTPS.
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_LOG_LEVEL": "WARNING",
        "DATABASE_URL": database_url,
        # Every request comes from the loopback: the players' links' per-address limit (players.throttle) would
        # measure the 429 answer instead of the page.
        "PLAYER_LINK_RATE": "100000000/m",
        # The benchmarks import federation-sized lists (10,000 and 20,000 players) in one go, past the few
        # thousand rows an upload may hold.
        "IMPORT_MAX_ROWS": "20000",
        # WhiteNoise warns that collectstatic has not run: the benchmark asks for pages, not static files.
        "PYTHONWARNINGS": "ignore:No directory at",
    }


def configure(sqlite_path=DEFAULT_SQLITE, fresh=True):
    """Point Django at the benchmark database, set it up and migrate it; returns the database URL.

    With SQLite, `fresh` starts from an empty file. A DATABASE_URL from the environment is used as it is."""
    database_url = os.environ.get("DATABASE_URL")
    if not database_url:
        sqlite_path = Path(sqlite_path)
        if fresh:
            for suffix in ("", "-wal", "-shm", "-journal"):
                Path(f"{sqlite_path}{suffix}").unlink(missing_ok=True)
        database_url = f"sqlite:///{sqlite_path}"
    os.environ.update(benchmark_environment(database_url))
    # Building the data runs the services' background tasks in this process, with or without Redis.
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "1"

    warnings.filterwarnings("ignore", message="No directory at")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    return database_url


def server_environment():
    """The environment for a server process: the same settings, secret key and database as this process."""
    return dict(os.environ)
