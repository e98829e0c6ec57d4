"""Scheduling on carrom boards: the venue's settings, a round's tables, times and umpires, moves
of one match, and calling a round. Each operation is one transaction; the rules live in `scheduling.engine`, what
is already booked (people, knockout order) in `scheduling.book`.

Every schedule change of a tournament first locks its Venue row: two secretaries scheduling two rounds at once
would otherwise both see a table free and both book it."""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from matches.audit import log_change
from matches.models import ResultChange
from matches.scheduling import engine as scheduling
from matches.scheduling.book import Book
from matches.scheduling.clock import clock_of, start_clock
from matches.scheduling.display import match_label
from matches.scheduling.errors import ScheduleError, refuse
from matches.scheduling.placing import (
    moved_or_tabled,
    place,
    place_rounds,
    save_placed,
    schedule_snapshot,
    waiting_rows,
)
from matches.scheduling.sessions import replace_sessions, session_errors
from matches.services import change_status
from stages.models import Match, Round, Stage
from stages.signals import match_news, match_times_changed
from stages.umpiring import CHECK_IN_MODES, default_check_in
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
def update_venue(tournament, tables, match_minutes, rest_minutes, sessions=None):
    """Change the hall's settings and, unless `sessions` is None, its playing sessions (dicts of date, start and
    end; an empty list: every hour is a playing hour). Fewer tables are refused while a match still to be played
    is booked on a table that would no longer exist; sessions outside the tournament's dates, ending before they
    start or overlapping are refused (scheduling.sessions)."""
    venue = lock_venue(tournament)
    errors = {}
    if sessions is not None and (wrong := session_errors(sessions, tournament)):
        errors["sessions"] = wrong
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
    if sessions is not None:
        replace_sessions(venue, sessions)
    return venue


# ---------------------------------------------------------------- scheduling a round


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
    the rest (scheduling.book). Where the venue has playing sessions, every match lies inside one: what does not
    fit in a session goes to the next, and a match that fits in none is left without a time. Byes get no table;
    self-umpired matches (and every match of a self-umpired event) no umpire; the others get the tournament's
    umpires in turn, as they are free. `keep_tables` keeps the tables the draw chose (e.g. Swiss table
    allocation) where they are free. Returns placing.Placed: the matches placed, by time and table, those left
    out and the sessions used."""
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
    bookings = place(book, todo, start, tables, keep_tables, umpire_pool(tournament))
    unfit = [row["id"] for row, booking in zip(todo, bookings, strict=True) if booking is None]
    return save_placed(bookings, tournament, user, reason or _("Round scheduled"), book, unfit)


@transaction.atomic
def schedule_stage(stage, start, user=None, first_table=None, last_table=None, keep_tables=True, reason=""):
    """Schedule every published round of a stage at once, round after round from `start`: a round robin's or
    groups' rounds in order (no player starts a round before their match of the round before has ended, plus
    the rest), a knockout in bracket order (no match before the matches feeding it have ended, plus the rest).
    Each round is placed as schedule_round places one; a match that fits in no session holds its players' later
    matches back too. Returns placing.Placed."""
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
    placed, unfit = place_rounds(book, rounds, start, tables, keep_tables, umpire_pool(tournament))
    return save_placed(placed, tournament, user, reason or _("Stage scheduled"), book, unfit)


# ---------------------------------------------------------------- one match


def lock_venue_and_match(match):
    """The venue first, then the match: the order schedule_round takes its locks in, so no two operations wait
    for each other."""
    tournament = Match.with_rubbers.select_related("stage__event__tournament").get(pk=match.pk).stage.event.tournament
    venue = lock_venue(tournament)
    locked = (
        Match.with_rubbers.select_for_update(of=("self",))
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
def call_round(rnd, user=None, check_in=None):
    """Announce every scheduled match of a published round (scheduled -> called, through the state machine, so the
    audit log and the late-arrival deadlines follow). Where the rule set has a time limit, calling is "Start"
    (ECC 18, 27) and starts the round clock (ECC 39-41). `check_in` says how absence is established ("claims" or
    "desk", stages.umpiring; the event's default when None). Returns (matches called, the clock or None)."""
    rnd = Round.objects.select_for_update(of=("self",)).select_related("stage__event").get(pk=rnd.pk)
    if rnd.status != Round.Status.PUBLISHED:
        refuse("round", _("%(round)s is a preview: publish it before calling it.") % {"round": rnd.display_name})
    check_in = check_in or default_check_in(rnd.stage.event)
    if check_in not in CHECK_IN_MODES:
        refuse("check_in", _('Say how absence is established: "claims" or "desk".'))
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
    for match in waiting:
        match.check_in, match.declared_absent = check_in, ""
    Match.objects.bulk_update(waiting, ["check_in", "declared_absent"])
    called = [change_status(match, S.CALLED, user=user, reason=reason) for match in waiting]
    clock = start_clock(rnd, user=user) if starts_clock else None
    return called, clock


# ---------------------------------------------------------------- reading a round's schedule


def round_schedule(rnd):
    """A round's matches as the round page and the API show them: by time, then table; matches without a table
    after, byes last. One query, unordered: the matches' own order would join the round's stage, event and
    tournament to sort by them, and the order below is a total one."""
    matches = rnd.matches.select_related("entry_a", "entry_b", "umpire__player", "group").order_by()

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
