"""Wording of the scheduling floor: people, matches and times as the hall reads them, and why a booking is
refused."""

from django.utils import timezone


def user_name(user):
    """A user as the hall knows them: their player's name, else their username."""
    player = getattr(user, "player", None)
    return player.full_name if player else user.get_username()


def match_label(match):
    return f"{match.round.display_name} match {match.number} ({match.entry_a or '—'} v {match.entry_b or '—'})"


def when(start, end):
    start, end = timezone.localtime(start), timezone.localtime(end)
    return f"{start:%a %d %b %H:%M}–{end:%H:%M}"


def conflict_message(conflict, others, names, venue):
    """One conflict (scheduling.engine.Conflict) as a sentence naming the other match, its table and its time.
    `others` holds the other matches by id, `names` the people's names by person key."""
    other = conflict.other
    person = names.get(conflict.person, "someone")
    if conflict.kind == "table_range":
        return f"The hall has tables 1 to {venue.tables}."
    if conflict.kind == "umpire_plays":
        return f"{person} plays in this match and cannot umpire it."
    where = f"{match_label(others[other.match])} at table {other.table or '—'}, {when(other.start, other.end)}"
    if conflict.kind == "table":
        return f"Table {other.table} is taken by {where}."
    if conflict.kind == "player":
        return f"{person} plays {where}."
    rest = f"{venue.rest_minutes} minutes"
    if conflict.kind == "rest":
        return f"{person} plays {where} and must rest {rest} between matches."
    if conflict.kind == "feeder":
        return f"{where} feeds this match: this one must start at least {rest} after it ends."
    if conflict.kind == "fed":
        return f"{where} waits for this match: this one must end at least {rest} before it starts."
    return f"Umpire {person} is at {where}."
