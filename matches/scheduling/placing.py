"""Placing a round's or a stage's matches: what waits for a table, the engine's bookings among everything else
booked and inside the hall's playing sessions, and writing them with their audit rows. The services
(schedule_round, schedule_stage) check, lock and call these."""

from django.utils.translation import gettext as _

from core import page_cache
from matches.audit import signed_in
from matches.models import ResultChange
from matches.scheduling import engine as scheduling
from matches.scheduling.errors import refuse
from matches.scheduling.sessions import by_session
from stages.models import Match
from stages.signals import match_news, match_times_changed

S = Match.Status


class Placed(list):
    """The matches a schedule placed, by time and table. `unfit`: the matches that fit in no playing session and
    were left without a time; `sessions`: how many placed matches start in each session used, in order
    ([((start, end), count)]; empty without sessions)."""

    def __init__(self, matches, unfit=(), sessions=()):
        super().__init__(matches)
        self.unfit = list(unfit)
        self.sessions = list(sessions)


def schedule_snapshot(match):
    """The audit log's before/after of a SCHEDULE or UMPIRE change."""
    return {
        "table": match.table,
        "planned_at": match.planned_at.isoformat() if match.planned_at else None,
        "umpire": match.umpire_id,
    }


def moved_or_tabled(before, after):
    """Whether a schedule change moves the players: another table or another time (not only another umpire)."""
    return before["table"] != after["table"] or before["planned_at"] != after["planned_at"]


def waiting_rows(book, round_ids):
    """The rows of `round_ids` still to be given a table and time, in the order they are placed. A withdrawn
    entry's match is left out: it is not played, so its opponent is not kept waiting at a table."""
    return sorted(
        (r for r in book.rows.values() if r["round_id"] in round_ids and book.waits(r)),
        key=lambda r: (r["round__number"], r["number"], r["group_id"] or 0, r["id"]),
    )


def place(book, todo, start, tables, keep_tables, umpires, after=None):
    """The engine's bookings of `todo` among everything else booked, inside the venue's sessions (None for a match
    that fits in none); `after` holds, per match, a time it may not start before (the end of its players'
    matches of the round before, with the rest)."""
    after = after or {}
    wanted = [
        scheduling.ToPlace(
            match=r["id"],
            players=book.players(r["id"]),
            table=r["table"] if keep_tables else None,
            umpire=("u", r["umpire_id"]) if r["umpire_id"] else None,
            needs_umpire=not book.self_umpired(r),
            not_before=max((t for t in (book.not_before(r["id"]), after.get(r["id"])) if t), default=None),
        )
        for r in todo
    ]
    try:
        return scheduling.schedule(
            wanted,
            book.bookings(exclude={r["id"] for r in todo}),
            start,
            tables,
            book.venue.match_minutes,
            book.venue.rest_minutes,
            umpires,
            book.sessions,
        )
    except scheduling.SchedulingError as error:
        refuse(error.field, error.message)


def place_rounds(book, rounds, start, tables, keep_tables, umpires):
    """Place the rounds one after the other from `start`: no player starts a round before their match of the round
    before has ended, plus the rest; a knockout in bracket order (scheduling.book). A match that fits in no
    session holds up its players' later matches, so those are left out too. Returns (bookings, unfit ids)."""
    placed, unfit, ends, stuck = [], [], {}, set()  # ends: person -> when their last match placed here ends
    for rnd in rounds:
        todo = waiting_rows(book, {rnd.pk})
        held = [r for r in todo if book.players(r["id"]) & stuck]
        todo = [r for r in todo if not book.players(r["id"]) & stuck]
        after = {r["id"]: max((ends[p] for p in book.players(r["id"]) if p in ends), default=None) for r in todo}
        bookings = place(book, todo, start, tables, keep_tables, umpires, after)
        for row, booking in zip(todo, bookings, strict=True):
            if booking is None:
                held.append(row)
                continue
            placed.append(booking)
            # What is placed is booked for the rounds that follow (their tables, people and bracket order).
            row["table"], row["planned_at"] = booking.table, booking.start
            row["umpire_id"] = booking.umpire[1] if booking.umpire else None
            for person in booking.players:
                ends[person] = max(ends.get(person, booking.end), booking.end + book.rest)
        for row in held:
            row["planned_at"] = None  # holds no time for the rounds that follow
            unfit.append(row["id"])
            stuck |= book.players(row["id"])
    return placed, unfit


def save_placed(placed, tournament, user, reason, book, unfit=()):
    """Write the bookings to their matches (those not called meanwhile), with one audit row each; the matches of
    `unfit` (ids) lose the time and umpire an earlier schedule gave them, since they fit in no session now.
    Returns Placed."""
    by_id = {b.match: b for b in placed if b is not None}
    matches = list(
        Match.objects.select_for_update(of=("self",))
        .select_related("stage__event")
        .filter(pk__in=[*by_id, *unfit], status=S.SCHEDULED)  # not called meanwhile
        .order_by("pk")
    )
    changes = []
    for match in matches:
        before = schedule_snapshot(match)
        booking = by_id.get(match.pk)
        match.planned_at = booking.start if booking else None
        match.table = booking.table if booking else match.table
        match.umpire_id = booking.umpire[1] if booking and booking.umpire else None
        after = schedule_snapshot(match)
        if booking or after != before:
            changes.append(
                ResultChange(
                    match=match,
                    user=signed_in(user),
                    what=ResultChange.What.SCHEDULE,
                    before=before,
                    after=after,
                    reason=reason if booking else _("Fits in no playing session"),
                )
            )
    Match.objects.bulk_update(matches, ["table", "planned_at", "umpire"])
    ResultChange.objects.bulk_create(changes)
    page_cache.changed([tournament.pk])  # bulk writes send no signals
    match_times_changed.send(sender=Match, matches=matches)
    moved = [c.match for c in changes if moved_or_tabled(c.before, c.after)]
    if moved:
        match_news.send(sender=Match, matches=moved, news="moved")
    timed = sorted((m for m in matches if m.pk in by_id), key=lambda m: (m.planned_at, m.table or 0))
    unplaced = sorted((m for m in matches if m.pk not in by_id), key=lambda m: (m.round_id, m.number, m.pk))
    return Placed(timed, unplaced, by_session(timed, book.sessions))
