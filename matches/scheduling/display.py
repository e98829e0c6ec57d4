"""Wording of the scheduling floor: people, matches and times as the hall reads them, and why a booking is
refused."""

from django.utils import dateformat, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext


def user_name(user):
    """A user as the hall knows them: their player's name, else their username."""
    player = getattr(user, "player", None)
    return player.full_name if player else user.get_username()


def match_label(match):
    return _("%(round)s match %(number)s (%(a)s v %(b)s)") % {
        "round": match.round.display_name,
        "number": match.number,
        "a": match.entry_a or "—",
        "b": match.entry_b or "—",
    }


def when(start, end):
    start, end = timezone.localtime(start), timezone.localtime(end)
    # Django's date format, so that the day and the month are named in the reader's language ("Mon 05 Jan").
    return f"{dateformat.format(start, 'D d M H:i')}–{end:%H:%M}"


def session_text(date, start, end):
    """A playing session as the hall reads it: "Mon 07 Dec 12:30–18:00" (the day and month in the reader's
    language)."""
    return f"{dateformat.format(date, 'D d M')} {start:%H:%M}–{end:%H:%M}"


def placement_notes(placed):
    """What a schedule (placing.Placed) says beyond its count: the matches carried to a later session than the
    first one it used, then those that fit in no session."""
    return carried_notes(placed) + unfit_notes(placed)


def carried_notes(placed):
    notes = []
    for (first, _last), count in placed.sessions[1:]:
        words = {"count": count, "session": dateformat.format(timezone.localtime(first), "l d M H:i")}
        notes.append(
            ngettext(
                "%(count)s match carried to the %(session)s session.",
                "%(count)s matches carried to the %(session)s session.",
                count,
            )
            % words
        )
    return notes


def unfit_notes(placed):
    if not placed.unfit:
        return []
    count = len(placed.unfit)
    return [
        ngettext(
            "%(count)s match does not fit in the sessions and has no time: add a session, then schedule again.",
            "%(count)s matches do not fit in the sessions and have no time: add a session, then schedule again.",
            count,
        )
        % {"count": count}
    ]


def second_bell_notice(match, rnd, law, rang):
    """(subject, body) of the second bell (ECC 41) to whoever keeps the score card of a match still on the board;
    `law` is the one applied, `rang` the bell's local time."""
    subject = _("Second bell: %(a)s v %(b)s") % {"a": match.entry_a, "b": match.entry_b}
    words = {
        "law": law,
        "time": f"{rang:%H:%M}",
        "round": rnd.display_name,
        "a": match.entry_a,
        "b": match.entry_b,
        "table": match.table,
    }
    if match.table:
        body = _(
            "%(law)s: the second bell rang at %(time)s in %(round)s. Enter the c/m left of each player on the "
            "unfinished board (the Queen is not counted) on the score card of %(a)s v %(b)s at table %(table)s."
        )
    else:
        body = _(
            "%(law)s: the second bell rang at %(time)s in %(round)s. Enter the c/m left of each player on the "
            "unfinished board (the Queen is not counted) on the score card of %(a)s v %(b)s."
        )
    return subject, body % words


def conflict_message(conflict, others, names, venue):
    """One conflict (scheduling.engine.Conflict) as a sentence naming the other match, its table and its time.
    `others` holds the other matches by id, `names` the people's names by person key."""
    other = conflict.other
    person = names[conflict.person] if conflict.person in names else pgettext("an unnamed person", "someone")
    if conflict.kind == "table_range":
        return _("The hall has tables 1 to %(tables)s.") % {"tables": venue.tables}
    if conflict.kind == "umpire_plays":
        return _("%(person)s plays in this match and cannot umpire it.") % {"person": person}
    if conflict.kind == "session":
        return _("The hall does not play then: choose a time inside a playing session (venue page).")
    # The other match, its table and its time: "Round 2 match 3 (A v B) at table 4, Mon 05 Jan 10:00–11:00".
    where = _("%(match)s at table %(table)s, %(when)s") % {
        "match": match_label(others[other.match]),
        "table": other.table or "—",
        "when": when(other.start, other.end),
    }
    if conflict.kind == "table":
        return _("Table %(table)s is taken by %(where)s.") % {"table": other.table, "where": where}
    if conflict.kind == "player":
        return _("%(person)s plays %(where)s.") % {"person": person, "where": where}
    minutes = venue.rest_minutes
    words = {"person": person, "where": where, "minutes": minutes}
    if conflict.kind == "rest":
        return (
            ngettext(
                "%(person)s plays %(where)s and must rest %(minutes)s minutes between matches.",
                "%(person)s plays %(where)s and must rest %(minutes)s minutes between matches.",
                minutes,
            )
            % words
        )
    if conflict.kind == "feeder":
        return (
            ngettext(
                "%(where)s feeds this match: this one must start at least %(minutes)s minutes after it ends.",
                "%(where)s feeds this match: this one must start at least %(minutes)s minutes after it ends.",
                minutes,
            )
            % words
        )
    if conflict.kind == "fed":
        return (
            ngettext(
                "%(where)s waits for this match: this one must end at least %(minutes)s minutes before it starts.",
                "%(where)s waits for this match: this one must end at least %(minutes)s minutes before it starts.",
                minutes,
            )
            % words
        )
    return _("Umpire %(person)s is at %(where)s.") % {"person": person, "where": where}
