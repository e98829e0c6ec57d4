"""Benchmark of recomputing ratings: a generated history (Swiss singles tournaments using one rating that inherits
from a historical one) recomputed from scratch by ratings.services.recompute_all.

    .venv/bin/python -m benchmarks.ratings [--tournaments 300] [--players 800] [--competitors 32] [--rounds 6]

Runs on its own database (benchmarks/django_env.py). Rows are written with bulk_create, as an import would; then
the recompute is timed twice (the second replaces every rate again). Prints the rates written and the seconds.
"""

import argparse
import datetime
import random
import time

from benchmarks.django_env import configure

SQLITE = "/tmp/carrom-benchmark-ratings.sqlite3"


def build(tournaments, players, competitors, rounds, seed=1):
    from history.ratings.models import EventRating, Rate, Rating
    from stages.models import Match, Round, Stage
    from tournaments.models import Entry, EntryMember, Event, Player, Tournament

    rng = random.Random(seed)
    people = Player.objects.bulk_create(
        Player(first_name=f"P{n}", last_name=f"L{n}", identity=f"p{n}|l{n}|") for n in range(players)
    )
    historical = Rating.objects.create(name="Historical", level=Rating.Level.HISTORICAL)
    Rate.objects.bulk_create(
        Rate(rating=historical, player=p, date=datetime.date(2009, 12, 31), rate=rng.randint(1300, 2200),
             deviation=200, volatility="0.06")
        for p in people[: players // 2]
    )  # fmt: skip
    rating = Rating.objects.create(name="Generated", level=Rating.Level.NATIONAL, inheritance=True)
    days = [datetime.date(2010, 1, 2) + datetime.timedelta(days=7 * n) for n in range(tournaments)]
    made = Tournament.objects.bulk_create(
        Tournament(name=f"T{n}", slug=f"t{n}", start_date=day, end_date=day, status="finished")
        for n, day in enumerate(days)
    )
    events = Event.objects.bulk_create(Event(tournament=t, name="Singles") for t in made)
    EventRating.objects.bulk_create(EventRating(event=e, rating=rating) for e in events)
    stages = Stage.objects.bulk_create(Stage(event=e, name="Swiss", kind="swiss", status="finished") for e in events)
    field = {}
    entries = []
    for event in events:
        field[event.pk] = rng.sample(people, competitors)
        entries += [Entry(event=event, name=p.full_name) for p in field[event.pk]]
    entries = Entry.objects.bulk_create(entries)
    EntryMember.objects.bulk_create(
        EntryMember(entry=entry, player=player, position=1)
        for entry, player in zip(entries, [p for e in events for p in field[e.pk]], strict=True)
    )
    by_event = {}
    for entry in entries:
        by_event.setdefault(entry.event_id, []).append(entry)
    rounds_made = Round.objects.bulk_create(
        Round(stage=stage, number=n, status="published") for stage in stages for n in range(1, rounds + 1)
    )
    matches = []
    for rnd in rounds_made:
        side = by_event[rnd.stage.event_id][:]
        rng.shuffle(side)
        for number in range(len(side) // 2):
            a, b = side[2 * number], side[2 * number + 1]
            score_a, score_b = rng.choice([(25, 0), (0, 25), (13, 13), (rng.randint(0, 25), rng.randint(0, 25))])
            winner = a if score_a > score_b else b if score_b > score_a else None
            matches.append(
                Match(stage=rnd.stage, round=rnd, number=number + 1, entry_a=a, entry_b=b, score_a=score_a,
                      score_b=score_b, winner=winner, status="confirmed")
            )  # fmt: skip
    Match.objects.bulk_create(matches, batch_size=2000)
    return len(matches)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=300)
    parser.add_argument("--players", type=int, default=800)
    parser.add_argument("--competitors", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=6)
    options = parser.parse_args()
    configure(SQLITE)
    from history.ratings.services import recompute_all

    started = time.perf_counter()
    matches = build(options.tournaments, options.players, options.competitors, options.rounds)
    print(f"built {options.tournaments} tournaments, {matches} matches in {time.perf_counter() - started:.1f} s")
    for attempt in ("recompute", "again"):
        started = time.perf_counter()
        written = recompute_all()
        print(f"{attempt}: {written} rates written in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
