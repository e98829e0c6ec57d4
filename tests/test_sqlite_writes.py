"""On SQLite, a transaction that reads before it writes (a result confirmed: the match read, then its games saved)
while another process commits (a page stamp, a web process keeping chances) waits for the other instead of failing
with "database is locked" (config/settings.py: transactions begin IMMEDIATE)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import threading, time
import django
django.setup()
from django.db import connection, transaction

with connection.cursor() as cursor:
    cursor.execute("CREATE TABLE counter (n integer)")
    cursor.execute("INSERT INTO counter VALUES (0)")
connection.close()
has_read, failures = threading.Event(), []


def result_confirmed():  # reads, then writes after the other has tried to commit
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT n FROM counter")
            cursor.fetchone()
            has_read.set()
            time.sleep(0.5)
            cursor.execute("UPDATE counter SET n = n + 1")
    except Exception as error:
        failures.append(repr(error))
    finally:
        connection.close()


def page_stamped():
    has_read.wait()
    try:
        with connection.cursor() as cursor:
            cursor.execute("UPDATE counter SET n = n + 10")
    except Exception as error:
        failures.append(repr(error))
    finally:
        connection.close()


threads = [threading.Thread(target=result_confirmed), threading.Thread(target=page_stamped)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
with connection.cursor() as cursor:
    cursor.execute("SELECT n FROM counter")
    print(failures, cursor.fetchone()[0])
"""


def test_a_transaction_that_read_first_waits_for_another_processes_write(tmp_path):
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env.pop("REDIS_URL", None)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="1",
        DATABASE_URL=f"sqlite:///{tmp_path / 'writes.sqlite3'}",
    )
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[]", "11"]
