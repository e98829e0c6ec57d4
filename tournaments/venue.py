"""The venue of a tournament: its carrom boards (tables), match and rest minutes, made on first use."""

from django.db.models import Count, Max

from tournaments.models import Entry, Venue

# Smallest hall the venue is created with; a bigger event gets a board for every pair of a round.
MIN_DEFAULT_TABLES = 8


def venue_of(tournament):
    """The tournament's venue, created on first use with enough tables for the largest event to play a round at
    once (at least MIN_DEFAULT_TABLES) and the model's match and rest minutes."""
    # A callable default: the tables are counted only when the venue is created.
    defaults = {"tables": lambda: default_tables(tournament)}
    return Venue.objects.get_or_create(tournament=tournament, defaults=defaults)[0]


def default_tables(tournament):
    counts = Entry.objects.filter(event__tournament=tournament, withdrawn=False).values("event").annotate(n=Count("pk"))
    largest = counts.aggregate(largest=Max("n"))["largest"] or 0
    return max(MIN_DEFAULT_TABLES, (largest + 1) // 2)
