"""The hall's playing sessions (its playing hours): checked, stored, and read as the scheduler's windows. A break
is the gap between two sessions (a lunch hour is the gap between 09:00–13:00 and 14:00–18:00). Times are the
hall's wall clock, in the site's time zone; a session ends on the day it starts."""

from datetime import datetime, timedelta

from django.utils import timezone
from django.utils.translation import gettext as _

from matches.scheduling.display import session_text
from tournaments.models import PlayingSession

# A fortnight's play in three sessions a day is more than any tournament holds; the form and the API read it.
MAX_SESSIONS = 60


def session_errors(sessions, tournament):
    """What is wrong with `sessions` (dicts of date, start and end, in the order given), as sentences naming each
    session by its place in the list and its times: one outside the tournament's dates (a year mistyped), one that
    ends at or before it starts, two that overlap (back to back is allowed: no break between them), too many."""
    errors = []
    if len(sessions) > MAX_SESSIONS:
        errors.append(_("At most %(count)s sessions.") % {"count": MAX_SESSIONS})
    proper = []
    for number, session in enumerate(sessions, 1):
        words = {"number": number, "session": session_text(**session)}
        if not tournament.start_date <= session["date"] <= tournament.end_date:
            # In the ISO form the venue page takes, with the year: a mistyped year is the usual cause.
            words["session"] = f"{session['date']:%Y-%m-%d} {session['start']:%H:%M}–{session['end']:%H:%M}"
            words.update(first=f"{tournament.start_date:%Y-%m-%d}", last=f"{tournament.end_date:%Y-%m-%d}")
            errors.append(
                _("Session %(number)s (%(session)s) is outside the tournament's dates, %(first)s to %(last)s.") % words
            )
        elif session["end"] <= session["start"]:
            errors.append(_("Session %(number)s (%(session)s) ends before it starts.") % words)
        else:
            proper.append((session["date"], session["start"], session["end"], number))
    proper.sort()
    latest = None  # of the sessions so far on the same day, the one that ends last
    for session in proper:
        day, start, end, number = session
        if latest is not None and latest[0] == day and start < latest[2]:
            first, second = sorted((latest, session), key=lambda s: s[3])
            errors.append(
                _("Sessions %(first)s and %(second)s overlap (%(first_times)s and %(second_times)s).")
                % {
                    "first": first[3],
                    "second": second[3],
                    "first_times": session_text(*first[:3]),
                    "second_times": session_text(*second[:3]),
                }
            )
        if latest is None or latest[0] != day or end > latest[2]:
            latest = session
    return errors


def replace_sessions(venue, sessions):
    """Store `sessions` (checked) as the venue's, in place of those it had."""
    venue.sessions.all().delete()
    PlayingSession.objects.bulk_create(PlayingSession(venue=venue, **session) for session in sessions)


def session_rows(venue):
    """The venue's sessions as the API and the venue page give them: dicts of date, start and end, in order."""
    return list(venue.sessions.values("date", "start", "end"))


def windows(venue):
    """The venue's sessions as the engine reads them: (start, end) pairs of aware datetimes, in order."""
    return [window(**row) for row in session_rows(venue)]


def window(date, start, end):
    zone = timezone.get_current_timezone()
    return (
        timezone.make_aware(datetime.combine(date, start), zone),
        timezone.make_aware(datetime.combine(date, end), zone),
    )


def session_at(time, windows):
    """The window holding `time`, or None."""
    return next(((first, last) for first, last in windows if first <= time < last), None)


def by_session(matches, windows):
    """How many of `matches` (with their planned times) start in each window, for the windows holding any, in
    order: [(window, count)]."""
    counts = {}
    for match in matches:
        held = session_at(match.planned_at, windows)
        if held is not None:
            counts[held] = counts.get(held, 0) + 1
    return sorted(counts.items())


def next_start(windows, now=None):
    """Where scheduling starts by default: the next session's start, or now (to the next quarter hour) inside a
    session already under way; None after the last session."""
    now = now or timezone.now()
    for first, last in windows:
        if now <= first:
            return first
        if now < last:
            rounded = now.replace(second=0, microsecond=0) + timedelta(minutes=-now.minute % 15)
            return rounded if rounded >= now else rounded + timedelta(minutes=15)
    return None


def session_room(venue):
    """The venue's sessions as its page lists them: each one's words and the matches it has room for at most
    (whole match slots on every table; players' rest and knockout order take some of it), and the total."""
    rows = [{"text": session_text(**row), "room": room(venue, **row)} for row in session_rows(venue)]
    return rows, sum(row["room"] for row in rows)


def room(venue, date, start, end):
    first, last = window(date, start, end)
    return int((last - first).total_seconds() // 60 // venue.match_minutes) * venue.tables
