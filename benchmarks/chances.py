"""Benchmark of a Swiss stage's chances (stages.draws.chances): the estimate a player's personal page shows.

    .venv/bin/python -m benchmarks.chances [--players 64] [--played 2] [--left 3] [--runs 1000] [--methods dazed]

Plays ``--played`` rounds of a Swiss stage of ``--players`` rated entries (the stage's own pairing, the better-rated
side more likely to win), then times the estimate of the ``--left`` rounds still to play, ``--runs`` simulated
endings, for each pairing method: the median of ``--repeat`` runs, in seconds and per simulated ending. A page may
spend about 200 ms; above that the estimate is worked out in a Celery task once per state of the stage and kept
(players.chances), which is what the personal page does.
"""

import argparse
import random
import statistics
import time

from stages.draws.chances import RUNS, Entrant, swiss_chances
from stages.draws.standings import MatchResult, swiss_standings
from stages.draws.swiss import Competitor, pair_round

PAGE_BUDGET = 0.2  # seconds a personal page may spend on it


def stage_after(players, played, seed=1):
    """Entrants and the results of `played` rounds, paired by the Swiss engine."""
    rng = random.Random(seed)
    entrants = [Entrant(i, f"Player {i:03d}", rating=rng.randint(1200, 2100)) for i in range(players)]
    rating = {e.id: e.rating for e in entrants}
    results, met = [], []
    for round_no in range(1, played + 1):
        table = swiss_standings([{"id": e.id, "name": e.name} for e in entrants], results)
        competitors = [Competitor(r.id, r.name, r.points, r.buchholz, r.net_score, r.total_score) for r in table]
        pairing = pair_round(competitors, met, round_no=round_no, rng=rng)
        for a, b in pairing.pairs:
            a_wins = rng.random() < 1 / (1 + 10 ** ((rating[b] - rating[a]) / 400))
            loser = rng.randrange(0, 25)
            results.append(MatchResult(a, b, 25, loser) if a_wins else MatchResult(a, b, loser, 25))
            met.append((a, b))
        if pairing.bye is not None:
            results.append(MatchResult(pairing.bye, None, 25, 0))
            met.append((pairing.bye, None))
    return entrants, results


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--played", type=int, default=2)
    parser.add_argument("--left", type=int, default=3)
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--qualifiers", type=int, default=8)
    parser.add_argument("--methods", default="dazed,optimal")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    entrants, results = stage_after(args.players, args.played)
    print(
        f"Swiss chances: {args.players} players, {args.played} rounds played, {args.left} left, "
        f"{args.runs:,} simulated endings (median of {args.repeat})"
    )
    print(f"{'method':<10}{'seconds':>10}{'ms / ending':>14}   within {PAGE_BUDGET * 1000:.0f} ms of a page?")
    for method in args.methods.split(","):
        times = []
        for seed in range(args.repeat):
            start = time.perf_counter()
            swiss_chances(
                entrants,
                results,
                args.left,
                args.qualifiers,
                runs=args.runs,
                seed=seed,
                next_round=args.played + 1,
                method=method,
                draw_rate=0.05,
            )
            times.append(time.perf_counter() - start)
        median = statistics.median(times)
        verdict = "yes" if median <= PAGE_BUDGET else "no: a Celery task, kept per state"
        print(f"{method:<10}{median:>10.3f}{median / args.runs * 1000:>14.3f}   {verdict}")


if __name__ == "__main__":
    main()
