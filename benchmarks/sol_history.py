"""`make benchmark`'s rows for the real SoL history: SoL 5.26's own test backup (2018-07-10.zip: 499 tourneys,
2,121 players, 34,457 matches) imported as `import_sol` does (sol.importing.import_file), then every rating
recomputed as `recompute_ratings` does (ratings.services.recompute_all), each in CPU seconds beside SoL's own on
the same file, measured in the same run.

Ours: the median over up to 3 runs, each in a transaction rolled back afterwards; the CPU is this process's plus,
on PostgreSQL, the server process's that answered it (read from /proc when the server runs on this machine).
SoL's: one run of SoL 5.26 in a virtualenv outside the repository (SOL_PYTHON, by default the one of
benchmarks/sol_player_page.py, made by `python -m benchmarks.sol_player_page --install`),
on a SQLite file of its own under /tmp: its restore of the backup (without the rating recompute a restore ends
with, timed apart), then every rating recomputed from scratch, lowest level first. Without that virtualenv the
rows give our figure alone and say so. The backup comes from SoL's sdist, as the tests fetch it
(tests/history/sol/real_history.py).

    .venv/bin/python -m benchmarks.sol_history [--repeat 3]       # the two rows alone, on a SQLite file of its own
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/carrom_sol_history .venv/bin/python -m benchmarks.sol_history
"""

import argparse
import json
import math
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from benchmarks import sol_player_page
from benchmarks.load_clients import server_cpu_seconds

SOL_PYTHON = Path(os.environ.get("SOL_PYTHON", sol_player_page.sol_python()))
KEYS = ("sol_import", "recompute_ratings")
RUNS = 3

# Run by SoL's own Python (argv: the backup, a SQLite file): prints its CPU seconds as JSON.
SOL_SCRIPT = """
import json, sys, time
from io import BytesIO
from metapensiero.sqlalchemy.proxy.json import register_json_decoder_encoder
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session
from sol.models import Base, Rating
from sol.models.bio import restore
from sol.views import json_decode, json_encode

register_json_decoder_encoder(json_decode, json_encode)
engine = create_engine("sqlite:///" + sys.argv[2])
Base.metadata.create_all(engine)
content = open(sys.argv[1], "rb").read()
within = [0.0]
recompute = Rating.recompute

def timed_recompute(self, *args, **kwargs):
    start = time.process_time()
    try:
        return recompute(self, *args, **kwargs)
    finally:
        within[0] += time.process_time() - start

Rating.recompute = timed_recompute
with Session(engine) as session:
    start = time.process_time()
    restore(session, content=BytesIO(content))
    session.commit()
    restored = time.process_time() - start
Rating.recompute = recompute
with Session(engine) as session:
    start = time.process_time()
    for rating in session.scalars(select(Rating).order_by(Rating.level, Rating.idrating)).unique():
        rating.recompute(scratch=True)
        session.flush()
    session.commit()
    recomputed = time.process_time() - start
print(json.dumps({"sol_import": restored - within[0], "restore": restored, "recompute_ratings": recomputed}))
"""


class RolledBack(Exception):
    pass


def run(wanted, repeat, say):
    """{key: {"ours": CPU seconds, "sol": SoL's CPU seconds or None, "why": why None}} for the wanted keys."""
    from django.db import transaction

    from history.ratings.services import recompute_all
    from history.sol.importing import import_file
    from tests.history.sol.real_history import sol_history_zip

    try:
        backup = sol_history_zip()
    except pytest.skip.Exception as reason:
        say(f"  the real SoL history cannot be had: {reason}")
        return {}
    ours = {key: [] for key in KEYS}
    for _ in range(max(1, min(repeat, RUNS))):
        try:
            with transaction.atomic():
                ours["sol_import"].append(cpu_of(lambda: committed(lambda: import_file(backup, "2018-07-10.zip"))))
                ours["recompute_ratings"].append(cpu_of(recompute_all))
                raise RolledBack
        except RolledBack:
            pass
        imported, recomputed = ours["sol_import"][-1], ours["recompute_ratings"][-1]
        say(f"  real SoL history, CPU: import {imported:.1f} s, recompute {recomputed:.1f} s")
    sol, why = sol_figures(backup, say)
    if why:
        say(f"  {why}")
    figures = {}
    for key in KEYS:
        if key in wanted:
            figure = {"ours": statistics.median(ours[key]), "sol": sol.get(key), "why": why}
            figures[key] = figure
    return figures


def committed(operation):
    """Run `operation` and the checks its commit would run: PostgreSQL checks the foreign keys Django declares
    deferred at commit (0.8 s of its CPU for the real history), and SoL's figure includes its own commit, so a run
    rolled back afterwards must pay them too. SQLite checks them as the rows go in."""
    from django.db import connection

    operation()
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")


def cpu_of(operation):
    """CPU seconds of `operation`: this process's, and the database server's for this connection when it runs on
    this machine (PostgreSQL)."""
    server = server_cpu()
    start = time.process_time()
    operation()
    spent = time.process_time() - start
    if server is not None:
        spent += server_cpu() - server
    return spent


def server_cpu():
    from django.db import connection

    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    seconds = server_cpu_seconds(pid)
    return None if math.isnan(seconds) else seconds  # NaN: a server on another machine, our process's CPU alone


def sol_figures(backup, say):
    """SoL's CPU seconds ({key: seconds}) and, when it cannot be run, why ({}, reason)."""
    if not SOL_PYTHON.exists():
        return {}, f"SoL not run: no {SOL_PYTHON}"
    with tempfile.TemporaryDirectory(prefix="carrom-sol-bench-") as folder:
        folder = Path(folder)
        (folder / "history.zip").write_bytes(backup)
        (folder / "sol_cpu.py").write_text(SOL_SCRIPT)
        done = subprocess.run(
            [SOL_PYTHON, folder / "sol_cpu.py", folder / "history.zip", folder / "sol.sqlite"],
            capture_output=True, text=True, timeout=1800,
        )  # fmt: skip
    if done.returncode:
        return {}, "SoL not run: " + (done.stderr.strip().splitlines() or ["it failed"])[-1][:80]
    sol = json.loads(done.stdout.strip().splitlines()[-1])
    say(
        f"  SoL 5.26: restore {sol['restore']:.1f} s of CPU, of which its ratings "
        f"{sol['restore'] - sol['sol_import']:.1f} s; recompute {sol['recompute_ratings']:.1f} s"
    )
    return sol, ""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=RUNS, help="runs of ours (the median is shown)")
    options = parser.parse_args()
    from benchmarks.django_env import configure
    from benchmarks.scale import BY_KEY

    configure(sqlite_path="/tmp/carrom-sol-history.sqlite3")
    from django.db import connection

    figures = run(set(KEYS), options.repeat, say=lambda text: print(text, flush=True))
    load = os.getloadavg()
    print(f"{connection.vendor}, load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
    for key, figure in figures.items():
        row = BY_KEY[key]
        print(f"{row.title:<46} ≤ {row.shown(row.target)} {row.shown(figure):>26} {row.met(figure):>8}")


if __name__ == "__main__":
    main()
