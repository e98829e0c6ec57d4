"""What the stages floor reads as a player's rating in an event that uses a rating (stages.signals.
member_rating_asked): the newest rate before the tournament's first day, in the event's rating or, when it
inherits, in a rating of a lower level number (the starting rate of ratings.services.StartingRates)."""

from django.db import transaction
from django.db.models import F, OuterRef, Q, Subquery

from history.ratings.models import EventRating, Rate, Rating
from history.ratings.tasks import recompute_rating


def member_rate():
    """A query expression over entry members: the rate their event's rating gave the player before the event."""
    event = OuterRef("entry__event_id")
    inherited_below = Subquery(
        EventRating.objects.filter(event=OuterRef(event), rating__inheritance=True)
        .exclude(rating__level=Rating.Level.HISTORICAL)
        .values("rating__level")[:1]
    )
    rates = Rate.objects.filter(
        Q(rating__event_ratings__event=event) | Q(rating__level__lt=inherited_below),
        player=OuterRef("player_id"),
        date__lt=OuterRef("entry__event__tournament__start_date"),
    )
    return Subquery(rates.order_by("-date", "rating_id").values("rate")[:1])


def events_member_rate(events):
    """member_rate for the members of `events` (event ids): None when none of them uses a rating, so that members
    are read without a subquery each (a 10,000-player Swiss round asked 10,000 of them); for one event, the rates
    are looked for in a fixed list of ratings before a fixed date, which the index on a player's rates by date
    answers for each member (member_rate works the ratings and the date out again for each)."""
    links = list(
        EventRating.objects.filter(event_id__in=events).values_list(
            "rating_id", "rating__level", "rating__inheritance", "event__tournament__start_date"
        )
    )
    if not links:
        return None
    if len(links) > 1 or len(events) > 1:
        return member_rate()
    ((rating_id, level, inheritance, start),) = links
    ratings = [rating_id]
    if inheritance and level != Rating.Level.HISTORICAL:
        ratings += Rating.objects.filter(level__lt=level).values_list("pk", flat=True)
    rates = Rate.objects.filter(rating_id__in=ratings, player=OuterRef("player_id"), date__lt=start)
    return Subquery(rates.order_by("-date", "rating_id").values("rate")[:1])


def answer_member_rating(sender, events=None, **kwargs):
    return member_rate() if events is None else events_member_rate(events)


def recompute_after_swiss(sender, stage, **kwargs):
    """A finished Swiss stage of an event using a rating: the rating is recomputed once the stage is committed."""
    if stage.kind != stage.Kind.SWISS:
        return
    link = EventRating.objects.filter(event_id=stage.event_id).values_list("rating_id", flat=True).first()
    if link is not None:
        transaction.on_commit(lambda: recompute_rating.delay(link))


def move_rates(sender, kept, merged, **kwargs):
    """Two records of one person merged (tournaments.merging): the merged one's rates become the kept one's (a
    date both have a rate on in one rating keeps the kept one's), and each rating they touch is recomputed once
    committed, now that one player holds both histories (a historical rating keeps its rates as they are)."""
    Rate.objects.filter(player=merged, rating__rates__player=kept, rating__rates__date=F("date")).delete()
    ratings = set(Rate.objects.filter(player=merged).values_list("rating_id", flat=True))
    Rate.objects.filter(player=merged).update(player=kept)
    for rating_id in sorted(ratings):
        transaction.on_commit(lambda rating_id=rating_id: recompute_rating.delay(rating_id))
