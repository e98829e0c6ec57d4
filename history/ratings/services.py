"""Recomputing ratings: the database read into periods (ratings.periods), and the rates written back."""

import bisect
from collections import defaultdict
from datetime import date

from django.db import transaction
from django.utils import timezone

from core import page_cache
from core.bulk import insert_rows, prepared
from history.ratings.glicko import System, Value
from history.ratings.models import EventRating, Rate, Rating
from history.ratings.periods import Parameters, Period, compute
from history.ratings.signals import prize_ranking
from stages.models import DECIDED, Match, Stage
from stages.placings import event_stage_placings
from tournaments.models import Event

# SoL keeps the rates of a rating without inheritance dated up to here when it recomputes one from scratch: a
# historical rate with no tournament behind it.
HISTORICAL_UNTIL = date(1900, 12, 31)


def recompute_all():
    """Every rating from scratch, lowest level number first: a rating inheriting from a lower level starts its
    players from that level's new rates. Returns the number of rates written."""
    return sum(recompute(rating) for rating in Rating.objects.order_by("level", "pk"))


@transaction.atomic
def recompute(rating):
    """One rating from scratch (see ratings.periods); returns the number of rates written. A historical rating
    (level 0), and a rating no event uses, keep the rates they have."""
    rating = Rating.objects.select_for_update().get(pk=rating.pk)
    links = EventRating.objects.filter(rating=rating)
    if rating.level == Rating.Level.HISTORICAL or not links.exists():
        return 0
    kept = rating.rates.all()
    if not rating.inheritance:
        kept = kept.exclude(date__lte=HISTORICAL_UNTIL)
    # One DELETE: Django's delete() loads every rate to send its pre_delete (core.page_cache watches rates), and
    # the pages of this rating's tournaments are marked changed below anyway.
    kept._raw_delete(kept.db)
    events = list(counted_events(rating))
    matches = matches_of(events)
    periods = [period_of(event, matches[event.pk]) for event in events]
    parameters = Parameters(system_of(rating), rating.outcomes, rating.lower_rate, rating.higher_rate)
    rates = compute(parameters, [period for period in periods if period.matches], StartingRates(rating))
    # Plain rows (core.bulk): a federation's history is thousands of rates, each an instance to build otherwise.
    insert_rows(
        Rate,
        ("rating", "player", "date", "rate", "deviation", "volatility"),
        [
            (
                rating.pk,
                player,
                prepared(Rate, "date", day),
                r.rate,
                r.deviation,
                prepared(Rate, "volatility", r.volatility),
            )
            for (player, day), r in rates.items()
        ],
    )
    rating.recomputed_at = timezone.now()
    rating.save(update_fields=["recomputed_at"])
    page_cache.changed(links.values_list("event__tournament_id", flat=True))  # bulk writes send no signals
    return len(rates)


def system_of(rating):
    return System(
        tau=float(rating.tau),
        rate=rating.default_rate,
        deviation=rating.default_deviation,
        volatility=float(rating.default_volatility),
    )


def counted_events(rating):
    """The events whose tournaments update the rating, in date order: singles events using it whose Swiss stage
    is finished (SoL counts "prized" Swiss singles tournaments). Same-day tournaments in the order they were
    entered."""
    finished_swiss = Stage.objects.filter(kind=Stage.Kind.SWISS, status=Stage.Status.FINISHED)
    return (
        Event.objects.filter(event_rating__rating=rating, kind=Event.Kind.SINGLES, stages__in=finished_swiss)
        .distinct()
        .select_related("tournament")
        .order_by("tournament__start_date", "tournament_id", "pk")
    )


# What the recompute reads of a match, as plain rows: the real SoL history's 34,457 matches cost more to build as
# instances than to rate.
MATCH_FIELDS = ("stage__kind", "stage__bye_score_for", "status", "result_withheld", "entry_a", "entry_b")
MATCH_FIELDS += ("score_a", "score_b")


def matches_of(events):
    """{event id: its matches as rows of MATCH_FIELDS, by stage order and round}: one query for all of them (one
    per event went through every match of the database each time, SQLite's plan being the index of rubbers)."""
    found = defaultdict(list)
    rows = Match.objects.filter(stage__event__in=[event.pk for event in events])
    rows = rows.order_by("stage__event", "stage__order", "round__number", "pk")
    for event, *row in rows.values_list("stage__event", *MATCH_FIELDS):
        found[event].append(tuple(row))
    return found


def period_of(event, matches):
    """The event's tournament as one rating period: the decided matches of its Swiss stages between two real
    players (no bye, no named phantom; finals are another stage), and its final ranking: by prize place once
    prized, else by placings. `matches`: the event's, rows of MATCH_FIELDS (matches_of)."""
    players = dict(
        event.entries.filter(members__position=1).values_list("pk", "members__player_id")
    )  # singles: one member per entry
    phantoms = phantom_entries(event, matches)
    counted = []
    for kind, _bye_score, status, withheld, entry_a, entry_b, score_a, score_b in matches:
        # Match.is_decided, on the row
        if kind != Stage.Kind.SWISS or status not in DECIDED or withheld or entry_a is None or entry_b is None:
            continue
        if score_a is None or score_b is None or entry_a in phantoms or entry_b in phantoms:
            continue
        counted.append((players[entry_a], players[entry_b], score_a, score_b))

    def ranking():
        # A prized event ranks as its prizes were given (SoL's tourney ranking puts the prize first): the prizes
        # of an imported tourney need not follow its standings.
        ranked = prize_ranking(event) or [placing.entry.pk for placing in event_stage_placings(event)]
        return [None if entry in phantoms else players.get(entry) for entry in ranked]

    return Period(event.tournament.start_date, counted, ranking)


def phantom_entries(event, matches):
    """Entries that stand for the phantom under a player's name (SoL's "named phantom"): every match they have
    lost with 0 points against exactly the bye's score, or no match at all. `matches`: rows of MATCH_FIELDS."""
    phantom_score = next((bye_score for kind, bye_score, *_ in matches if kind == Stage.Kind.SWISS), None)
    lost_as_phantom = defaultdict(lambda: True)
    for *_, entry_a, entry_b, score_a, score_b in matches:
        for entry, own, other in ((entry_a, score_a, score_b), (entry_b, score_b, score_a)):
            if entry is None:
                continue
            lost_as_phantom[entry] = lost_as_phantom[entry] and own == 0 and other == phantom_score
    entries = set(event.entries.values_list("pk", flat=True))
    return {entry for entry in entries if lost_as_phantom[entry]}


class StartingRates:
    """A player's newest stored rate strictly before a date: in the rating itself, and with inheritance in every
    rating of a lower level number too; on a same-day tie, the rating created first."""

    def __init__(self, rating):
        ratings = Rating.objects.filter(pk=rating.pk)
        if rating.inheritance and rating.level != Rating.Level.HISTORICAL:
            ratings = Rating.objects.filter(level__lt=rating.level) | ratings
        self.dates = defaultdict(list)
        self.values = defaultdict(list)
        rows = Rate.objects.filter(rating__in=ratings).order_by("player_id", "date", "-rating_id")
        for player, day, rate, deviation, volatility in rows.values_list(
            "player_id", "date", "rate", "deviation", "volatility"
        ):
            self.dates[player].append(day)
            self.values[player].append((rate, deviation, volatility))

    def __call__(self, player, before):
        at = bisect.bisect_left(self.dates[player], before)
        if not at:
            return None
        rate, deviation, volatility = self.values[player][at - 1]
        return Value(rate, deviation, volatility)
