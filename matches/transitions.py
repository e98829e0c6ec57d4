"""The match state machine, in one place.

scheduled -> called (announced) -> in play -> finished -> confirmed; plus walkover/forfeit, retired, and "replay
from board N". `MOVES` lists every allowed move; `services.transition()` makes the moves a person asks for
directly, the other services make the others (a result finishes a match, a walkover needs the absent side, a replay
needs the board). Every move writes the audit log.
"""

from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ServiceError
from matches.display import status_label
from stages.models import Match, Round

S = Match.Status


class TransitionError(ServiceError):
    """A change of a match's state that the state machine does not allow."""

    def __init__(self, message):
        super().__init__("status", message)


@dataclass(frozen=True)
class Move:
    label: str  # the action, named in the refusals (PREVIEW_REFUSALS, REASON_NEEDED hold them as whole sentences)
    # None: made by `services.transition()`; otherwise the service that makes it (named in the refusal message).
    service: str | None = None
    needs_reason: bool = False


MOVES = {
    (S.SCHEDULED, S.CALLED): Move("announce the match"),
    (S.SCHEDULED, S.IN_PLAY): Move("start the match"),
    (S.CALLED, S.IN_PLAY): Move("start the match"),
    (S.CALLED, S.SCHEDULED): Move("withdraw the call", needs_reason=True),
    (S.IN_PLAY, S.RETIRED): Move("retire", service="retire"),
    (S.FINISHED, S.CONFIRMED): Move("confirm the result"),
    (S.RETIRED, S.CONFIRMED): Move("confirm the result"),
    (S.CONFIRMED, S.FINISHED): Move("reopen the result for correction", needs_reason=True),
    (S.WALKOVER, S.SCHEDULED): Move("cancel the walkover", needs_reason=True),
    # Made by the services only.
    (S.SCHEDULED, S.FINISHED): Move("record the result", service="result"),
    (S.CALLED, S.FINISHED): Move("record the result", service="result"),
    (S.IN_PLAY, S.FINISHED): Move("record the result", service="result"),
    (S.FINISHED, S.FINISHED): Move("correct the result", service="result"),
    (S.SCHEDULED, S.CONFIRMED): Move("record and confirm the result", service="result"),
    (S.CALLED, S.CONFIRMED): Move("record and confirm the result", service="result"),
    (S.IN_PLAY, S.CONFIRMED): Move("record and confirm the result", service="result"),
    (S.CONFIRMED, S.CONFIRMED): Move("correct the confirmed result", service="result"),
    (S.SCHEDULED, S.WALKOVER): Move("award a walkover", service="walkover"),
    (S.CALLED, S.WALKOVER): Move("award a walkover", service="walkover"),
    (S.IN_PLAY, S.WALKOVER): Move("award a walkover", service="walkover"),
    (S.FINISHED, S.WALKOVER): Move("award a walkover", service="walkover"),
    (S.IN_PLAY, S.IN_PLAY): Move("replay from a board", service="replay"),
    (S.FINISHED, S.IN_PLAY): Move("replay from a board", service="replay"),
    (S.CONFIRMED, S.IN_PLAY): Move("replay from a board", service="replay"),
    (S.RETIRED, S.IN_PLAY): Move("replay from a board", service="replay"),
}

# Why a move asked of `services.transition()` is refused when another operation must make it.
SERVICE_HINTS = {
    "result": gettext_lazy(
        "a match finishes when the rules say so: enter its boards on the score card, or its final score"
    ),
    "walkover": gettext_lazy("record a walkover with the side that did not play"),
    "retire": gettext_lazy("record a retirement with the side that retires"),
    "replay": gettext_lazy("use 'replay from board N' to return a match to play"),
}

# A preview round refuses every action (require_published), by the action: each a whole sentence for translators.
PREVIEW_REFUSALS = {
    "enter results": gettext_lazy("%(round)s is a preview: publish the draw to enter results."),
    "announce the match": gettext_lazy("%(round)s is a preview: publish the draw to announce the match."),
    "start the match": gettext_lazy("%(round)s is a preview: publish the draw to start the match."),
    "withdraw the call": gettext_lazy("%(round)s is a preview: publish the draw to withdraw the call."),
    "retire": gettext_lazy("%(round)s is a preview: publish the draw to retire."),
    "confirm the result": gettext_lazy("%(round)s is a preview: publish the draw to confirm the result."),
    "reopen the result for correction": gettext_lazy(
        "%(round)s is a preview: publish the draw to reopen the result for correction."
    ),
    "cancel the walkover": gettext_lazy("%(round)s is a preview: publish the draw to cancel the walkover."),
    "record the result": gettext_lazy("%(round)s is a preview: publish the draw to record the result."),
    "correct the result": gettext_lazy("%(round)s is a preview: publish the draw to correct the result."),
    "record and confirm the result": gettext_lazy(
        "%(round)s is a preview: publish the draw to record and confirm the result."
    ),
    "correct the confirmed result": gettext_lazy(
        "%(round)s is a preview: publish the draw to correct the confirmed result."
    ),
    "award a walkover": gettext_lazy("%(round)s is a preview: publish the draw to award a walkover."),
    "replay from a board": gettext_lazy("%(round)s is a preview: publish the draw to replay from a board."),
    "record the toss": gettext_lazy("%(round)s is a preview: publish the draw to record the toss."),
    "fill its score card": gettext_lazy("%(round)s is a preview: publish the draw to fill its score card."),
}
# The moves that need a reason, by their label.
REASON_NEEDED = {
    "withdraw the call": gettext_lazy("Give a reason to withdraw the call."),
    "reopen the result for correction": gettext_lazy("Give a reason to reopen the result for correction."),
    "cancel the walkover": gettext_lazy("Give a reason to cancel the walkover."),
}

TIMESTAMPS = {S.CALLED: "called_at", S.IN_PLAY: "started_at", S.FINISHED: "finished_at", S.CONFIRMED: "confirmed_at"}
# Stamped again on every such move; the others keep their first time. ICF 143(i): the reporting time runs from the
# latest announcement.
RESTAMPED = (S.CALLED, S.FINISHED, S.CONFIRMED)


def allowed_from(status):
    """The states `services.transition()` can take a match to from `status`."""
    return [to for (frm, to), move in MOVES.items() if frm == status and move.service is None]


def refusal(match, to_status):
    """The message explaining why `to_status` cannot follow the match's status, or None if the move is allowed."""
    frm = match.status
    if to_status not in S.values:
        return _("'%(status)s' is not a match state; the states are %(states)s.") % {
            "status": to_status,
            "states": ", ".join(S.values),
        }
    if to_status == S.BYE:
        return _("Byes are made by the draw, not by changing a match's state.")
    move = MOVES.get((frm, to_status))
    if move is None:
        was, wanted = status_label(frm), status_label(to_status)
        options = ", ".join(status_label(s) for s in allowed_from(frm)) or _("nothing (its result stands)")
        return _("A %(was)s match cannot become %(wanted)s; from %(was)s it can become: %(options)s.") % {
            "was": was,
            "wanted": wanted,
            "options": options,
        }
    return None


def require_published(match, what="enter results"):
    """A preview round's draw can still change (pairings swapped, the round deleted and paired again), so its
    matches take no play: no call, start, result, walkover, forfeit, toss or score card entry until it is published.
    The match's round must be loaded (the services lock matches with it)."""
    if match.round.status != Round.Status.PUBLISHED:
        message = PREVIEW_REFUSALS.get(what) or _("%(round)s is a preview: publish the draw to %(action)s.")
        raise TransitionError(message % {"round": match.round.display_name, "action": what})


def check_move(match, to_status, service=None):
    message = refusal(match, to_status)
    if message:
        raise TransitionError(message)
    move = MOVES[(match.status, to_status)]
    if move.service is not None and move.service != service:
        was, wanted = status_label(match.status), status_label(to_status)
        raise TransitionError(
            _("A %(was)s match cannot simply be set %(wanted)s: %(hint)s.")
            % {"was": was, "wanted": wanted, "hint": SERVICE_HINTS[move.service]}
        )
    require_published(match, move.label)
    return move


def move(match, to_status, reason="", service=None):
    """Change the status of a locked match (and its timestamps); the caller saves it and writes the audit log.
    Returns the old status."""
    checked = check_move(match, to_status, service)
    if checked.needs_reason and not reason.strip():
        message = REASON_NEEDED.get(checked.label) or _("Give a reason to %(action)s.")
        raise TransitionError(message % {"action": checked.label})
    old = match.status
    match.status = to_status
    stamp = TIMESTAMPS.get(to_status)
    if stamp and (getattr(match, stamp) is None or to_status in RESTAMPED):
        setattr(match, stamp, timezone.now())
    if to_status != S.CONFIRMED:
        match.confirmed_at = None
    return old
