"""Benchmark of the SoL import: a generated dump of a federation's history (hundreds of Swiss tourneys with their
boards, players, a rating and its rates) imported by sol.importing.import_file, then imported again.

    .venv/bin/python -m benchmarks.sol_import [--tournaments 300] [--players 800] [--competitors 32] [--turns 6]

Runs on its own database (see benchmarks/django_env.py: a fresh SQLite file under /tmp, or DATABASE_URL). Prints
the dump's size (YAML, about 5 MB by default), the seconds to read it alone, to import it and to import it again
(everything found: played tourneys kept). Target: the first import under a minute.
"""

import argparse
import datetime
import random
import time

from benchmarks.django_env import configure

SQLITE = "/tmp/carrom-benchmark-sol.sqlite3"
FIRST = ["Ann", "Bob", "Cid", "Dan", "Eva", "Fay", "Gus", "Ida", "Jan", "Kai", "Lea", "Max", "Noa", "Oli", "Pia"]
LAST = ["Arno", "Berti", "Conti", "Dotti", "Enna", "Fumi", "Galli", "Hofer", "Ianni", "Jung", "Kranz", "Lodi"]


def generate(tournaments, players, competitors, turns, seed=1):
    """SoL's documents for a generated history (see tests/sol/shapes.py for the small hand-checked one)."""
    rng = random.Random(seed)
    head = {
        "users": [],
        "clubs": [{"guid": f"c{n:031x}", "description": f"Club {n}", "nationality": "ITA"} for n in range(1, 21)],
        "players": [
            {
                "guid": f"p{n:031x}",
                "firstname": rng.choice(FIRST),
                "lastname": f"{rng.choice(LAST)} {n}",
                "sex": rng.choice("MF"),
                "nationality": "ITA",
                "club": rng.randint(1, 20),
                "birthdate": datetime.date(1950, 1, 1) + datetime.timedelta(days=rng.randrange(20000)),
            }
            for n in range(1, players + 1)
        ],
        "ratings": [{"guid": "r" * 32, "description": "Generated rating", "level": "2", "outcomes": "guido"}],
        "rates": [
            {
                "rating": 1,
                "player": n,
                "date": datetime.date(2010, 1, 1),
                "rate": rng.randint(1200, 2200),
                "deviation": 200,
                "volatility": "0.06",
            }
            for n in range(1, players + 1)
        ],  # fmt: skip
        "championships": [
            {"guid": f"h{n:031x}", "club": n, "description": f"Championship {n}", "prizes": "fixed"}
            for n in range(1, 11)
        ],
    }
    return [head, *(tourney(rng, number, players, competitors, turns) for number in range(1, tournaments + 1))]


def tourney(rng, number, players, competitors, turns):
    people = rng.sample(range(1, players + 1), competitors)
    matches = []
    for turn in range(1, turns + 1):
        order = list(range(1, competitors + 1))
        rng.shuffle(order)
        for board in range(competitors // 2):
            winner, loser = rng.randint(1, 25), rng.randint(0, 24)
            # SoL keeps boards only where they were entered: about one match in two here
            boards = [{"number": n, "coins1": rng.randint(1, 9)} for n in range(1, rng.choice((1, 1, 2, 4, 6)))]
            matches.append(
                {"competitor1": order[2 * board], "competitor2": order[2 * board + 1], "turn": turn,
                 "board": board + 1, "score1": max(winner, loser + 1), "score2": loser, "boards": boards}
            )  # fmt: skip
    return {
        "guid": f"t{number:031x}",
        "championship": 1 + number % 10,
        "description": f"Tourney {number}",
        "date": datetime.date(2010, 1, 1) + datetime.timedelta(days=7 * number),
        "currentturn": turns,
        "rankedturn": turns,
        "prized": True,
        "system": "swiss",
        "phantomscore": 25,
        "rating": 1,
        "competitors": [
            {"players": [p], "points": 0, "bucholz": 0, "netscore": 0, "totscore": 0, "prize": str(max(18 - i, 0))}
            for i, p in enumerate(people)
        ],
        "matches": matches,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tournaments", type=int, default=300)
    parser.add_argument("--players", type=int, default=800)
    parser.add_argument("--competitors", type=int, default=32)
    parser.add_argument("--turns", type=int, default=6)
    options = parser.parse_args()
    configure(SQLITE)
    import yaml

    from history.sol.importing import import_file
    from history.sol.reading import read

    documents = generate(options.tournaments, options.players, options.competitors, options.turns)
    data = yaml.dump_all(documents, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper)).encode()
    print(f"dump: {len(data) / 1e6:.1f} MB, {options.tournaments} tourneys, {options.players} players", flush=True)
    start, cpu = time.perf_counter(), time.process_time()
    read(data)
    print(f"read alone: {time.perf_counter() - start:.1f} s ({time.process_time() - cpu:.1f} s of CPU)", flush=True)
    for attempt in ("first import", "import again"):
        start, cpu = time.perf_counter(), time.process_time()
        summary = import_file(data)
        print(
            f"{attempt}: {time.perf_counter() - start:.1f} s ({time.process_time() - cpu:.1f} s of CPU; "
            f"{len(summary.tournaments)} imported, {summary.skipped} kept)"
        )


if __name__ == "__main__":
    main()
