"""The stages floor's answer to tournaments.signals.drawn_stages_asked: which stages of an event are drawn, and
whether an entry added now still enters each (an entry import asks before it writes)."""

from stages.models import Stage
from tournaments.signals import DrawnStage


def answer_drawn_stages(sender, event, **kwargs):
    stages = Stage.objects.filter(event=event).exclude(status=Stage.Status.PENDING).order_by("order", "pk")
    return [
        # A Swiss stage entered by the whole event pairs every active entry round by round (pair_swiss_round):
        # a new entry plays from its next round. Other draws keep the entrants they were made with.
        DrawnStage(
            name=stage.name,
            takes_new_entries=(
                stage.kind == Stage.Kind.SWISS and stage.status == Stage.Status.DRAWN and stage.source_id is None
            ),
        )
        for stage in stages
    ]
