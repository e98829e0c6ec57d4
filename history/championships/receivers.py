"""Listening to the floors below: an event of a championship's tournament is prized when its last stage finishes
(SoL prizes a tourney when its final ranking is complete); the ratings read a prized event's ranking here."""

from django.dispatch import receiver

from history.championships.models import Championship, Prize
from history.championships.services import assign_prizes
from history.ratings.signals import prize_ranking_asked
from stages.models import Stage
from stages.signals import stage_finished


@receiver(stage_finished, dispatch_uid="championships-prize-finished-event")
def prize_finished_event(sender, stage, **kwargs):
    event = stage.event
    if event.stages.exclude(status=Stage.Status.FINISHED).exists():
        return
    if Championship.objects.filter(tournaments=event.tournament_id).exists():
        assign_prizes(event)


@receiver(prize_ranking_asked, dispatch_uid="championships-prize-ranking")
def prize_ranking(sender, event, **kwargs):
    return list(Prize.objects.filter(event=event).order_by("place").values_list("entry_id", flat=True))
