"""Benchmark of the entry import: 20,000 players into one event through tournaments.services.import_entries, from
a CSV file and from an Excel workbook.

    .venv/bin/python -m benchmarks.imports [--players 20000] [--repeat 3] [--formats csv,xlsx]

Runs on its own database (see benchmarks/django_env.py: a fresh SQLite file under /tmp, or DATABASE_URL). For each
format, times reading the file into rows alone, the first import (the file's bytes as uploaded: read, checked, every
player, club and entry created) and importing the same file again (everything found, nothing created: the
idempotent path), each into a fresh event, and prints the median and worst seconds. Target: under 10 s for 20,000.
"""

import argparse
import io
import random
import statistics
import time

from benchmarks.django_env import configure

# Not the load benchmark's file (benchmarks.load --reuse keeps that one).
SQLITE = "/tmp/carrom-benchmark-imports.sqlite3"

COUNTRIES = ["IND", "FRA", "GER", "POL", "ITA", "CZE", "SUI", "NED", "GBR", "BEL", "USA", "SRI"]


def entries_csv(count, seed=1):
    """A singles entry list of `count` invented players: 12 countries, count/8 clubs, ratings, 32 seeds. Another
    `seed` gives other players and clubs."""
    rng = random.Random(seed)
    lines = ["first_name,last_name,sex,date_of_birth,country,club,rating,seed"]
    for i in range(count):
        country = COUNTRIES[i % len(COUNTRIES)]
        club = f"Club {seed}-{rng.randrange(count // 8 + 1)} {country}"
        born = f"{rng.randint(1950, 2010)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        seed_column = str(i + 1) if i < 32 else ""
        rating = rng.randint(900, 2400)
        lines.append(f"Player,Number {seed}-{i:05d},{'MF'[i % 2]},{born},{country},{club},{rating},{seed_column}")
    return "\n".join(lines) + "\n"


def entries_xlsx(text):
    """The same list as an Excel workbook, as a spreadsheet program saves it: numbers as numbers, dates as dates."""
    from datetime import date

    import openpyxl

    workbook = openpyxl.Workbook(write_only=True)
    sheet = workbook.create_sheet("Entries")
    lines = text.splitlines()
    sheet.append(lines[0].split(","))
    for line in lines[1:]:
        first, last, sex, born, country, club, rating, seed = line.split(",")
        sheet.append(
            [first, last, sex, date.fromisoformat(born), country, club, int(rating), int(seed) if seed else None]
        )
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def file_of(text, file_format):
    return entries_xlsx(text) if file_format == "xlsx" else text.encode("utf-8")


def timed(function, *args, **kwargs):
    """Wall-clock and CPU seconds, and the answer. The CPU seconds are this process's (SQLite runs in it): on a shared,
    busy machine they say what the work costs, where the wall clock counts the waiting for a core too."""
    start, cpu = time.perf_counter(), time.process_time()
    answer = function(*args, **kwargs)
    return (time.perf_counter() - start, time.process_time() - cpu), answer


def run(players, repeat, file_format):
    from datetime import date

    from tournaments.importing import file_rows
    from tournaments.models import Event, Tournament
    from tournaments.services import import_entries

    today = date.today()
    slug = f"import-benchmark-{time.time_ns()}"
    tournament = Tournament.objects.create(name="Import benchmark", slug=slug, start_date=today, end_date=today)
    reading, first, again = [], [], []
    for n in range(1, repeat + 1):
        # Other players each time, so every first import creates all of them; the same file again finds them all
        # and changes nothing.
        data = file_of(entries_csv(players, seed=f"{file_format}{n}"), file_format)
        (seconds, cpu), rows = timed(file_rows, data)
        reading.append(seconds)
        print(f"  reading alone:   {seconds:6.2f} s (CPU {cpu:5.2f} s; {len(data) / 1e6:.1f} MB, {len(rows):,} rows)")
        event = Event.objects.create(tournament=tournament, name=f"Singles {file_format} {n}", rule_set="icf")
        (seconds, cpu), summary = timed(import_entries, event, data)
        first.append(seconds)
        print(f"  new players:     {seconds:6.2f} s (CPU {cpu:5.2f} s; {summary})")
        (seconds, cpu), summary = timed(import_entries, event, data)
        again.append(seconds)
        print(f"  same file again: {seconds:6.2f} s (CPU {cpu:5.2f} s; {summary})")
    return reading, first, again


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--formats", default="csv,xlsx", help="comma-separated: csv, xlsx")
    args = parser.parse_args(argv)
    database = configure(SQLITE)
    results = {}
    for file_format in args.formats.split(","):
        print(f"{file_format.upper()} import of {args.players:,} players ({database.split(':', 1)[0]})")
        results[file_format] = run(args.players, args.repeat, file_format)
    print(f"{'seconds (median / max)':<24}{'reading':>16}{'first import':>16}{'same file again':>18}")
    for file_format, series in results.items():
        cells = "".join(f"{statistics.median(s):>9.2f} / {max(s):<5.2f}" for s in series)
        print(f"{file_format:<24}{cells}")


if __name__ == "__main__":
    main()
