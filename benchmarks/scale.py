"""Federation scale: the secretary's buttons, the umpire's result and the public pages at 1,000 and 10,000 players,
on SQLite and on PostgreSQL, each beside its target and the figure measured before the work on scale.

    make benchmark                                        # both databases (PostgreSQL when it answers)
    .venv/bin/python -m benchmarks.scale --databases sqlite --rows pair_1000,record
    .venv/bin/python -m benchmarks.scale --save-baseline  # measure and keep the figures as the "before" column

Each database is measured in a process of its own (Django reads DATABASE_URL once): a fresh SQLite file under
/tmp, or the PostgreSQL database `carrom_scale` (dropped and made again; BENCHMARK_POSTGRES names the server, by
default postgres://postgres@127.0.0.1:5432). The events are built by benchmarks/scale_data.py: 1,000 and 10,000
players, five rounds played. Operations that write run in a transaction rolled back afterwards, so each run meets
the same data. Figures are medians over the runs; the machine's load average is printed with them.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from benchmarks import personal_page

BASELINE = Path(__file__).with_name("scale_baseline.json")
POSTGRES = os.environ.get("BENCHMARK_POSTGRES", "postgres://postgres@127.0.0.1:5432")
PLAYED_ROUNDS = 5
# Where the runs keep their databases and figures; BENCHMARK_SCALE_NAME gives two sessions on one machine their own.
NAME = os.environ.get("BENCHMARK_SCALE_NAME", "carrom-scale")


@dataclass
class Row:
    key: str
    title: str
    target: float
    unit: str  # "s", "ms", "req/s", "× SoL" (our CPU over SoL's: benchmarks/sol_history.py)
    higher_is_better: bool = False

    def shown(self, value):
        if value is None:
            return "-"
        if isinstance(value, dict) and "shown" in value:  # a row that words its own figure (live_round)
            return value["shown"]
        if isinstance(value, dict) and "ours" in value:  # CPU beside SoL's
            if value["sol"] is None:
                return f"{value['ours']:.1f} s CPU; SoL not run"  # why: in the run's output
            return f"{value['ours'] / value['sol']:.2f}× SoL ({value['ours']:.1f}/{value['sol']:.1f} s)"
        if isinstance(value, dict):  # a load figure
            return f"{value['rps']:,.0f} req/s, p95 {value['p95']:.0f} ms"
        if self.unit == "× SoL":  # the target
            return f"{value:.2f}× SoL's CPU"
        if self.unit == "s":
            return f"{value:,.3f} s"
        return f"{value * 1000:.1f} ms" if value < 0.01 else f"{value * 1000:,.0f} ms"

    def met(self, value):
        if value is None:
            return ""
        if isinstance(value, dict) and "met" in value:
            return "met" if value["met"] else "NOT MET"
        if isinstance(value, dict) and "ours" in value:
            if value["sol"] is None:
                return ""
            ok = value["ours"] / value["sol"] <= self.target
        elif isinstance(value, dict):
            ok = value["rps"] >= self.target and value["p95"] <= value.get("p95_target", float("inf"))
        else:
            ok = value <= self.target
        return "met" if ok else "NOT MET"


ROWS = [
    Row("pair_1000", "pair next round, Swiss 1,000", 0.12, "s"),
    Row("pair_10000", "pair next round, Swiss 10,000", 0.3, "s"),
    Row("optimal_10000", "`optimal` pairing 10,000 (engine)", 2.0, "s"),
    Row("record", "record one confirmed result (service)", 0.004, "ms"),
    Row("stage_page", "Swiss stage page, 1,000 players, cache miss", 0.120, "ms"),
    Row("cached_pages", "public pages, cached, 20 clients, 2 workers", 1500, "req/s", higher_is_better=True),
    Row("standings_pdf", "public standings PDF, 1,000 players, miss", 0.300, "ms"),
    Row("standings_pdf_cached", "public standings PDF, cached, 20 clients", 1500, "req/s", higher_is_better=True),
    Row("score_cards", "score cards PDF, one round of 500 matches", 1.5, "s"),
    Row("round_page", "secretary's round page, 500 matches", 0.150, "ms"),
    Row("live_round", "live round, 500 phones: result shown", 2.0, "s"),  # benchmarks/live_round.py
    Row("sol_import", "`import_sol`, the real SoL history", 0.15, "× SoL"),
    Row("recompute_ratings", "`recompute_ratings`, the real SoL history", 0.2, "× SoL"),
    *personal_page.ROWS,  # beside SoL's player page, measured in the same run
]
BY_KEY = {row.key: row for row in ROWS}


# ---------------------------------------------------------------- the parent: one child per database, the table


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--databases", default="sqlite,postgresql")
    parser.add_argument("--rows", default=",".join(BY_KEY), help="which rows, by key: " + ", ".join(BY_KEY))
    parser.add_argument("--repeat", type=int, default=5, help="runs of each operation (the median is shown)")
    parser.add_argument("--duration", type=int, default=10, help="seconds of load for the cached rows")
    parser.add_argument("--save-baseline", action="store_true", help="keep these figures as the 'before' column")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    rows = [BY_KEY[key] for key in args.rows.split(",")]
    if args.child:
        return child(args.child, rows, args.repeat, args.duration)

    figures = {}
    for database in args.databases.split(","):
        if database == "postgresql" and not postgres_answers():
            print(f"PostgreSQL does not answer at {POSTGRES}: its column is left out.", flush=True)
            continue
        figures[database] = run_child(database, args)
    baseline = json.loads(BASELINE.read_text()) if BASELINE.exists() else {}
    if args.save_baseline:
        code = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
        keep = {**baseline, "measured": time.strftime("%Y-%m-%d"), "load": os.getloadavg()[0], "code": code}
        for database, values in figures.items():
            keep.setdefault(database, {}).update({k: v for k, v in values.items() if v is not None})
        BASELINE.write_text(json.dumps(keep, indent=1, sort_keys=True) + "\n")
    print_table(rows, figures, baseline)


def run_child(database, args):
    print(f"{database}: building and measuring (a few minutes)...", flush=True)
    environment = dict(os.environ)
    environment.pop("REDIS_URL", None)  # each process keeps its own cache: the shared Redis is never flushed
    if database == "postgresql":
        environment["DATABASE_URL"] = recreate_postgres_database(NAME.replace("-", "_"))
    else:
        environment.pop("DATABASE_URL", None)
    out = Path(f"/tmp/{NAME}-{database}.json")
    out.unlink(missing_ok=True)
    command = [sys.executable, "-m", "benchmarks.scale", "--child", str(out), "--rows", args.rows]
    command += ["--repeat", str(args.repeat), "--duration", str(args.duration)]
    subprocess.run(command, env=environment, check=True)
    return json.loads(out.read_text())


def print_table(rows, figures, baseline):
    load = os.getloadavg()
    print()
    print(f"Federation scale, medians (load average now {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f})")
    if baseline:
        when, code, load_then = baseline.get("measured", "?"), baseline.get("code", "?"), baseline.get("load", 0)
        print(f"before: measured {when} on commit {code}, load average {load_then:.1f}")
    header = f"{'operation':<46} {'target':>20}"
    for database in figures:
        header += f" {database + ' before':>26} {database + ' now':>26} {'':>8}"
    print(header)
    for row in rows:
        target = f"≥ {row.target:,.0f} req/s" if row.higher_is_better else f"≤ {row.shown(row.target)}"
        line = f"{row.title:<46} {target:>20}"
        for database, values in figures.items():
            before = baseline.get(database, {}).get(row.key)
            now = values.get(row.key)
            line += f" {row.shown(before):>26} {row.shown(now):>26} {row.met(now):>8}"
        print(line)


def postgres_answers():
    try:
        import psycopg

        with psycopg.connect(f"{POSTGRES}/postgres", connect_timeout=2):
            return True
    except Exception:  # noqa: BLE001 (any failure to connect: the column is left out)
        return False


def recreate_postgres_database(name):
    import psycopg

    with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"{POSTGRES}/{name}"


# ---------------------------------------------------------------- the child: build, measure, write JSON


def child(out, rows, repeat, duration):
    from benchmarks.django_env import configure

    configure(sqlite_path=f"/tmp/{NAME}.sqlite3")
    from benchmarks import scale_measures as measures

    wanted = {row.key for row in rows}
    figures = measures.run(wanted, repeat, duration, say=lambda text: print(text, flush=True))
    Path(out).write_text(json.dumps(figures))


def median(values):
    return statistics.median(values) if values else None


if __name__ == "__main__":
    main()
