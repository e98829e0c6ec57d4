"""The prize list of a stored event, read for the API and the prize list sheet: its placings, its entries' members
and their facts, handed to prizes.winners."""

from prizes.winners import Person, prize_list
from stages.placings import Placing, event_stage_placings


def event_prize_list(event):
    """The event's prize list, the placings holding Entry objects (their members and clubs loaded)."""
    placings = event_stage_placings(event)
    ids = [placing.entry.pk for placing in placings]
    by_id = {}
    for entry in event.entries.filter(pk__in=ids).prefetch_related("members__player__club"):
        by_id[entry.pk] = entry
    placings = [Placing(p.place, by_id.get(p.entry.pk, p.entry), p.shared) for p in placings]
    people = {
        placing.entry: [Person(m.player.sex, m.player.date_of_birth) for m in placing.entry.members.all()]
        for placing in placings
    }
    return prize_list(
        placings,
        people,
        event.tournament.start_date,
        event.overall_prizes,
        list(event.prize_categories.all()),
        event.overall_winners_excluded,
    )
