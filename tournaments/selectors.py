"""Reading the tournaments floor for pages: an event's entry list. Nothing here writes."""

from dataclasses import dataclass

from django.db.models import F, Prefetch

from tournaments.models import EntryMember

# A search longer than any name, club and country together finds nothing anyway: cut, not refused.
SEARCH_LENGTH = 100


@dataclass
class EntryRow:
    """One line of an event's entry list: the entry and what its players bring (clubs and countries without
    repeats, the pair's average rating)."""

    entry: object
    players: list
    clubs: str
    countries: str
    rating: int | None

    def matches(self, folded):
        text = " ".join((self.entry.name, self.clubs, self.countries, *(p.shown_name for p in self.players)))
        return folded in text.casefold()


def search_text(value):
    return " ".join((value or "").split())[:SEARCH_LENGTH]


def event_entries(event, query=""):
    """The event's entry list (active entries by seed, then name; withdrawn ones last), filtered by `query` on the
    names, clubs and countries, whatever the case (matched in Python: SQLite folds ASCII letters only). Two
    queries whatever the number of entries."""
    members = EntryMember.objects.select_related("player__club").order_by("position")
    entries = event.entries.order_by("withdrawn", F("seed").asc(nulls_last=True), "name").prefetch_related(
        Prefetch("members", members)
    )
    rows = [entry_row(entry) for entry in entries]
    folded = search_text(query).casefold()
    return [row for row in rows if row.matches(folded)] if folded else rows


def entry_row(entry):
    players = [member.player for member in entry.members.all()]
    # A rating kept private (Player.publish_rating) is left out of the public list, and so is the pair's average.
    private = any(not player.publish_rating for player in players)
    ratings = [] if private else [player.rating for player in players if player.rating is not None]
    return EntryRow(
        entry=entry,
        players=players,
        clubs=" / ".join(dict.fromkeys(p.club.name for p in players if p.club)),
        countries=" / ".join(dict.fromkeys(p.shown_country for p in players if p.shown_country)),
        rating=round(sum(ratings) / len(ratings)) if ratings else None,
    )
