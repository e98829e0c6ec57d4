"""What the stages floor does when the tournaments floor changes an entry (tournaments.signals): a withdrawn
entry's opponents advance in the knockouts already drawn."""

from django.db.models import Q
from django.utils.translation import gettext as _

from core.errors import ServiceError
from stages.bracket import sync_bracket
from stages.errors import StageError
from stages.models import Match, Stage

# A match not under way yet: a reinstated entry may still take its place in it.
NOT_STARTED = (Match.Status.SCHEDULED, Match.Status.BYE)


def follow_withdrawal(sender, entry, **kwargs):
    """Move on every drawn bracket the entry plays in: withdrawn, its opponent advances without play (a bye, so
    the match is neither called nor scheduled); reinstated, it takes its place back in a match not yet played.
    Swiss rounds and round robins read `withdrawn` when they pair or draw: nothing to do for them here."""
    plays = Q(matches__entry_a=entry) | Q(matches__entry_b=entry)
    brackets = Stage.objects.filter(plays, kind=Stage.Kind.KNOCKOUT, status=Stage.Status.DRAWN).distinct()
    for stage in brackets.select_related("event"):
        if not entry.withdrawn:
            refuse_if_played_on(stage, entry)
        try:
            sync_bracket(stage)
        except StageError as error:
            raise ServiceError("withdrawn", str(error)) from None


def refuse_if_played_on(stage, entry):
    """A reinstated entry would take back a place its opponent has already played on from: refused."""
    given = Match.objects.filter(stage=stage, status=Match.Status.BYE).filter(Q(entry_a=entry) | Q(entry_b=entry))
    for bye in given.exclude(entry_a=None).exclude(entry_b=None).exclude(winner=None).select_related("round"):
        later = Match.objects.filter(stage=stage, round__number__gt=bye.round.number)
        played = later.filter(Q(entry_a=bye.winner_id) | Q(entry_b=bye.winner_id)).exclude(status__in=NOT_STARTED)
        if played.exists():
            raise ServiceError(
                "withdrawn",
                _("%(entry)s's opponent has already played on in %(stage)s: the withdrawal stands there.")
                % {"entry": entry, "stage": stage.name},
            )
