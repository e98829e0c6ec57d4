"""Protests (ICF 144-151): the operations the umpire, the chief referee and the secretary perform, one transaction
each. Pages, the API and the admin call these; none repeats their rules.

- `log_oral_protest`: the umpire logs the oral protest at the incident, with the scrutiny fee (ICF 145). Offered
  without the fee, it is not entertained: refused at once, nothing recorded.
- `lodge_written`: the written protest, within the rule set's window after the board (ICF 146; queen2 ¶18).
  The protest is then lodged: the hour for the decision starts (ICF 151(c), `readings.protest_hour_from`) and the
  match result is withheld until the decision (ICF 150).
- `decide`: upheld (replay from the protested board, fee refunded), overruled (result stands, fee forfeited),
  rejected (never lodged in writing within the window, ICF 146, or logged without its fee, ICF 145), or abusive
  (rejected summarily at any time, ICF 148, with a disciplinary report through `conduct.services`) (ICF 151).
  Of two officials deciding at once one wins; the other is refused with the protest as it then stands.
- `flag_overdue`: the periodic task's flag on a decision past its time (ICF 151(c)).
- Photos carried by the written protest: `protests.evidence`.
- `set_fee`: the secretary sets the scrutiny fee asked with every new protest (ICF 145).
- There is no withdrawal (ICF 149): no service deletes or cancels a protest.

Reads live in `protests.selectors`, the fee and its ledger in `protests.fees`, wording in `protests.display`.
"""

import re
from datetime import timedelta

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.errors import Conflict, NotAllowed, ServiceError
from matches.audit import log_change, signed_in, snapshot
from matches.conduct.services import open_abusive_protest_report
from matches.models import ResultChange
from matches.permissions import tournament_of
from matches.scoring import services as match_services
from matches.services import lock_match, result_changed
from protests import display, permissions
from protests.checks import (
    ProtestError,
    check_board,
    check_fee,
    check_outcome,
    check_protests_offered,
    check_stated_end,
    check_stroke,
)
from protests.display import clock, fee_law, window_law
from protests.models import Protest, ProtestSettings
from protests.selectors import completion_time, rule_set_of, window_end
from stages.models import Match
from tournaments.models import EntryMember
from tournaments.notifications import notify, tournament_officials

S = Protest.Status
FEE = Protest.Fee
# An incident of play: a match not yet started, a walkover or a bye had none.
PLAYED = (Match.Status.IN_PLAY, Match.Status.FINISHED, Match.Status.CONFIRMED, Match.Status.RETIRED)
OUTCOMES = {"upheld": S.UPHELD, "overruled": S.OVERRULED, "rejected": S.REJECTED, "abusive": S.REJECTED}
# ICF 145, for a match that had no play: one sentence per status.
NO_INCIDENT = {
    Match.Status.SCHEDULED: gettext_lazy(
        "ICF 145: a protest follows an incident of play; a scheduled match has had none."
    ),
    Match.Status.CALLED: gettext_lazy("ICF 145: a protest follows an incident of play; a called match has had none."),
    Match.Status.WALKOVER: gettext_lazy(
        "ICF 145: a protest follows an incident of play; a walkover / forfeit match has had none."
    ),
    Match.Status.BYE: gettext_lazy("ICF 145: a protest follows an incident of play; a bye match has had none."),
}


def lock(protest):
    return (
        Protest.objects.select_for_update(of=("self",))
        .select_related("match__stage__event__tournament", "match__round")
        .get(pk=protest.pk)
    )


def protest_url(protest):
    return reverse("protest-detail", args=[tournament_of(protest.match).slug, protest.pk])


# ---------------------------------------------------------------- the oral protest and its fee (ICF 145)


@transaction.atomic
def log_oral_protest(
    match,
    *,
    game_no,
    board_no,
    side,
    protester_name,
    decision_appealed,
    stroke_no=None,
    role=Protest.Role.PLAYER,
    fee_paid=False,
    board_completed_at=None,
    user=None,
    at=None,
):
    """ICF 145: the oral protest, intimated to the umpire immediately after the incident "along with the
    prescribed scrutiny fee". "No protest shall be entertained without payment of scrutiny fee": without
    `fee_paid` (or before the tournament has set its fee) it is refused at once and nothing is recorded.
    `stroke_no`: the stroke protested, where the board was kept stroke by stroke."""
    match = lock_match(match)
    rule_set = rule_set_of(match)
    check_protests_offered(rule_set)
    if match.entry_a_id is None or match.entry_b_id is None:
        raise ProtestError("match", _("A match with a bye or an unknown player has no protest."))
    if match.status not in PLAYED:
        message = NO_INCIDENT.get(match.status) or _(
            "ICF 145: a protest follows an incident of play; a %(status)s match has had none."
        ) % {"status": match.get_status_display().lower()}
        raise ProtestError("match", str(message))
    check_board(match, game_no, board_no)
    stroke = check_stroke(match, game_no, board_no, stroke_no)
    if side not in ("A", "B"):
        raise ProtestError("side", _("Say which side protests, A or B."))
    if not protester_name.strip():
        raise ProtestError("protester_name", _("ICF 144: name the player, captain or team manager who protests."))
    if not decision_appealed.strip():
        raise ProtestError(
            "decision_appealed", _("ICF 147: state the decision of the umpire that is appealed against.")
        )
    at = at or timezone.now()
    check_stated_end(board_completed_at, at)
    fee = check_fee(match, rule_set, fee_paid)
    protest = Protest.objects.create(
        match=match,
        game_no=game_no,
        board_no=board_no,
        stroke_no=stroke_no,
        board_stroke=stroke,
        side=side,
        role=role,
        protester_name=protester_name.strip(),
        decision_appealed=decision_appealed.strip(),
        logged_by=signed_in(user),
        intimated_at=at,
        due_at=decision_due(rule_set, at) if hour_from(rule_set) == "oral" else None,
        board_completed_at=board_completed_at,
        # ICF 145: the fee is paid with the oral protest, at the tournament's amount and currency.
        fee_amount=fee.fee_amount,
        fee_currency=fee.fee_currency,
        fee_paid_at=at,
        fee_received_by=signed_in(user),
        fee_status=FEE.HELD,
    )
    return protest


def hour_from(rule_set):
    """The instant ICF 151(c)'s hour runs from: "written" (our reading) or "oral" (rules/README.md)."""
    return rule_set.readings.protest_hour_from


def decision_due(rule_set, lodged):
    """ICF 151(c): one hour from `lodged`; None where the rule set sets no time (queen2 ¶18)."""
    minutes = rule_set.protest_decision_minutes
    return lodged + timedelta(minutes=minutes) if minutes is not None else None


def already_decided(protest):
    """Another official decided first: the protest as it now stands goes back with the refusal (API 409)."""
    return Conflict(
        "status", _("This protest is already decided (%(status)s).") % {"status": display.decided_in_text(protest)}
    )


# ---------------------------------------------------------------- the written protest (ICF 144, 146, 147, 150)


@transaction.atomic
def lodge_written(protest, written_text, point_appealed, user=None, at=None, board_completed_at=None):
    """Attach the written protest, handed in through the chief referee or umpire within the window after the
    board (ICF 146: 15 minutes; queen2 ¶18: 5). The protest is then lodged: it cannot be withdrawn (ICF 149), the
    hour for the decision runs from now (ICF 151(c), our reading) and the match result is withheld until the
    decision (ICF 150)."""
    protest = lock(protest)
    if protest.status == S.LODGED:
        raise ProtestError("status", _("ICF 149: this protest is already lodged; it stands as written."))
    if protest.status != S.ORAL:
        raise already_decided(protest)
    if protest.fee_status != FEE.HELD:  # logged before the fee was required with it
        raise ProtestError(
            "fee",
            _(
                "%(law)s: no protest is entertained without payment of the scrutiny fee; this one was logged "
                "without it and can only be rejected."
            )
            % {"law": fee_law(rule_set_of(protest.match))},
        )
    if not written_text.strip():
        raise ProtestError("written_text", _("ICF 147: state the facts as they occurred."))
    if not point_appealed.strip():
        raise ProtestError("point_appealed", _("ICF 147: state the point appealed against."))
    at = at or timezone.now()
    check_stated_end(board_completed_at, at)
    # The umpire's statement, else what was stated with the oral protest, else the score card: read once.
    protest.board_completed_at = board_completed_at or completion_time(protest)
    rule_set = rule_set_of(protest.match)
    deadline = window_end(protest.board_completed_at, rule_set)
    if deadline is not None and at > deadline:
        minutes = rule_set.protest_window_minutes
        message = ngettext(
            "%(law)s: the written protest was due within %(minutes)s minute of the end of game %(game)s board "
            "%(board)s, by %(deadline)s; it was handed in at %(at)s and is refused.",
            "%(law)s: the written protest was due within %(minutes)s minutes of the end of game %(game)s board "
            "%(board)s, by %(deadline)s; it was handed in at %(at)s and is refused.",
            minutes,
        )
        values = {"law": window_law(rule_set), "minutes": minutes, "game": protest.game_no}
        values.update(board=protest.board_no, deadline=clock(deadline), at=clock(at))
        raise ProtestError("written_text", message % values)
    protest.written_text, protest.point_appealed = written_text.strip(), point_appealed.strip()
    protest.written_received_at, protest.received_by, protest.status = at, signed_in(user), S.LODGED
    if hour_from(rule_set) == "written":
        protest.due_at = decision_due(rule_set, at)
    protest.save()
    withhold(protest, user)
    return protest


def withhold(protest, user):
    """ICF 150: the result of the match is not announced till the protest is considered: not final, not in the
    standings, advancing nobody in a bracket."""
    match = lock_match(protest.match)
    if not match.result_withheld:
        reason = _("Protest #%(pk)s lodged (ICF 150): the result is withheld until the protest is decided.") % {
            "pk": protest.pk
        }
        set_withheld(match, True, ResultChange.What.WITHHELD, user, reason)
    return match


def release(protest, user):
    """The result counts again once no lodged protest on the match is left undecided."""
    match = lock_match(protest.match)
    if match.result_withheld and not match.protests.filter(status=S.LODGED).exists():
        reason = f"{display.headline(protest)} (ICF 151)."
        set_withheld(match, False, ResultChange.What.RELEASED, user, reason)
    return match


def set_withheld(match, withheld, what, user, reason):
    """Withhold or release the locked match's result, in its audit log, and let the bracket follow."""
    result = snapshot(match)  # the result itself does not change, only whether it counts
    before, after = {**result, "result_withheld": match.result_withheld}, {**result, "result_withheld": withheld}
    match.result_withheld = withheld
    match.save(update_fields=["result_withheld", "updated_at"])
    log_change(match, what, before, after, user, reason)
    try:
        result_changed(match)
    except ServiceError as error:
        raise ProtestError("match", error.message) from None


# ---------------------------------------------------------------- the decision (ICF 148, 151)


@transaction.atomic
def decide(protest, outcome, reason, user, at=None):
    """ICF 151, by the tournament authority (a secretary or chief referee, never the umpire of the match):

    - upheld: the match continues from the beginning of the protested board (later boards are voided, kept on
      record) and the fee is refunded (151(a));
    - overruled: the result already obtained stands and the fee is forfeited (151(b));
    - rejected: a protest never lodged in writing within the window (ICF 146), or one logged without its fee
      before the fee was required with it (ICF 145): the fee, if paid, is forfeited as for an overruled protest
      (our reading);
    - abusive: a protest in uncouth and abusive language is summarily rejected, at any time, and invites
      disciplinary action (ICF 148): the fee is forfeited and a disciplinary report is opened (conduct).
    The decision is conveyed to the parties (151(c)) by a notification."""
    protest = lock(protest)
    match = protest.match
    if not permissions.can_decide(user, match):
        raise NotAllowed("user", _("ICF 151: a secretary or chief referee decides, never the umpire of the match."))
    if protest.is_decided:
        raise already_decided(protest)
    if outcome not in OUTCOMES:
        raise ProtestError(
            "outcome",
            _("Decide 'upheld', 'overruled', 'rejected' or 'abusive', not '%(outcome)s'.") % {"outcome": outcome},
        )
    if not reason.strip():
        raise ProtestError("reason", _("ICF 151(c): give the reason; the decision is conveyed to the parties."))
    at = at or timezone.now()
    check_outcome(protest, outcome, at)
    if outcome == "upheld":
        why = _("Protest #%(pk)s upheld (ICF 151(a)): %(reason)s") % {"pk": protest.pk, "reason": reason.strip()}
        match_services.replay_from_board(match, protest.game_no, protest.board_no, user=user, reason=why)
    protest.status, protest.abusive = OUTCOMES[outcome], outcome == "abusive"
    protest.decided_by, protest.decided_at, protest.decision_reason = user, at, reason.strip()
    if protest.fee_status == FEE.HELD:
        protest.fee_status = FEE.REFUNDED if outcome == "upheld" else FEE.FORFEITED
        protest.fee_settled_at = at
    protest.save()
    if protest.abusive:  # ICF 148: "and invite disciplinary action"
        open_abusive_protest_report(protest, user=user, note=protest.decision_reason)
    release(protest, user)
    tell_parties(protest)
    return protest


def tell_parties(protest):
    """ICF 151(c): the decision is conveyed to the parties concerned: both sides' players, the umpire, and the
    official who logged it."""
    match = protest.match
    players = EntryMember.objects.filter(entry_id__in=[match.entry_a_id, match.entry_b_id], player__user__isnull=False)
    users = [member.player.user for member in players.select_related("player__user")]
    users += [u for u in (match.umpire, protest.logged_by) if u is not None]
    # Each reader is told in their own language: notify calls the wording once per language.
    notify(
        users,
        tournament_of(match),
        lambda: display.decision_notice(protest),
        protest_url(protest),
        key=f"protest-{protest.pk}-decided",
    )


# ---------------------------------------------------------------- overdue decisions (ICF 151(c))


def flag_overdue(now=None):
    """Flag every lodged protest whose decision is overdue and tell the secretaries and chief referees, once:
    a second run (or two workers at once) flags and notifies nobody again. Returns how many were flagged."""
    now = now or timezone.now()
    # ICF 151(c) "within one hour": a decision at the hour's last instant is in time; overdue only after it.
    due = Protest.objects.filter(status=S.LODGED, overdue_flagged_at=None, due_at__lt=now)
    flagged = 0
    for pk in due.values_list("pk", flat=True):
        with transaction.atomic():
            protest = (
                Protest.objects.select_for_update(of=("self",))
                .select_related("match__stage__event__tournament", "match__entry_a", "match__entry_b")
                .filter(pk=pk, status=S.LODGED, overdue_flagged_at=None, due_at__lt=now)
                .first()
            )
            if protest is None:  # decided or flagged meanwhile
                continue
            protest.overdue_flagged_at = now
            protest.save(update_fields=["overdue_flagged_at"])
            tell_officials_overdue(protest)
            flagged += 1
    return flagged


def tell_officials_overdue(protest):
    match = protest.match
    tournament = tournament_of(match)
    rule_set = rule_set_of(match)
    key = f"protest-{protest.pk}-overdue"
    officials = tournament_officials(tournament)
    notify(officials, tournament, lambda: display.overdue_notice(protest, rule_set), protest_url(protest), key)


# ---------------------------------------------------------------- the fee setting (ICF 145)


@transaction.atomic
def set_fee(tournament, amount, currency):
    """The scrutiny fee asked with every new protest (ICF 145). Fees already paid keep their amount."""
    if amount is None or amount <= 0:
        raise ProtestError("fee_amount", _("The scrutiny fee is an amount above zero."))
    currency = (currency or "").strip().upper()
    if not re.fullmatch(r"[A-Z]{3}", currency):
        raise ProtestError("fee_currency", _("Give the currency as three letters, e.g. INR, EUR."))
    settings, _created = ProtestSettings.objects.update_or_create(
        tournament=tournament, defaults={"fee_amount": amount, "fee_currency": currency}
    )
    return settings
