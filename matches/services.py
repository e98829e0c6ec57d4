"""What every match-day app does to a match: lock it for the transaction, move its state as a person asked, and
let the brackets follow a result that changed. Each move goes through the state machine (`matches.transitions`) and
writes the audit log (`matches.audit`)."""

from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import ServiceError
from matches import transitions
from matches.audit import log_change, snapshot
from matches.models import ResultChange
from matches.transitions import TransitionError
from stages.bracket import sync_bracket
from stages.errors import StageError
from stages.models import Match, Stage
from stages.signals import match_news, match_times_changed, result_confirmed, rubber_changed

S = Match.Status


def lock_match(match, **annotations):
    """The match, locked for this transaction. It may have gone meanwhile (the secretary deleted its round while the
    result was being entered): that is a refusal to show, not a server error. `annotations`: what the caller
    reads with it (Django's annotate), in the same query."""
    try:
        return (
            Match.with_rubbers.select_for_update(of=("self",))
            .select_related("stage__event__tournament", "round")
            .annotate(**annotations)
            .get(pk=match.pk)
        )
    except Match.DoesNotExist:
        raise ServiceError("match", _("This match no longer exists: its round was deleted.")) from None


@transaction.atomic
def change_status(match, to_status, user=None, reason=""):
    """A move a person asks for directly (announce, start, withdraw the call, reopen, cancel a walkover)."""
    match = lock_match(match)
    was_decided = match.is_decided
    before = snapshot(match)
    if match.forfeited:  # the check-in page's override also says who is at the board and sets a deadline
        raise TransitionError(_("This match was forfeited for late arrival: cancel the forfeit on the check-in page."))
    transitions.move(match, to_status, reason=reason)
    if before["status"] == S.WALKOVER:  # cancelled walkover: no result any more
        match.winner_id = match.score_a = match.score_b = None
    match_times_changed.send(sender=Match, matches=[match])
    match.save()
    log_change(match, ResultChange.What.STATUS, before, snapshot(match), user, reason)
    if to_status == S.CALLED:  # the players hear it at once: go to the table
        match_news.send(sender=Match, matches=[match], news="called")
    if was_decided:
        result_changed(match)
    return match


def result_changed(match):
    """Standings are computed from decided matches, so they follow by themselves; brackets are recomputed. A
    rubber's result settles its tie's score first (matches.ties), and the tie's own change comes back here."""
    if match.is_decided:
        result_confirmed.send(sender=Match, match=match)
    if match.tie_id is not None:
        rubber_changed.send(sender=Match, rubber=match)
        return
    if match.stage.kind == Stage.Kind.KNOCKOUT:
        try:
            sync_bracket(match.stage)
        except StageError as error:
            raise ServiceError("games", str(error)) from None
