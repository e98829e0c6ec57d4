"""Late arrivals (ICF 143): reporting at the board, the reporting deadline of each match and the forfeits applied
when it passes.

The deadline comes from the rule set and the match's times. ICF 143(i): 15 minutes after the match is announced
(called); ECC 18: 6 minutes after "Start" (the round clock's start); queen2 ¶10: 5 minutes before the planned time.
Arriving exactly at the deadline is in time; a side not reported by then loses. The deadline is stored on the match
(`report_deadline`, indexed) so the periodic task finds due matches with one query, whatever happened to the worker
or to Redis, and each forfeit is its own transaction: a crash half-way loses nothing and the next run finishes the
job, and a second run (or a second worker) finds nothing left to do.

Score of a forfeit: a walk-over, worth what the rule set's `walkover` says (scoring.services.walkover_figures):
ECC 18 gives 25-0; ICF 143(i) and queen2 ¶10 say the absent player "loses the entire match" and give no score, so
none is written and the standings count the win alone. When
both sides are absent both lose: status walkover, no winner, 0-0, `forfeited == "ab"`; standings count a loss for
each and a bracket advances nobody from that match (the next opponent then has a walkover).

Reads live in `checkin.selectors`, wording in `checkin.display`."""

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from core import page_cache
from core.deadlines import lock_if_due, settle_each
from core.errors import ServiceError
from matches import transitions
from matches.audit import log_change, snapshot
from matches.checkin import display
from matches.checkin.display import clock, entry_name
from matches.checkin.selectors import SIDES, WAITING, late_arrival_of
from matches.models import ResultChange
from matches.permissions import is_official, tournament_of
from matches.scheduling.models import RoundClock
from matches.scoring.services import walkover_figures
from matches.services import lock_match, result_changed
from rules.base import get_rule_set
from stages.models import Match, Round, Stage
from stages.umpiring import CLAIMS
from tournaments.notifications import notify, tournament_officials
from tournaments.permissions import is_chief_referee, is_umpire
from tournaments.services import withdraw_entry

S = Match.Status


# ---------------------------------------------------------------- deadlines


def deadline_for(match, late_arrival, clock_started_at=None):
    """The moment a side not reported at its board loses, or None while the reference time is unknown."""
    if late_arrival is None:
        return None
    minutes = timedelta(minutes=late_arrival.minutes)
    if late_arrival.reference == "announced":
        # ICF 143(i): counted from the announcement; a call that was withdrawn announces nothing.
        return match.called_at + minutes if match.called_at and match.status == S.CALLED else None
    if late_arrival.reference == "start":
        return clock_started_at + minutes if clock_started_at else None
    if late_arrival.reference == "planned_before":
        return match.planned_at - minutes if match.planned_at else None
    raise ValueError(f"Unknown late-arrival reference {late_arrival.reference!r}")


def refresh_deadlines(matches):
    """Recompute and store the reporting deadline of `matches` (after a call, a schedule change or a clock start).
    Matches already decided keep theirs. After a cancelled forfeit the chief referee's new deadline is never
    moved earlier (the law's own reference time has passed by then). Returns the matches whose deadline changed."""
    matches = [m for m in matches if m.status in WAITING]
    if not matches:
        return []
    starts = dict(
        RoundClock.objects.filter(round_id__in={m.round_id for m in matches}).values_list("round_id", "started_at")
    )
    stage_ids = {m.stage_id for m in matches}
    stages = list(Stage.objects.filter(pk__in=stage_ids).values_list("pk", "event__rule_set", "event__tournament"))
    rule_sets = {pk: rule_set for pk, rule_set, _ in stages}
    cancelled = set(
        ResultChange.objects.filter(
            match__in=[m.pk for m in matches], what=ResultChange.What.FORFEIT_CANCELLED
        ).values_list("match_id", flat=True)
    )
    changed = []
    for match in matches:
        late_arrival = get_rule_set(rule_sets[match.stage_id]).late_arrival
        deadline = deadline_for(match, late_arrival, starts.get(match.round_id))
        if match.pk in cancelled and match.report_deadline and (deadline is None or deadline < match.report_deadline):
            deadline = match.report_deadline
        if deadline != match.report_deadline:
            match.report_deadline = deadline
            changed.append(match)
    Match.objects.bulk_update(changed, ["report_deadline"])
    if changed:  # bulk writes send no signals; players' pages show the deadline
        page_cache.changed({tournament for _, _, tournament in stages})
    return changed


# ---------------------------------------------------------------- reporting at the board


def can_report(user, match):
    """The match's umpire or an official marks a side as reported; a match with no umpire assigned may be checked
    in by any umpire of the tournament."""
    return report_check(user, tournament_of(match))(match)


def report_check(user, tournament):
    """`can_report` for the many matches of one tournament, asking the database once."""
    if not user.is_authenticated:
        return lambda match: False
    if is_chief_referee(user, tournament):
        return lambda match: True
    umpire = is_umpire(user, tournament)
    return lambda match: match.umpire_id == user.pk if match.umpire_id is not None else umpire


@transaction.atomic
def report(match, side, user, at=None, reason=""):
    """Mark side `side` ("a" or "b") as reported at its board at `at` (now by default).

    Exactly at the deadline is in time; after it the side has lost (ICF 143(i), ECC 18, queen2 ¶10), so a late
    report is refused, unless the chief referee (or a secretary) accepts it with a reason. Reporting a side twice
    changes nothing."""
    match = lock_match(match)
    if side not in SIDES:
        raise ServiceError("side", _("Say which side, a or b, reported."))
    if getattr(match, f"entry_{side}_id") is None:
        raise ServiceError("side", _("Side %(side)s of this match is not known yet.") % {"side": side.upper()})
    if side in match.forfeited:
        raise ServiceError(
            "side",
            _("%(entry)s has already lost by forfeit: the chief referee can cancel the forfeit, with a reason.")
            % {"entry": entry_name(match, side)},
        )
    field = f"reported_{side}_at"
    if getattr(match, field) is not None:
        return match
    if match.status not in WAITING:
        raise ServiceError(
            "status",
            _("A %(status)s match takes no report at the board.") % {"status": match.get_status_display().lower()},
        )
    at = at or timezone.now()
    late = match.report_deadline is not None and at > match.report_deadline
    late = late and not (match.check_in == CLAIMS and side not in match.declared_absent)  # silence is no lateness
    if late and not (is_official(user, match) and reason.strip()):
        law = late_arrival_of(match).law
        raise ServiceError(
            "side",
            _(
                "%(law)s: the reporting deadline was %(deadline)s; a side not reported by then loses the entire "
                "match. Only the chief referee can accept a late report, with a reason."
            )
            % {"law": law, "deadline": clock(match.report_deadline)},
        )
    before = reports(match)
    setattr(match, field, at)
    match.save(update_fields=[field, "updated_at"])
    log_change(match, ResultChange.What.REPORTED, before, {**reports(match), "side": side, "late": late}, user, reason)
    return match


@transaction.atomic
def report_present(match, sides, user, reason=""):
    """The desk's taps: mark each of `sides` reported at its board now, all or none ("Both present" reports both
    sides in one go). Returns (match, the sides reported now, the sides that had already reported), so the desk
    can say which; a forfeited side is refused with what the chief referee can do."""
    match = lock_match(match)
    if match.forfeited and set(sides) <= set(match.forfeited) and len(sides) > 1:
        refusal = _("Both sides have already lost by forfeit: the chief referee can cancel the forfeit, with a reason.")
        raise ServiceError("side", refusal)
    already = [side for side in sides if side in SIDES and getattr(match, f"reported_{side}_at") is not None]
    at = timezone.now()  # one tap, one moment for both sides
    for side in sides:
        if side not in already:
            match = report(match, side, user, at=at, reason=reason)
    return match, [side for side in sides if side not in already], already


@transaction.atomic
def undo_report(match, side, user, reason):
    """The desk takes back a report at the board (a player's own tap when they were not there, or a tap on the wrong
    table): the side is awaited again, and if the deadline has passed the periodic task forfeits it (ICF 143(i),
    ECC 18). Needs a reason; only while the match waits for its players. Logged like the report itself."""
    match = lock_match(match)
    if side not in SIDES:
        raise ServiceError("side", _("Say which side, a or b, reported."))
    if not reason.strip():
        raise ServiceError("reason", _("Give the reason the check-in is undone (e.g. the player was not there)."))
    field = f"reported_{side}_at"
    if getattr(match, field) is None:
        raise ServiceError(
            "side", _("%(entry)s has not reported: nothing to undo.") % {"entry": entry_name(match, side)}
        )
    if match.status not in WAITING:
        raise ServiceError(
            "status",
            _("A %(status)s match keeps its reports.") % {"status": match.get_status_display().lower()},
        )
    before = reports(match)
    setattr(match, field, None)
    match.save(update_fields=[field, "updated_at"])
    log_change(
        match, ResultChange.What.REPORTED, before, {**reports(match), "side": side, "undone": True}, user, reason
    )
    return match


def reports(match):
    """The reporting fields as the audit log records them, before and after a change."""
    return {
        "reported_a_at": match.reported_a_at.isoformat() if match.reported_a_at else None,
        "reported_b_at": match.reported_b_at.isoformat() if match.reported_b_at else None,
        "report_deadline": match.report_deadline.isoformat() if match.report_deadline else None,
        "forfeited": match.forfeited,
    }


# ---------------------------------------------------------------- forfeits at the deadline


def due_matches(now):
    """Matches whose deadline passed before `now` with a side not reported: the ones to forfeit."""
    unreported = Q(reported_a_at=None) | Q(reported_b_at=None)
    # Called "by claims" (matches.checkin.absence), silence forfeits nobody: only a side declared absent loses.
    established = ~Q(check_in=CLAIMS) | ~Q(declared_absent="")
    return Match.with_rubbers.filter(  # a rubber called on its own has its own deadline
        unreported,
        established,
        status__in=WAITING,
        round__status=Round.Status.PUBLISHED,  # a preview's draw can still change: it takes no play (nor forfeit)
        report_deadline__lt=now,  # exactly at the deadline is still in time
        entry_a__isnull=False,
        entry_b__isnull=False,
    )


def apply_forfeits(now=None):
    """Forfeit every match past its deadline with a side not reported (the periodic task). One transaction per
    match, each re-checked under a row lock that other workers skip, so two workers at once, a second run or a
    run after a crash forfeit each match once. Returns how many matches were forfeited."""
    now = now or timezone.now()
    pks = due_matches(now).order_by("report_deadline", "pk").values_list("pk", flat=True)
    return settle_each(pks, lambda pk: forfeit_if_due(pk, now), "Forfeit")


@transaction.atomic
def forfeit_if_due(pk, now):
    """Forfeit match `pk` if it is still due; 0 when another worker holds it or has already done it."""
    match = lock_if_due(due_matches(now), pk, "stage__event__tournament", "round", "entry_a", "entry_b")
    if match is None:
        return 0
    absent = "".join(side for side in SIDES if getattr(match, f"reported_{side}_at") is None)
    if match.check_in == CLAIMS:
        absent = "".join(side for side in absent if side in match.declared_absent)
    if not absent:
        return 0
    record_forfeit(match, absent)
    if match.stage.kind == Stage.Kind.SWISS and match.stage.forfeit_withdraws:
        for side in absent:
            withdraw_entry(getattr(match, f"entry_{side}"))
    notify_forfeit(match)
    result_changed(match)
    return 1


def record_forfeit(match, absent):
    """Write the forfeit of the locked `match`: the side(s) in `absent` lose (see the module's docstring)."""
    late_arrival = late_arrival_of(match)
    before = snapshot(match)
    reason = _("%(law)s: not reported at the board by %(deadline)s") % {
        "law": late_arrival.law,
        "deadline": clock(match.report_deadline),
    }
    transitions.move(match, S.WALKOVER, reason=reason, service="walkover")
    match.forfeited = absent
    if absent == "ab":
        match.winner_id = None
        match.score_a = match.score_b = match.games_a = match.games_b = 0
    else:
        match.winner_id = match.entry_b_id if absent == "a" else match.entry_a_id
        match.score_a, match.score_b, match.games_a, match.games_b = forfeit_score(match, absent)
    match.save()
    after = {**snapshot(match), "forfeited": absent, "report_deadline": match.report_deadline.isoformat()}
    log_change(match, ResultChange.What.FORFEIT, before, after, None, reason)


def forfeit_score(match, absent):
    """(score_a, score_b, games_a, games_b) of the side `absent` losing by forfeit: a walk-over (ECC 18: 25-0;
    ICF 143(i), queen2 ¶10: no score)."""
    return walkover_figures(match, absent)


def notify_forfeit(match):
    """Tell the umpire, the officials and the players; keyed by the forfeit's number so a rerun notifies once."""
    count = match.changes.filter(what=ResultChange.What.FORFEIT).count()
    law = late_arrival_of(match).law
    notify_people(match, lambda: display.forfeit_notice(match, law), f"forfeit:{match.pk}:{count}")


def notify_people(match, message, key):
    """The officials and the umpire get the check-in page; the players the stage page. `message()` gives the
    (subject, body), worded in the language active when it is called: each reader's own."""
    tournament = tournament_of(match)
    staff = {*tournament_officials(tournament), match.umpire}
    notify(staff, tournament, message, checkin_url(match), key)
    players = get_user_model().objects.filter(player__memberships__entry__in=[match.entry_a_id, match.entry_b_id])
    notify(players, tournament, message, match.stage.get_absolute_url(), key)


def checkin_url(match):
    return reverse("round-checkin", args=[tournament_of(match).slug, match.round_id])


# ---------------------------------------------------------------- the chief referee's override


@transaction.atomic
def cancel_forfeit(match, user, reason, reported=()):
    """Cancel a forfeit (e.g. a delay the organisers caused): the match is announced again. Sides in `reported`
    are at their board now; any other side gets the law's time again, counted from now. Only while the round is
    not over: refused once the next Swiss round is paired or a player of the match has played on in the bracket.
    Standings and brackets follow."""
    match = lock_match(match)
    if match.status != S.WALKOVER or not match.forfeited:
        raise ServiceError("status", _("This match was not forfeited for late arrival."))
    if not reason.strip():
        raise ServiceError(
            "reason", _("Give the reason the forfeit is cancelled (e.g. a delay the organisers caused).")
        )
    if any(side not in SIDES for side in reported):
        raise ServiceError("reported", _("Sides are a and b."))
    refusal = round_closed(match)
    if refusal:
        raise ServiceError("status", refusal)
    before = {**snapshot(match), **reports(match)}
    absent = match.forfeited
    transitions.move(match, S.SCHEDULED, reason=reason)  # cancel the walkover ...
    transitions.move(match, S.CALLED, reason=reason)  # ... and announce the match again
    now = match.called_at  # stamped by the announcement: the law's minutes run again from it
    match.winner_id = match.score_a = match.score_b = None
    match.games_a = match.games_b = 0
    match.forfeited = match.declared_absent = ""  # a claim of absence goes with the forfeit it caused
    for side in reported:
        if getattr(match, f"reported_{side}_at") is None:
            setattr(match, f"reported_{side}_at", now)
    match.report_deadline = now + timedelta(minutes=late_arrival_of(match).minutes)
    match.save()
    # Withdrawn after the forfeit (a Swiss choice): the forfeit no longer stands, so neither does that.
    for side in absent:
        entry = getattr(match, f"entry_{side}")
        if entry.withdrawn:
            withdraw_entry(entry, withdrawn=False)
    after = {**snapshot(match), **reports(match)}
    log_change(match, ResultChange.What.FORFEIT_CANCELLED, before, after, user, reason)
    count = match.changes.filter(what=ResultChange.What.FORFEIT_CANCELLED).count()
    notify_people(match, lambda: display.cancelled_notice(match, reason), f"forfeit-cancelled:{match.pk}:{count}")
    result_changed(match)
    return match


def round_closed(match):
    """Why a forfeit can no longer be cancelled, or None."""
    stage = match.stage
    if stage.status == Stage.Status.FINISHED:
        return _("%(stage)s is finished: the forfeit stands.") % {"stage": stage.name}
    if stage.kind == Stage.Kind.SWISS:
        later = stage.rounds.filter(number__gt=match.round.number).order_by("number").first()
        if later:
            return _("Round %(number)s is already paired: the forfeit stands (delete that round to cancel it).") % {
                "number": later.number
            }
    if stage.kind == Stage.Kind.KNOCKOUT:
        entries = [match.entry_a_id, match.entry_b_id]
        played_on = (
            stage.matches.filter(round__number__gt=match.round.number)
            .filter(Q(entry_a__in=entries) | Q(entry_b__in=entries))
            .exclude(status__in=(S.SCHEDULED, S.CALLED, S.BYE))
            .select_related("round")
            .first()
        )
        if played_on:
            stage_round = played_on.round.display_name.lower()
            return _("The %(round)s of this bracket is already under way: the forfeit stands.") % {"round": stage_round}
    return None


# ---------------------------------------------------------------- Swiss: withdraw or keep


@transaction.atomic
def set_withdrawn_after_forfeit(match, side, withdrawn):
    """Swiss: withdraw the side that forfeited from the later rounds, or keep it in (ECC: everyone is expected to
    play all rounds, so keeping is the default). Withdrawn entries are left out of later pairings."""
    match = lock_match(match)
    if match.stage.kind != Stage.Kind.SWISS:
        raise ServiceError("stage", _("Only a Swiss stage withdraws a player from its later rounds."))
    if side not in SIDES or side not in match.forfeited:
        raise ServiceError("side", _("Only a side that lost by forfeit is withdrawn here."))
    if match.stage.status == Stage.Status.FINISHED:
        raise ServiceError("stage", _("%(stage)s is finished.") % {"stage": match.stage.name})
    entry = getattr(match, f"entry_{side}")
    withdraw_entry(entry, withdrawn=withdrawn)
    return entry
