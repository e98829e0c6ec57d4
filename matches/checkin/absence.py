"""Absence is established, never inferred from silence.

A round is called with a check-in mode (stages.umpiring, Match.check_in). By the desk ("desk"): the desk and the
umpires mark every arrival, and a side unmarked at the law's deadline loses (ICF 143(i), ECC 18, queen2 ¶10), as
umpired events always ran. By claims ("claims", the default of self-umpired events): players simply sit down and
play, and a side loses for lateness only when someone on the spot says it is absent: the desk, the umpire, or the
present opponent from their own link, from the law's deadline on. A toss or a board on the card proves both sides
present (scoring.services.record_toss; a board puts the match in play).

A round's lateness forfeits are undone in one step by the chief referee (`cancel_round_forfeits`): each match is
announced again with both sides present, each step audited as a cancelled forfeit."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import NotAllowed, ServiceError
from matches.audit import log_change
from matches.checkin import display
from matches.checkin.display import clock, entry_name
from matches.checkin.selectors import SIDES, WAITING, late_arrival_of
from matches.checkin.services import can_report, cancel_forfeit, forfeit_if_due, reports
from matches.models import ResultChange
from matches.services import lock_match
from stages.models import Match
from tournaments.permissions import is_chief_referee

S = Match.Status


@transaction.atomic
def declare_absent(match, side, user=None, by_side=None, now=None):
    """Someone on the spot says side `side` is absent: the desk or the umpire (`user`), or the opponent, side
    `by_side`, from their own link (then only from the law's deadline on, and the claimant is present). Past the
    deadline the absent side loses at once; before it, at the deadline if it has not reported by then."""
    now = now or timezone.now()
    match = lock_match(match)
    if side not in SIDES or getattr(match, f"entry_{side}_id") is None:
        raise ServiceError("side", _("Say which side, a or b, is absent."))
    if by_side is None and not can_report(user, match):
        raise NotAllowed("side", _("Only the match's umpire or an official of the tournament says a side is absent."))
    if by_side is not None and by_side == side:
        raise ServiceError("side", _("A player says their opponent is absent, not themselves."))
    if match.status not in WAITING:
        raise ServiceError(
            "status",
            _("A %(status)s match has nobody to wait for.") % {"status": match.get_status_display().lower()},
        )
    reported = getattr(match, f"reported_{side}_at")
    if reported is not None:
        raise ServiceError(
            "side",
            _("%(entry)s reported at the board at %(time)s.")
            % {"entry": entry_name(match, side), "time": clock(reported)},
        )
    deadline = match.report_deadline
    if by_side is not None and (deadline is None or now <= deadline):
        raise ServiceError("side", display.claim_too_early(match, late_arrival_of(match)))
    before = {**reports(match), "declared_absent": match.declared_absent}
    if side not in match.declared_absent:
        match.declared_absent = "".join(s for s in SIDES if s in match.declared_absent + side)
    fields = ["declared_absent", "updated_at"]
    if by_side is not None and getattr(match, f"reported_{by_side}_at") is None:
        setattr(match, f"reported_{by_side}_at", deadline)  # the claimant was at the board, waiting: in time
        fields.append(f"reported_{by_side}_at")
    match.save(update_fields=fields)
    after = {**reports(match), "declared_absent": match.declared_absent, "side": side, "by_side": by_side}
    log_change(match, ResultChange.What.ABSENT, before, after, user)
    if deadline is not None and now > deadline:
        forfeit_if_due(match.pk, now)
    match.refresh_from_db()
    return match


def lateness_forfeits(rnd):
    """The round's matches lost for lateness (not a walkover the secretary entered)."""
    return list(rnd.matches.filter(status=S.WALKOVER).exclude(forfeited="").order_by("number", "pk"))


@transaction.atomic
def cancel_round_forfeits(rnd, user, reason):
    """Undo every lateness forfeit of the round in one step (the chief referee's, with a reason): each match is
    announced again with both sides present, audited as a cancelled forfeit. All or none. Returns the matches."""
    if not is_chief_referee(user, rnd.stage.event.tournament):
        raise NotAllowed("reason", _("Only the chief referee or a secretary cancels a round's forfeits."))
    if not reason.strip():
        raise ServiceError("reason", _("Give the reason the forfeits are cancelled (e.g. the players were there)."))
    forfeited = lateness_forfeits(rnd)
    if not forfeited:
        raise ServiceError("reason", _("No match of %(round)s was lost for lateness.") % {"round": rnd.display_name})
    return [cancel_forfeit(match, user, reason, reported=SIDES) for match in forfeited]
