"""Scheduling on carrom boards: the venue's settings, a round's tables, times and umpires, moves
of one match, and calling a round. Each operation is one transaction; the rules live in `scheduling.engine`, what
is already booked (people, knockout order) in `scheduling.book`.

Every schedule change of a tournament first locks its Venue row: two secretaries scheduling two rounds at once
would otherwise both see a table free and both book it."""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from core import page_cache
from matches.audit import log_change, signed_in
from matches.models import ResultChange
from matches.scheduling import engine as scheduling
from matches.scheduling.book import Book
from matches.scheduling.clock import clock_of, start_clock
from matches.scheduling.display import match_label
from matches.scheduling.errors import ScheduleError, refuse
from matches.services import change_status
from stages.models import Match, Round, Stage
from stages.signals import match_news, match_times_changed
from tournaments.models import Tournament, Venue
from tournaments.permissions import is_umpire
from tournaments.venue import venue_of

S = Match.Status
# A match can change table or time until it starts.
MOVABLE = (S.SCHEDULED, S.CALLED)
# ... and change umpire until it is over.
UMPIRE_SETTABLE = (*MOVABLE, S.IN_PLAY)
# Bounds a real hall and day respect (and the database's small integers hold); the page form and the API use them.
MAX_TABLES = 999
MAX_MINUTES = 24 * 60


# ---------------------------------------------------------------- the venue


def lock_venue(tournament):
    return Venue.objects.select_for_update().get(pk=venue_of(tournament).pk)


@transaction.atomic
def update_venue(tournament, tables, match_minutes, rest_minutes):
    """Change the hall's settings. Fewer tables are refused while a match still to be played is booked on a
    table that would no longer exist."""
    venue = lock_venue(tournament)
    errors = {}
    if tables < 1:
        errors["tables"] = [_("The hall has at least one table.")]
    if match_minutes < 1:
        errors["match_minutes"] = [_("A match takes at least one minute.")]
    if rest_minutes < 0:
        errors["rest_minutes"] = [_("The rest between matches cannot be negative.")]
    if not errors:
        stranded = (
            Match.objects.filter(stage__event__tournament=tournament, status__in=MOVABLE, table__gt=tables)
            .select_related("round", "entry_a", "entry_b")
            .order_by("table", "planned_at")
            .first()
        )
        if stranded:
            errors["tables"] = [
                _("Table %(table)s is booked for %(match)s: move it first.")
                % {"table": stranded.table, "match": match_label(stranded)}
            ]
    if errors:
        raise ScheduleError(errors)
    venue.tables, venue.match_minutes, venue.rest_minutes = tables, match_minutes, rest_minutes
    venue.save()
    return venue


# ---------------------------------------------------------------- scheduling a round


def schedule_snapshot(match):
    """The audit log's before/after of a SCHEDULE or UMPIRE change."""
    return {
        "table": match.table,
        "planned_at": match.planned_at.isoformat() if match.planned_at else None,
        "umpire": match.umpire_id,
    }


def table_range(venue, first_table=None, last_table=None):
    first, last = first_table or 1, last_table or venue.tables
    if not 1 <= first <= last <= venue.tables:
        refuse(
            "first_table",
            _("Choose tables from 1 to %(tables)s, the first no higher than the last.") % {"tables": venue.tables},
        )
    return list(range(first, last + 1))


def umpire_pool(tournament):
    """The umpires the scheduler gives matches to, in turn."""
    return [("u", pk) for pk in tournament.umpires.order_by("pk").values_list("pk", flat=True)]


def possible_umpires(tournament):
    """Everyone a secretary may choose as a match's umpire (assign_umpire checks it with is_umpire): the
    tournament's umpires, chief referees and secretaries, each once, by username.

    The officials are found in the three link tables by tournament (their indexes), then the users by key: the
    plan does not depend on the tables' statistics, as three outer joins filtered by OR and made DISTINCT did."""
    officials = [
        Tournament._meta.get_field(role).remote_field.through.objects.filter(tournament=tournament).values("user_id")
        for role in ("umpires", "chief_referees", "secretaries")
    ]
    return (
        get_user_model()
        .objects.filter(pk__in=officials[0].union(*officials[1:]))
        .select_related("player")
        .order_by("username")
    )


@transaction.atomic
def schedule_round(rnd, start, user=None, first_table=None, last_table=None, keep_tables=True, reason=""):
    """Give every match of a published round still to be called a table, a start time and an umpire: the
    earliest slot from `start` where a table of `first_table`..`last_table` (default: all) and the players, with
    their rest, are free (scheduling.engine); a knockout match also waits for the booked matches feeding it, plus
    the rest (scheduling.book). Byes get no table; self-umpired matches (and every match of a self-umpired
    event) no umpire; the others get the tournament's umpires in turn, as they are free. `keep_tables` keeps the
    tables the draw chose (e.g. Swiss table allocation) where they are free. Returns the matches placed, by time
    and table."""
    rnd = Round.objects.select_related("stage__event__tournament").get(pk=rnd.pk)
    if rnd.status != Round.Status.PUBLISHED:
        refuse("round", _("%(round)s is a preview: publish it before scheduling it.") % {"round": rnd.display_name})
    if start is None:
        refuse("start", _("Give the time the first match starts."))
    tournament = rnd.stage.event.tournament
    venue = lock_venue(tournament)
    tables = table_range(venue, first_table, last_table)
    book = Book(tournament, venue)
    todo = waiting_rows(book, {rnd.pk})
    if not todo:
        refuse(
            "round",
            _("No match of %(round)s waits for a table: they are called, played or byes.")
            % {"round": rnd.display_name},
        )
    placed = place(book, todo, start, tables, keep_tables, umpire_pool(tournament))
    return save_placed(placed, tournament, user, reason or _("Round scheduled"))


@transaction.atomic
def schedule_stage(stage, start, user=None, first_table=None, last_table=None, keep_tables=True, reason=""):
    """Schedule every published round of a stage at once, round after round from `start`: a round robin's or
    groups' rounds in order (no player starts a round before their match of the round before has ended, plus
    the rest), a knockout in bracket order (no match before the matches feeding it have ended, plus the rest).
    Each round is placed as schedule_round places one. Returns the matches placed, by time and table."""
    stage = Stage.objects.select_related("event__tournament").get(pk=stage.pk)
    rounds = list(stage.rounds.filter(status=Round.Status.PUBLISHED).order_by("number"))
    if not rounds:
        refuse("stage", _("%(stage)s has no published round to schedule.") % {"stage": stage.name})
    if start is None:
        refuse("start", _("Give the time the first match starts."))
    tournament = stage.event.tournament
    venue = lock_venue(tournament)
    tables = table_range(venue, first_table, last_table)
    book = Book(tournament, venue)
    if not waiting_rows(book, {r.pk for r in rounds}):
        refuse(
            "stage",
            _("No match of %(stage)s waits for a table: they are called, played or byes.") % {"stage": stage.name},
        )
    umpires = umpire_pool(tournament)
    placed, ends = [], {}  # ends: person -> when their last match placed here ends
    for rnd in rounds:
        todo = waiting_rows(book, {rnd.pk})
        after = {r["id"]: max((ends[p] for p in book.players(r["id"]) if p in ends), default=None) for r in todo}
        for booking in place(book, todo, start, tables, keep_tables, umpires, after):
            placed.append(booking)
            # What is placed is booked for the rounds that follow (their tables, people and bracket order).
            row = book.rows[booking.match]
            row["table"], row["planned_at"] = booking.table, booking.start
            row["umpire_id"] = booking.umpire[1] if booking.umpire else None
            for person in booking.players:
                ends[person] = max(ends.get(person, booking.end), booking.end + book.rest)
    return save_placed(placed, tournament, user, reason or _("Stage scheduled"))


def waiting_rows(book, round_ids):
    """The rows of `round_ids` still to be given a table and time, in the order they are placed. A withdrawn
    entry's match is left out: it is not played, so its opponent is not kept waiting at a table."""
    return sorted(
        (r for r in book.rows.values() if r["round_id"] in round_ids and book.waits(r)),
        key=lambda r: (r["round__number"], r["number"], r["group_id"] or 0, r["id"]),
    )


def place(book, todo, start, tables, keep_tables, umpires, after=None):
    """The engine's bookings of `todo` among everything else booked; `after` holds, per match, a time it may
    not start before (the end of its players' matches of the round before, with the rest)."""
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
        )
    except scheduling.SchedulingError as error:
        refuse(error.field, error.message)


def save_placed(placed, tournament, user, reason):
    """Write the bookings to their matches (those not called meanwhile), with one audit row each."""
    by_id = {b.match: b for b in placed}
    matches = list(
        Match.objects.select_for_update(of=("self",))
        .select_related("stage__event")
        .filter(pk__in=by_id, status=S.SCHEDULED)  # not called meanwhile
        .order_by("pk")
    )
    changes = []
    for match in matches:
        before = schedule_snapshot(match)
        booking = by_id[match.pk]
        match.table, match.planned_at = booking.table, booking.start
        match.umpire_id = booking.umpire[1] if booking.umpire else None
        changes.append(
            ResultChange(
                match=match,
                user=signed_in(user),
                what=ResultChange.What.SCHEDULE,
                before=before,
                after=schedule_snapshot(match),
                reason=reason,
            )
        )
    Match.objects.bulk_update(matches, ["table", "planned_at", "umpire"])
    ResultChange.objects.bulk_create(changes)
    page_cache.changed([tournament.pk])  # bulk writes send no signals
    match_times_changed.send(sender=Match, matches=matches)
    moved = [c.match for c in changes if moved_or_tabled(c.before, c.after)]
    if moved:
        match_news.send(sender=Match, matches=moved, news="moved")
    return sorted(matches, key=lambda m: (m.planned_at, m.table or 0))


# ---------------------------------------------------------------- one match


def lock_venue_and_match(match):
    """The venue first, then the match: the order schedule_round takes its locks in, so no two operations wait
    for each other."""
    tournament = Match.objects.select_related("stage__event__tournament").get(pk=match.pk).stage.event.tournament
    venue = lock_venue(tournament)
    locked = (
        Match.objects.select_for_update(of=("self",))
        .select_related("stage__event__tournament", "round")
        .get(pk=match.pk)
    )
    return venue, locked


@transaction.atomic
def move_match(match, table, planned_at, user=None, reason=""):
    """Move a match not yet started to another table or time. Refused, with messages naming the clashing match,
    its table and time, when the table is taken then, a player would overlap or not get their rest, or the
    umpire is elsewhere."""
    venue, match = lock_venue_and_match(match)
    tournament = match.stage.event.tournament
    if match.status == S.BYE:
        refuse("table", _("A bye is not played: it takes no table."))
    if match.status not in MOVABLE:
        status = match.get_status_display().lower()
        refuse("status", _("A %(status)s match keeps its table and time.") % {"status": status})
    withdrawn = withdrawn_entry(match)
    if withdrawn is not None:
        refuse("table", _("%(entry)s has withdrawn: the match is not played.") % {"entry": withdrawn})
    if table is None or planned_at is None:
        refuse("table" if table is None else "planned_at", _("Give both the table and the time."))
    book = Book(tournament, venue)
    booking = book.booking(book.rows[match.pk], table=table, start=planned_at)
    found = book.conflicts(booking)
    if found:
        raise ScheduleError(book.messages(found))
    before = schedule_snapshot(match)
    moved_in_time = match.planned_at != planned_at
    match.table, match.planned_at = table, planned_at
    match.save(update_fields=["table", "planned_at", "updated_at"])
    after = schedule_snapshot(match)
    log_change(match, ResultChange.What.SCHEDULE, before, after, user, reason)
    if moved_in_time:
        match_times_changed.send(sender=Match, matches=[match])
    if moved_or_tabled(before, after):
        match_news.send(sender=Match, matches=[match], news="moved")
    return match


def moved_or_tabled(before, after):
    """Whether a schedule change moves the players: another table or another time (not only another umpire)."""
    return before["table"] != after["table"] or before["planned_at"] != after["planned_at"]


@transaction.atomic
def assign_umpire(match, umpire, user=None, reason=""):
    """Give a match its umpire (or none, `umpire=None`). Refused for a self-umpired match, for someone who is not
    an official of the tournament, who plays in the match, or who is at another match at that time."""
    venue, match = lock_venue_and_match(match)
    tournament = match.stage.event.tournament
    if match.status not in UMPIRE_SETTABLE:
        refuse("umpire", _("A %(status)s match keeps its umpire.") % {"status": match.get_status_display().lower()})
    if umpire is not None:
        if match.self_umpired:
            refuse("umpire", _("This match is self-umpired: its players keep the score card."))
        if not is_umpire(umpire, tournament):
            refuse("umpire", _("%(user)s is not an umpire of this tournament.") % {"user": umpire.get_username()})
        book = Book(tournament, venue)
        found = umpire_conflicts(book, book.rows[match.pk], umpire)
        if found:
            raise ScheduleError(book.messages(found))
    before = schedule_snapshot(match)
    match.umpire = umpire
    match.save(update_fields=["umpire", "updated_at"])
    log_change(match, ResultChange.What.UMPIRE, before, schedule_snapshot(match), user, reason)
    return match


def umpire_conflicts(book, row, umpire):
    """Why `umpire` cannot umpire the match of `row`: they play in it, or (once it has a time) they are at
    another match then."""
    if ("u", umpire.pk) in book.players(row["id"]):
        return [scheduling.Conflict("umpire_plays", person=("u", umpire.pk))]
    if row["planned_at"] is None:
        return []
    found = book.conflicts(book.booking(row, umpire_id=umpire.pk))
    return [c for c in found if c.kind in ("umpire", "umpire_plays")]


# ---------------------------------------------------------------- calling a round


def call_reason(rule_set):
    if rule_set.time_limit is not None:
        return _('"Start" called: the round clock runs (%(law)s)') % {"law": rule_set.time_limit.law}
    return _("Round called")


@transaction.atomic
def call_round(rnd, user=None):
    """Announce every scheduled match of a published round (scheduled -> called, through the state machine, so the
    audit log and the late-arrival deadlines follow). Where the rule set has a time limit, calling is "Start"
    (ECC 18, 27) and starts the round clock (ECC 39-41). Returns (matches called, the clock or None)."""
    rnd = Round.objects.select_for_update(of=("self",)).select_related("stage__event").get(pk=rnd.pk)
    if rnd.status != Round.Status.PUBLISHED:
        refuse("round", _("%(round)s is a preview: publish it before calling it.") % {"round": rnd.display_name})
    rule_set = rnd.stage.event.rules
    waiting = list(
        rnd.matches.filter(status=S.SCHEDULED)
        .exclude(entry_a=None)
        .exclude(entry_b=None)
        .exclude(entry_a__withdrawn=True)  # a withdrawn entry will not come: nobody is called to wait for it
        .exclude(entry_b__withdrawn=True)
        .order_by("number", "pk")
    )
    starts_clock = rule_set.time_limit is not None and clock_of(rnd) is None
    if not waiting and not starts_clock:
        refuse("round", _("No match of %(round)s waits to be called.") % {"round": rnd.display_name})
    reason = call_reason(rule_set)
    called = [change_status(match, S.CALLED, user=user, reason=reason) for match in waiting]
    clock = start_clock(rnd, user=user) if starts_clock else None
    return called, clock


# ---------------------------------------------------------------- reading a round's schedule


def round_schedule(rnd):
    """A round's matches as the round page and the API show them: by time, then table; matches without a table
    after, byes last. One query."""
    matches = rnd.matches.select_related("entry_a", "entry_b", "umpire__player", "group")

    def order(m):
        # Equal flags before a value mean both values are None or both set, so they compare.
        return (m.status == S.BYE, m.planned_at is None, m.planned_at, m.table is None, m.table, m.number, m.pk)

    matches = sorted(matches, key=order)
    for m in matches:
        m.withdrawn = withdrawn_entry(m)  # shown as "withdrawn", not as waiting for a table
    return matches


def withdrawn_entry(match):
    """The withdrawn side of a match still to be played (it is not played), or None."""
    if match.status not in MOVABLE:
        return None
    return next((e for e in (match.entry_a, match.entry_b) if e is not None and e.withdrawn), None)
