"""Reading two player records for the merge page (tournaments.merge_views): finding them by name, and each one's
record side by side. Nothing here writes."""

from dataclasses import dataclass, field

from tournaments.merging import reverse_relations
from tournaments.models import EntryMember, Player
from tournaments.privacy import can_see_birth_date
from tournaments.selectors import search_text

FOUND_AT_MOST = 40
# The reverse relations a record's summary already shows (its entries), or that are no record of the person.
SHOWN_APART = {"tournaments.EntryMember"}


@dataclass
class PlayerRecord:
    """What the secretary compares: who the record is, where it plays, and how much else names it."""

    player: Player
    birth_date_shown: bool
    entries: list = field(default_factory=list)  # EntryMember rows, with their entry's event and tournament
    others: int = 0  # rows of every other model naming the player: line-ups, rates, links, notifications...


def find_players(players, query):
    """The players of `players` (those the reader may see) whose names hold every word of `query`, whatever the
    case; none for an empty query."""
    words = search_text(query).casefold().split()
    if not words:
        return []
    found = players.select_related("club")
    for word in words:
        found = found.filter(identity__contains=word.replace("|", ""))
    return list(found.order_by("last_name", "first_name", "pk")[:FOUND_AT_MOST])


def player_record(player, user):
    members = EntryMember.objects.filter(player=player).select_related("entry__event__tournament")
    record = PlayerRecord(player=player, birth_date_shown=can_see_birth_date(user, player))
    record.entries = list(members.order_by("-entry__event__tournament__start_date", "entry__event__name"))
    record.others = sum(
        relation.related_model._base_manager.filter(**{relation.field.name: player.pk}).count()
        for relation in reverse_relations()
        if relation.related_model._meta.label not in SHOWN_APART
    )
    return record
