"""The rest before the deciding game (ICF 138: "an interval of 10 minutes in between the second and third
games"; ICF 143(b): a player who "fails to abide by the time limit given for the rest" loses the entire match).

The card starts it when game 2 ends (scoring.signals.game_finished). Its deadline is stored on the match
(`Match.rest_deadline`, indexed) and applied by the periodic task `conduct.tasks.apply_rest_deadlines`, the same
mechanism as late arrivals (checkin.tasks): one transaction per due match, under a row lock other workers skip,
the deadline cleared in the transaction that applies it, so a player not back loses the match exactly once, across
restarts. The rest ends at the deadline itself: marked back at 10:00 is in time, at 10:01 it is not."""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.deadlines import lock_if_due, settle_each
from core.errors import Conflict, ServiceError
from matches.conduct import display
from matches.conduct.models import ConductChange, RestInterval
from matches.conduct.services import check_official, end_with_loss, laws_of, log, refuse
from matches.services import lock_match
from stages.models import Match
from tournaments.models import EntryMember

S = Match.Status
SIDES = ("a", "b")


def start_rest(sender, match, game_no, match_over, now=None, **kwargs):
    """Receiver of scoring.signals.game_finished: game 2 ended and the match goes on, so the rest of ICF 138
    starts now. Sets `match.rest_deadline`; the card saves the match."""
    laws = laws_of(match)
    if match_over or game_no != 2 or laws.rest_minutes is None:
        return
    now = now or timezone.now()
    deadline = now + timedelta(minutes=laws.rest_minutes)
    match.rest_deadline = deadline
    RestInterval.objects.update_or_create(  # a game 2 replayed after a protest starts a new rest
        match=match,
        defaults={
            "started_at": now,
            "ends_at": deadline,
            "back_a_at": None,
            "back_b_at": None,
            "outcome": RestInterval.Outcome.RUNNING,
            "settled_at": None,
        },
    )
    after = {"law": laws.rest_law, "started_at": now.isoformat(), "deadline": deadline.isoformat()}
    log(match, ConductChange.What.REST_STARTED, None, after, laws.rest_law)


def settle(match, rest, outcome, now):
    """End the rest: no deadline left on the match (the locked `match` is saved here)."""
    rest.outcome, rest.settled_at = outcome, now
    rest.save(update_fields=["outcome", "settled_at"])
    match.rest_deadline = None
    match.save(update_fields=["rest_deadline", "updated_at"])


@transaction.atomic
def mark_back(match, side, user, now=None):
    """The umpire marks the player of `side` back at the board. In time up to the deadline itself; after it the
    law applies (the task, or the chief referee's decision), so a late mark is refused."""
    match = lock_match(match)
    check_official(user, match)
    laws = laws_of(match)
    if laws.rest_law is None:
        refuse("rest", laws)
    if side not in SIDES:
        raise ServiceError("side", _("Say which side, a or b, is back."))
    rest = RestInterval.objects.filter(match=match).first()
    if match.rest_deadline is None or rest is None or rest.outcome != RestInterval.Outcome.RUNNING:
        raise Conflict("side", _("%(law)s: no rest is running on this match.") % {"law": laws.rest_law})
    now = now or timezone.now()
    loss_law = laws.clause(laws.rest_loss_clause).law
    if now > match.rest_deadline:
        raise ServiceError("side", display.rest_over(laws.rest_law, loss_law, match.rest_deadline))
    if getattr(rest, f"back_{side}_at") is None:
        setattr(rest, f"back_{side}_at", now)
        rest.save(update_fields=[f"back_{side}_at"])
        after = {"side": side, "law": laws.rest_law, "back_at": now.isoformat()}
        log(match, ConductChange.What.REST_BACK, user, after, laws.rest_law)
    if rest.back_a_at and rest.back_b_at:
        settle(match, rest, RestInterval.Outcome.BACK, now)
        log(match, ConductChange.What.REST_SETTLED, user, {"outcome": rest.outcome}, laws.rest_law)
    return rest


def due_matches(now):
    """Matches whose rest has ended: strictly after the deadline (the 10th minute is still in time)."""
    return Match.with_rubbers.filter(rest_deadline__isnull=False, rest_deadline__lt=now)


def apply_rest_deadlines(now=None):
    """The periodic task: settle every rest past its deadline. Returns how many matches were lost."""
    now = now or timezone.now()
    pks = due_matches(now).order_by("rest_deadline", "pk").values_list("pk", flat=True)
    return settle_each(pks, lambda pk: settle_if_due(pk, now), "Rest deadline")


@transaction.atomic
def settle_if_due(pk, now):
    """Settle match `pk`'s rest if it is still due; 1 when a player lost the match (ICF 143(b)), else 0."""
    match = lock_if_due(due_matches(now), pk, "stage__event__tournament", "round", "entry_a", "entry_b")
    if match is None:  # another worker holds it or has settled it
        return 0
    laws = laws_of(match)
    rest, _created = RestInterval.objects.get_or_create(
        match=match, defaults={"started_at": match.rest_deadline, "ends_at": match.rest_deadline}
    )
    absent = [side for side in SIDES if getattr(rest, f"back_{side}_at") is None]
    playing_on = match.boards.filter(voided=False, game_no__gt=2).exists()  # game 3 begun: both were there
    if match.status != S.IN_PLAY or playing_on or not absent or laws.rest_loss_clause is None:
        outcome = RestInterval.Outcome.BACK if playing_on or not absent else RestInterval.Outcome.ENDED
        settle(match, rest, outcome, now)
        log(match, ConductChange.What.REST_SETTLED, None, {"outcome": outcome}, laws.rest_law or "")
        return 0
    if len(absent) == 2:  # ICF 143 makes each "liable to lose": which result stands is the chief referee's call
        settle(match, rest, RestInterval.Outcome.BOTH_ABSENT, now)
        log(match, ConductChange.What.REST_SETTLED, None, {"outcome": rest.outcome}, laws.rest_law)
        return 0
    side = absent[0]
    clause = laws.clause(laws.rest_loss_clause)
    deadline = match.rest_deadline
    settle(match, rest, RestInterval.Outcome.LOST, now)  # cleared first: record_walkover re-reads the match
    members = list(EntryMember.objects.filter(entry_id=getattr(match, f"entry_{side}_id")).select_related("player"))
    player = members[0].player if len(members) == 1 else None
    reason = display.rest_loss_reason(clause, laws.rest_law, match, side, deadline)
    end_with_loss(match, side, clause, None, reason, player=player)
    return 1
