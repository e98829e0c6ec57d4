"""A big Swiss event, built quickly for the scale benchmarks (benchmarks/scale.py).

The entry list goes through the real CSV import and every round is paired and published by the real services;
only the results are written in bulk (status, scores, winner, confirmation time: what the standings read), since
recording 5,000 results one by one through the scoring service is what the `record` row times, not what the
benchmark is about. Call `benchmarks.django_env.configure()` before importing this module.
"""

import random
import time
from datetime import date
from unittest import mock

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils import timezone

from benchmarks.load import entries_csv
from core import page_cache
from stages.models import Match, Stage
from stages.services import pair_swiss_round, publish_round
from stages.signals import match_news
from tournaments.models import Event, Tournament, Venue
from tournaments.services import import_entries

OFFICIALS = 30  # umpires of the tournament; a few more users officiate elsewhere


def slug_for(players):
    return f"scale-{players}"


def build_swiss(players, rounds, next_round=False, seed=1, say=print, slug=None):
    """A published tournament with one ECC singles event of `players` entries and a Swiss stage with `rounds`
    rounds played and confirmed; with `next_round`, one more round paired and published, without results. `slug`:
    the tournament's, when not the usual one (another event of the same size in the same database).
    Returns the stage."""
    rng = random.Random(seed)
    start = time.perf_counter()
    today = date.today()
    tournament = Tournament.objects.create(
        name=f"Scale open {players:,}",
        slug=slug or slug_for(players),
        start_date=today,
        end_date=today,
        status=Tournament.Status.PUBLISHED,
    )
    Venue.objects.create(tournament=tournament, tables=min(players // 2, 32000))
    add_officials(tournament)
    event = Event.objects.create(tournament=tournament, name="Open singles", rule_set="ecc")
    import_entries(event, entries_csv(players, rng))
    stage = Stage.objects.create(event=event, order=1, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=rounds + 2)
    say(f"  {players:,} entries imported ({time.perf_counter() - start:.1f} s)")
    # Telling every player of each drawn round is the background news task's work, not the secretary's.
    with mock.patch.object(match_news, "send"):
        for number in range(1, rounds + 1):
            rnd = publish_round(pair_swiss_round(stage, rng=rng))
            play(rnd, rng)
            say(f"  round {number} paired and played ({time.perf_counter() - start:.1f} s)")
        if next_round:
            publish_round(pair_swiss_round(stage, rng=rng))
            say(f"  round {rounds + 1} paired and published ({time.perf_counter() - start:.1f} s)")
    analyse()
    return stage


def analyse():
    """PostgreSQL's statistics of the tables just filled, as autovacuum keeps them on a running server (it may be
    off on a development one): without them the planner takes the 10,000 members of an event for a few dozen and
    joins them row by row (170 ms instead of 30 for the pairing's member query)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def add_officials(tournament):
    users = get_user_model().objects
    tag = tournament.slug
    umpires = [users.create_user(f"{tag}-umpire-{i:02d}") for i in range(OFFICIALS)]
    tournament.umpires.set(umpires)
    tournament.chief_referees.set([users.create_user(f"{tag}-chief")])
    tournament.secretaries.set([users.create_user(f"{tag}-secretary")])
    # Officials of other tournaments, so the officials' queries have rows to leave out.
    for i in range(OFFICIALS):
        users.create_user(f"{tag}-elsewhere-{i:02d}")


@transaction.atomic
def play(rnd, rng):
    """Every match of the round confirmed: ECC, one game to 25, the loser scoring 0-24 (the better-placed side,
    entry A, wins a little more often, as in a real event). One UPDATE statement run for all the rows: Django's
    bulk_update writes CASE expressions that grow with the batch."""
    now = timezone.now()
    rows = []
    for pk, a, b in rnd.matches.exclude(status=Match.Status.BYE).values_list("pk", "entry_a_id", "entry_b_id"):
        loser = rng.randrange(25)
        a_wins = rng.random() < 0.55
        scores = (25, loser, 1, 0) if a_wins else (loser, 25, 0, 1)
        rows.append((*scores, a if a_wins else b, Match.Status.CONFIRMED, now, now, pk))
    with connection.cursor() as cursor:
        cursor.executemany(
            f"UPDATE {Match._meta.db_table} SET score_a = %s, score_b = %s, games_a = %s, games_b = %s, "
            "winner_id = %s, status = %s, finished_at = %s, confirmed_at = %s WHERE id = %s",
            rows,
        )
    page_cache.changed([rnd.stage.event.tournament_id])


def existing_stage(players):
    return Stage.objects.filter(event__tournament__slug=slug_for(players), kind=Stage.Kind.SWISS).first()
