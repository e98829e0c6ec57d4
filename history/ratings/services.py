"""Recomputing ratings: the database read into periods (ratings.periods), and the rates written back."""

import bisect
from collections import defaultdict
from datetime import date

from django.db import transaction
from django.utils import timezone

from core import page_cache
from history.ratings.glicko import System, Value
from history.ratings.models import EventRating, Rate, Rating
from history.ratings.periods import Parameters, Period, compute
from history.ratings.signals import prize_ranking
from stages.models import Match, Stage
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
    kept.delete()
    periods = [period_of(event) for event in counted_events(rating)]
    parameters = Parameters(system_of(rating), rating.outcomes, rating.lower_rate, rating.higher_rate)
    rates = compute(parameters, [period for period in periods if period.matches], StartingRates(rating))
    Rate.objects.bulk_create(
        Rate(rating=rating, player_id=player, date=day, rate=r.rate, deviation=r.deviation, volatility=r.volatility)
        for (player, day), r in rates.items()
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


def period_of(event):
    """The event's tournament as one rating period: the decided matches of its Swiss stages between two real
    players (no bye, no named phantom; finals are another stage), and its final ranking: by prize place once
    prized, else by placings."""
    matches = list(
        Match.objects.filter(stage__event=event).select_related("stage").order_by("stage__order", "round__number")
    )
    players = dict(
        event.entries.filter(members__position=1).values_list("pk", "members__player_id")
    )  # singles: one member per entry
    phantoms = phantom_entries(event, matches)
    counted = []
    for match in matches:
        sides = (match.entry_a_id, match.entry_b_id)
        if match.stage.kind != Stage.Kind.SWISS or not match.is_decided or None in sides:
            continue
        if match.score_a is None or match.score_b is None or phantoms.intersection(sides):
            continue
        counted.append((players[match.entry_a_id], players[match.entry_b_id], match.score_a, match.score_b))

    def ranking():
        # A prized event ranks as its prizes were given (SoL's tourney ranking puts the prize first): the prizes
        # of an imported tourney need not follow its standings.
        ranked = prize_ranking(event) or [placing.entry.pk for placing in event_stage_placings(event)]
        return [None if entry in phantoms else players.get(entry) for entry in ranked]

    return Period(event.tournament.start_date, counted, ranking)


def phantom_entries(event, matches):
    """Entries that stand for the phantom under a player's name (SoL's "named phantom"): every match they have
    lost with 0 points against exactly the bye's score, or no match at all."""
    swiss = next((m.stage for m in matches if m.stage.kind == Stage.Kind.SWISS), None)
    phantom_score = swiss.bye_score_for if swiss else None
    lost_as_phantom = defaultdict(lambda: True)
    for match in matches:
        for own, other, entry in (("a", "b", match.entry_a_id), ("b", "a", match.entry_b_id)):
            if entry is None:
                continue
            looks_so = getattr(match, f"score_{own}") == 0 and getattr(match, f"score_{other}") == phantom_score
            lost_as_phantom[entry] = lost_as_phantom[entry] and looks_so
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
