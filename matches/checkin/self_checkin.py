"""Self check-in: a player taps "I am at table N" on their personal page and their side counts as reported at its
board (ICF 143(i), ECC 18, queen2 ¶10), exactly as if the desk had tapped "Mark A reported". The desk sees it at its
next refresh and can undo it (`checkin.services.undo_report`), with a reason, when the player was not there.

The reporting window. It opens when the match is called (ICF 143(i): the law's minutes run from the announcement;
ECC 18: calling the round is "Start"), or SELF_CHECKIN_OPENS_MINUTES (settings, 30 by default) before the match's
planned time when that comes first (queen2 ¶10 asks for the player 5 minutes *before* the planned time, before any
call). It closes at the reporting deadline; exactly at the deadline is still in time, as at the desk. After it only
the chief referee can accept a late report, at the desk, with a reason; the player's page then says the deadline
passed. A match without a table cannot be reported at its board, so the button waits for the table.

Doubles: the laws make the pair's presence one fact. ICF 143(i) and ECC 18 take the match from the side whose
player is not at the board, and a pair cannot play with one partner (ICF 28: the partners sit opposite each other,
occupying all four sides), so the side is reported once, by either partner, and the button says "We are both at
table N": a partner taps only when the other is there too. The desk's undo is the remedy for a wrong tap.

Refusals are worded in `checkin.display.window_refusal`; the page's own wording is checkin/_self_checkin.html."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ServiceError
from matches.checkin import display
from matches.checkin.selectors import SIDES, WAITING, late_arrival_of
from matches.checkin.services import report
from matches.services import lock_match
from stages.models import Match, Round
from stages.umpiring import CLAIMS
from tournaments.models import EntryMember, Event

S = Match.Status

# Window states: the button is offered only when OPEN.
OPEN, EARLY, LATE, NO_TABLE, REPORTED, FORFEITED, CLOSED = (
    "open",
    "early",
    "late",
    "no_table",
    "reported",
    "forfeited",
    "closed",
)


def opens_minutes():
    return getattr(settings, "SELF_CHECKIN_OPENS_MINUTES", 30)


@dataclass
class Window:
    """Where one side's self check-in stands at `now`: `state` (one of the states above), when the window opens
    (None: at the call, time unknown), the reporting deadline (None: not known yet) and the law that sets it."""

    state: str
    side: str
    table: int | None
    opens_at: datetime | None
    deadline: datetime | None
    law: str
    reported_at: datetime | None
    doubles: bool  # the side is a pair: the button speaks for both partners
    can_claim: bool = False  # "My opponent is not here" (checkin.absence)

    @property
    def is_open(self):
        return self.state == OPEN


def opens_at(match):
    """When the side may report itself: the call, or SELF_CHECKIN_OPENS_MINUTES before the planned time if that
    is earlier; None while the match is neither called nor planned."""
    moments = []
    if match.status == S.CALLED and match.called_at:
        moments.append(match.called_at)
    if match.planned_at:
        moments.append(match.planned_at - timedelta(minutes=opens_minutes()))
    return min(moments, default=None)


def window(match, side, now):
    """The self check-in window of side `side` of `match` at `now` (the match loaded with its stage's event)."""
    late_arrival = late_arrival_of(match)
    reported_at = getattr(match, f"reported_{side}_at")
    deadline = match.report_deadline
    opening = opens_at(match)
    if side in match.forfeited:
        state = FORFEITED
    elif reported_at is not None:
        state = REPORTED
    elif match.status not in WAITING or match.round.status != Round.Status.PUBLISHED:
        state = CLOSED  # under way, decided, or a preview the players do not see
    elif match.table is None:
        state = NO_TABLE
    elif deadline is not None and now > deadline and not presumed_present(match, side):  # at the deadline: in time
        state = LATE
    elif opening is None or now < opening:
        state = EARLY
    else:
        state = OPEN
    return Window(
        state=state,
        side=side,
        table=match.table,
        opens_at=opening,
        deadline=deadline,
        law=late_arrival.law if late_arrival else "",
        reported_at=reported_at,
        doubles=match.stage.event.kind != Event.Kind.SINGLES,  # a pair (or a team) reports as one side
        can_claim=can_claim(match, side, now),
    )


def presumed_present(match, side):
    """Called by claims (checkin.absence), a side nobody said is absent is never late: it may still tap in."""
    return match.check_in == CLAIMS and side not in match.declared_absent


def can_claim(match, side, now):
    """The side, at its table, may say its opponent is not here: by claims, from the law's deadline on, while
    the opponent has neither reported nor been said absent."""
    other = "b" if side == "a" else "a"
    deadline = match.report_deadline
    return (
        match.check_in == CLAIMS
        and match.status in WAITING
        and deadline is not None
        and now > deadline
        and getattr(match, f"reported_{other}_at") is None
        and other not in match.declared_absent
    )


def side_of(match, player):
    """The side ("a" or "b") of `match` the player plays on, or None."""
    entries = set(EntryMember.objects.filter(player=player).values_list("entry_id", flat=True))
    return next((side for side in SIDES if getattr(match, f"entry_{side}_id") in entries), None)


@transaction.atomic
def self_report(match, player, at=None):
    """The player taps "I am at table N": their side of `match` is reported at its board now (ICF 143(i), ECC 18).
    Refused outside the window, with why; a second tap changes nothing. Returns (match, side)."""
    match = lock_match(match)
    side = side_of(match, player)
    if side is None:
        raise ServiceError("match", _("You do not play in this match."))
    now = at or timezone.now()
    found = window(match, side, now)
    if found.state == REPORTED:
        return match, side
    if not found.is_open:
        raise ServiceError("match", display.window_refusal(found))
    reason = _("Self check-in by %(player)s") % {"player": player.full_name}
    return report(match, side, None, at=now, reason=reason), side
