"""Benchmark of the CSV entry import: 5,000 players into one event through tournaments.services.import_entries.

    .venv/bin/python -m benchmarks.imports [--players 5000] [--repeat 3]

Runs on its own database (see benchmarks/django_env.py: a fresh SQLite file under /tmp, or DATABASE_URL). Times
the first import (every player, club and entry created) and importing the same file again (everything found,
nothing created: the idempotent path), each into a fresh event, and prints the median and worst seconds.
"""

import argparse
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


def time_import(event, text):
    from tournaments.services import import_entries

    start = time.perf_counter()
    summary = import_entries(event, text)
    return time.perf_counter() - start, summary


def run(players, repeat):
    from datetime import date

    from tournaments.models import Event, Tournament

    today = date.today()
    slug = f"import-benchmark-{time.time_ns()}"
    tournament = Tournament.objects.create(name="Import benchmark", slug=slug, start_date=today, end_date=today)
    first, again = [], []
    for n in range(1, repeat + 1):
        # Other players each time, so every first import creates all of them; the same file again finds them all
        # and changes nothing.
        text = entries_csv(players, seed=n)
        event = Event.objects.create(tournament=tournament, name=f"Singles {n}", rule_set="icf")
        seconds, summary = time_import(event, text)
        first.append(seconds)
        print(f"  new players:     {seconds:6.2f} s ({summary})")
        seconds, summary = time_import(event, text)
        again.append(seconds)
        print(f"  same file again: {seconds:6.2f} s ({summary})")
    return first, again


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    database = configure(SQLITE)
    print(f"CSV import of {args.players:,} players ({database.split(':', 1)[0]})")
    first, again = run(args.players, args.repeat)
    print(f"first import (median / max): {statistics.median(first):.2f} / {max(first):.2f} s")
    print(f"same file again (median / max): {statistics.median(again):.2f} / {max(again):.2f} s")


if __name__ == "__main__":
    main()
