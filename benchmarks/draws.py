"""Benchmark of the Swiss pairing methods and the standings.

    .venv/bin/python -m benchmarks.draws [--sizes 100,500,1000,2000] [--methods dazed,optimal] [--rounds 10]

For each method and size, simulates a Swiss event of ``--rounds`` rounds (random results, the better-rated player
more likely to win, the standings recomputed between rounds) and prints the median and maximum seconds per round
for pairing, and the same for the standings.
"""

import argparse
import random
import statistics
import time

from stages.draws.standings import MatchResult, swiss_standings
from stages.draws.swiss import METHODS, Competitor, pair_round

COUNTRIES = ["DE", "FR", "PL", "CZ", "IT", "CH", "NL", "GB", "AT", "BE"]


def simulate(n, method, rounds, seed=1):
    rng = random.Random(seed)
    people = [
        {
            "id": i,
            "name": f"Player {i:05d}",
            "rating": rng.randint(1000, 2400),
            "country": rng.choice(COUNTRIES),
            "club": f"Club {rng.randrange(n // 8 + 1)}",
        }
        for i in range(n)
    ]
    info = {p["id"]: p for p in people}
    matches, played, byes = [], [], []
    pair_times, standing_times = [], []
    for round_no in range(1, rounds + 1):
        start = time.perf_counter()
        table = swiss_standings(people, matches)
        standing_times.append(time.perf_counter() - start)
        competitors = [
            Competitor(
                s.id,
                s.name,
                s.points,
                s.buchholz,
                s.net_score,
                s.total_score,
                info[s.id]["rating"],
                info[s.id]["country"],
                info[s.id]["club"],
            )
            for s in table
        ]
        start = time.perf_counter()
        pairing = pair_round(competitors, played, byes, method=method, round_no=round_no, rng=rng)
        pair_times.append(time.perf_counter() - start)
        for a, b in pairing.pairs:
            ra, rb = info[a]["rating"], info[b]["rating"]
            a_wins = rng.random() < 1 / (1 + 10 ** ((rb - ra) / 400))
            loser_score = rng.randrange(0, 25)
            matches.append(MatchResult(a, b, 25, loser_score) if a_wins else MatchResult(a, b, loser_score, 25))
            played.append((a, b))
        if pairing.bye is not None:
            matches.append(MatchResult(pairing.bye, None, *pairing.bye_score))
            byes.append(pairing.bye)
    return pair_times, standing_times


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="100,500,1000,2000")
    parser.add_argument("--methods", default=",".join(METHODS))
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args(argv)
    sizes = [int(x) for x in args.sizes.split(",")]
    methods = args.methods.split(",")

    print(f"Swiss pairing, seconds per round over {args.rounds} simulated rounds (median / max)")
    print(f"{'method':<12}" + "".join(f"{n:>20,}" for n in sizes))
    standings_by_size = {}
    for method in methods:
        cells = []
        for n in sizes:
            pair_times, standing_times = simulate(n, method, args.rounds)
            standings_by_size.setdefault(n, []).extend(standing_times)
            cells.append(f"{statistics.median(pair_times):.3f} / {max(pair_times):.3f}")
        print(f"{method:<12}" + "".join(f"{c:>20}" for c in cells))
    cells = [f"{statistics.median(t):.3f} / {max(t):.3f}" for t in standings_by_size.values()]
    print(f"{'standings':<12}" + "".join(f"{c:>20}" for c in cells))


if __name__ == "__main__":
    main()
