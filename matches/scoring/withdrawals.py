"""What the scoring floor does when an entry withdraws or is reinstated (tournaments.signals.entry_withdrawn).

A withdrawn entry will not come to its board. The laws say what a side that does not come loses: the entire
match (ICF 143(i); queen2 ¶10: a walk-over with no score), 25-0 (ECC 18, "Late Arrival or No Show"); the rule set's
`walkover` says which (rules/README.md, reading 19). So its matches already drawn or paired
and not yet started (a round robin's or groups' matches, its match in a Swiss round already paired) are recorded at
once as walkovers to its opponent, through scoring.services.record_walkover, rather than called and forfeited at
the reporting deadline: the opponent is not kept waiting at a table. A rule set whose laws say nothing of a side
that does not come (office) gets no walkover: the match is only left unscheduled (scheduling.book). Knockouts are
the bracket's business (stages.entry_changes: the opponent goes through with a bye).

Reinstated, the entry gets back the matches its withdrawal gave away, where nothing has been built on them yet:
the stage is not finished and, in a Swiss stage, no later round has been paired on those results."""

from django.db.models import Q
from django.utils.translation import gettext as _

from matches.models import ResultChange
from matches.scoring.services import record_walkover
from matches.services import change_status
from stages.models import Match, Round, Stage

S = Match.Status
# Not started: a withdrawn side will not come to it.
UNPLAYED = (S.SCHEDULED, S.CALLED)


def follow_withdrawal(sender, entry, **kwargs):
    if entry.withdrawn:
        give_walkovers(entry)
    else:
        take_back_walkovers(entry)


def entry_matches(entry):
    """The entry's matches with both sides known, in published rounds of stages still being played, outside
    knockouts."""
    return (
        Match.objects.filter(Q(entry_a=entry) | Q(entry_b=entry), round__status=Round.Status.PUBLISHED)
        .exclude(stage__kind=Stage.Kind.KNOCKOUT)
        .exclude(stage__status=Stage.Status.FINISHED)
        .exclude(entry_a=None)
        .exclude(entry_b=None)
        .select_related("stage__event", "round")
        .order_by("round__number", "number", "pk")
    )


def give_walkovers(entry):
    for match in entry_matches(entry).filter(status__in=UNPLAYED):
        late_arrival = match.stage.event.rules.late_arrival
        if late_arrival is None or late_arrival.consequence != "loses_match":
            continue  # no law makes it a loss: it is only left unscheduled
        side = "a" if match.entry_a_id == entry.pk else "b"
        reason = _("%(law)s: %(entry)s has withdrawn and will not come to the board.") % {
            "law": late_arrival.law,
            "entry": entry,
        }
        record_walkover(match, side, reason=reason, withdrawal=True)


def take_back_walkovers(entry):
    reason = _("%(entry)s is reinstated: the walkover its withdrawal gave is taken back.") % {"entry": entry}
    for match in entry_matches(entry).filter(status=S.WALKOVER):
        last = match.changes.order_by("-pk").first()
        given = last is not None and last.what == ResultChange.What.WALKOVER and last.after.get("withdrawal")
        side = "a" if match.entry_a_id == entry.pk else "b"
        if not given or last.after.get("absent_side") != side or paired_on(match):
            continue
        change_status(match, S.SCHEDULED, reason=reason)


def paired_on(match):
    """A Swiss round after the match's has been paired on its result: the walkover stands."""
    later = match.stage.rounds.filter(number__gt=match.round.number)
    return match.stage.kind == Stage.Kind.SWISS and later.exists()
