"""Scheduling on carrom boards: which table and what time each match of a round gets.

Plain Python, no Django but its translation functions (the refusals a secretary reads are marked). People are
plain hashable keys chosen by the caller (the service uses one key per person, so a player in singles and doubles,
or an umpire who also plays, is one person everywhere). A match occupies its table and its people over the
half-open interval [start, end).

The rules, checked in one place (`conflicts`) and used by the greedy placer (`schedule`):
- a table carries one match at a time;
- a player is never in two overlapping matches, and rests at least `rest_minutes` between two of their matches
  (a gap of exactly `rest_minutes` is enough);
- an umpire is never at two overlapping matches, never umpires while playing elsewhere, and never umpires a
  match they play in;
- where the hall has playing sessions (its playing hours, as [start, end) pairs), a match lies wholly inside one:
  the gaps between sessions are the breaks, and what does not fit in one session waits for the next.
"""

from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.utils.translation import gettext as _


class SchedulingError(Exception):
    """A setup the secretary must fix (no tables, a non-positive match length...)."""

    def __init__(self, field_name, message):
        super().__init__(message)
        self.field = field_name
        self.message = message


@dataclass(frozen=True)
class Booking:
    """A match placed at a table over [start, end). `table` is None for a match that holds no table."""

    match: Hashable
    start: datetime
    end: datetime
    table: int | None
    players: frozenset = frozenset()
    umpire: Hashable | None = None

    def overlaps(self, start, end):
        return self.start < end and start < self.end


@dataclass(frozen=True)
class ToPlace:
    """A match to schedule: its players (both sides), the table and umpire it would rather keep, and the time it
    may start at the earliest (a knockout match waits for the matches that feed it)."""

    match: Hashable
    players: frozenset = frozenset()
    table: int | None = None
    umpire: Hashable | None = None
    needs_umpire: bool = True
    not_before: datetime | None = None


@dataclass(frozen=True)
class Conflict:
    """Why a booking cannot stand. `kind`: "table_range", "table", "player", "rest", "umpire" (the umpire is at
    another match then), "umpire_plays" (the umpire plays in this very match), "session" (the match is not
    wholly inside a playing session); the caller adds a knockout's
    order: "feeder" (`other` feeds this match and has not ended, with the rest), "fed" (`other` waits for this
    match). `other` is the clashing booking, `person` the person concerned."""

    kind: str
    other: Booking | None = None
    person: Hashable | None = None

    @property
    def field(self):
        """The input a person would change to resolve it."""
        return {"table_range": "table", "table": "table", "umpire": "umpire", "umpire_plays": "umpire"}.get(
            self.kind, "planned_at"
        )


@dataclass
class Calendar:
    """Bookings indexed by table and by person, so each check reads only the bookings that matter."""

    rest: timedelta
    by_table: dict = field(default_factory=lambda: defaultdict(list))
    by_person: dict = field(default_factory=lambda: defaultdict(list))
    umpire_load: dict = field(default_factory=lambda: defaultdict(int))
    bookings: list = field(default_factory=list)

    def add(self, booking):
        self.bookings.append(booking)
        if booking.table is not None:
            self.by_table[booking.table].append(booking)
        for person in booking.players | ({booking.umpire} if booking.umpire is not None else set()):
            self.by_person[person].append(booking)
        if booking.umpire is not None:
            self.umpire_load[booking.umpire] += 1

    def table_taken(self, table, start, end, ignore=None):
        return next((b for b in self.by_table[table] if b.match != ignore and b.overlaps(start, end)), None)

    def person_clash(self, person, start, end, playing, ignore=None):
        """The booking that keeps `person` from being at a match over [start, end) (as a player when
        `playing`, else as its umpire): an overlap, or for a player between two of their matches, too little
        rest. Returns (booking, "overlap" | "rest") or (None, None)."""
        for other in self.by_person[person]:
            if other.match == ignore:
                continue
            if other.overlaps(start, end):
                return other, "overlap"
            plays_both = playing and person in other.players
            if plays_both and other.end + self.rest > start and end + self.rest > other.start:
                return other, "rest"
        return None, None


def conflicts(booking, others, rest_minutes, tables, sessions=()):
    """Everything wrong with `booking` among `others` (bookings of other matches), as a list of Conflict.
    `tables` is the collection of table numbers the venue has, `sessions` its playing hours (none: any hour)."""
    calendar = Calendar(rest=timedelta(minutes=rest_minutes))
    for other in others:
        calendar.add(other)
    return calendar_conflicts(calendar, booking, tables, sessions)


def in_session(start, end, sessions):
    """Whether [start, end) lies wholly inside one of `sessions`; any time does when there are none."""
    return not sessions or any(first <= start and end <= last for first, last in sessions)


def calendar_conflicts(calendar, booking, tables, sessions=()):
    found = [] if in_session(booking.start, booking.end, sessions) else [Conflict("session")]
    start, end, ignore = booking.start, booking.end, booking.match
    if booking.table is not None:
        if booking.table not in tables:
            found.append(Conflict("table_range"))
        else:
            taken = calendar.table_taken(booking.table, start, end, ignore)
            if taken:
                found.append(Conflict("table", taken))
    for person in sorted(booking.players, key=str):
        other, why = calendar.person_clash(person, start, end, playing=True, ignore=ignore)
        if other:
            found.append(Conflict("player" if why == "overlap" else "rest", other, person))
    if booking.umpire is not None:
        if booking.umpire in booking.players:
            found.append(Conflict("umpire_plays", None, booking.umpire))
        other, _ = calendar.person_clash(booking.umpire, start, end, playing=False, ignore=ignore)
        if other:
            found.append(Conflict("umpire", other, booking.umpire))
    return found


def schedule(
    matches: Sequence[ToPlace],
    busy: Sequence[Booking],
    start: datetime,
    tables: Sequence[int],
    match_minutes: int,
    rest_minutes: int,
    umpires: Sequence[Hashable] = (),
    sessions: Sequence[tuple[datetime, datetime]] = (),
):
    """Place `matches` in the order given, each at the earliest time from `start` (or from its `not_before`, if
    later) where a table and its players (with their rest) are free, and give it an umpire free then. Returns
    one Booking per match, same order.

    `sessions`, the hall's playing hours as (start, end) pairs, keep every match wholly inside one of them: a
    match that no longer fits in a session goes to the next, and a match that fits in none gets None in the
    answer (it holds no time, so it delays nobody). Without sessions every hour is a playing hour.

    Umpires do not delay matches: times come from the tables, the match length and the players' rest; a match
    for which no umpire is free at its time gets none (the secretary assigns one, or uses fewer tables).
    Deterministic: at a given time the match keeps its preferred table if free, else takes the first free table
    in the order of `tables`; it keeps its preferred umpire if free, else takes the free umpire of `umpires`
    with the fewest matches so far (ties: the first in the list). No one umpires a match they play in."""
    if not tables:
        raise SchedulingError("tables", _("The venue has no table to play on."))
    if match_minutes <= 0:
        raise SchedulingError("match_minutes", _("A match takes at least one minute."))
    if rest_minutes < 0:
        raise SchedulingError("rest_minutes", _("The rest between matches cannot be negative."))
    duration, rest = timedelta(minutes=match_minutes), timedelta(minutes=rest_minutes)
    calendar = Calendar(rest=rest)
    for booking in busy:
        calendar.add(booking)
    tables, umpires, sessions = list(tables), list(umpires), sorted(sessions)
    placed = []
    for match in matches:
        first = max(start, match.not_before) if match.not_before else start
        booking = earliest(calendar, match, first, duration, tables, umpires, sessions)
        if booking is not None:
            calendar.add(booking)
        placed.append(booking)
    return placed


def earliest(calendar, match, start, duration, tables, umpires, sessions=()):
    """The first feasible booking of `match`, or None when it fits in no session. Feasible times begin at
    `start`, where a booking ends (plus the rest, for a player) or where a session opens, so those are the only
    times worth trying; after the last of them everything is free."""
    for time in candidate_times(calendar, start, sessions):
        end = time + duration
        if not in_session(time, end, sessions):
            continue
        if any(calendar.person_clash(p, time, end, playing=True, ignore=match.match)[0] for p in match.players):
            continue
        table = free_table(calendar, match, time, end, tables)
        if table is None:
            continue
        umpire = free_umpire(calendar, match, time, end, umpires) if match.needs_umpire else None
        return Booking(match.match, time, end, table, match.players, umpire)
    if sessions:
        return None
    raise AssertionError("unreachable: after the last booking ends every table and person is free")


def candidate_times(calendar, start, sessions=()):
    times = {start}
    for booking in calendar.bookings:
        times.update(t for t in (booking.end, booking.end + calendar.rest) if t > start)
    times.update(first for first, _last in sessions if first > start)
    return sorted(times)


def free_table(calendar, match, start, end, tables):
    preferred = [match.table] if match.table in tables else []
    return next((t for t in preferred + tables if not calendar.table_taken(t, start, end, match.match)), None)


def free_umpire(calendar, match, start, end, umpires):
    def free(umpire):
        if umpire in match.players:
            return False
        return calendar.person_clash(umpire, start, end, playing=False, ignore=match.match)[0] is None

    if match.umpire is not None and free(match.umpire):
        return match.umpire
    # min() keeps the first of equal loads, so ties go to the first in the list.
    return min((u for u in umpires if free(u)), key=lambda u: calendar.umpire_load[u], default=None)
