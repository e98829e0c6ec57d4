"""Read-only queries on ratings for the API and the archive."""

from django.db.models import Count, Max, OuterRef, Subquery

from history.ratings.models import Rate, Rating


def ratings():
    return Rating.objects.select_related("club")


def ranking(rating, players=None):
    """Each player's latest rate in the rating, highest first, as SoL ranks a rating: rows of Rate with
    `rates_count` (how many rates the player has in it) and the player. Equal rates: the player entered first
    (SoL's order, its players' ids ascending). `players` narrows the rows to a queryset of players."""
    latest = Rate.objects.filter(rating=rating, player=OuterRef("player")).values("player")
    rows = Rate.objects.filter(rating=rating, date=Subquery(latest.annotate(last=Max("date")).values("last")))
    counts = Rate.objects.filter(rating=rating, player=OuterRef("player")).values("player")
    rows = rows.annotate(rates_count=Subquery(counts.annotate(n=Count("pk")).values("n")))
    if players is not None:
        rows = rows.filter(player__in=players)
    return rows.select_related("player__club").order_by("-rate", "player_id")


def player_history(player):
    """A player's rates in every rating, oldest first, with their ratings."""
    return Rate.objects.filter(player=player).select_related("rating").order_by("rating__level", "rating_id", "date")
