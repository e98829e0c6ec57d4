"""A small published knockout for the demos of late arrivals and protests, taken from the Eurocup entry list."""

from stages.models import Stage
from stages.services import draw_stage, publish_stage
from tournaments.models import Event
from tournaments.services import add_entry

SOURCE_EVENT = "Eurocup singles"


def knockout_of_four(event, first):
    """Players `first`..`first + 3` of the Eurocup entry list, seeded in that order, in a published knockout."""
    source = Event.objects.get(tournament=event.tournament, name=SOURCE_EVENT)
    for seed, entry in enumerate(source.entries.prefetch_related("members__player")[first : first + 4], 1):
        add_entry(event, [member.player for member in entry.members.all()], seed=seed)
    stage = Stage.objects.create(event=event, name="Semi-finals and final", kind=Stage.Kind.KNOCKOUT)
    draw_stage(stage)
    publish_stage(stage)
    return stage
