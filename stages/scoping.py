"""Pages scoped by the stage in their URL, as tournaments.scoping scopes them by the tournament: the stage a visitor
may see, and the one a secretary changes (the stage page's actions, and the result a secretary enters from it)."""

from django.shortcuts import get_object_or_404

from stages.models import Stage
from tournaments.scoping import secretary_tournament, visible_tournament


def stage_queryset():
    return Stage.objects.select_related("event__tournament", "source")


def visible_stage(request, slug, stage_id):
    """The stage and its tournament, if the visitor may see the tournament (else 404)."""
    tournament = visible_tournament(request, slug)
    return get_object_or_404(stage_queryset(), pk=stage_id, event__tournament=tournament), tournament


def secretary_stage(request, slug, stage_id):
    """The stage, for a secretary of its tournament (else 403; 404 when the tournament has no such stage)."""
    tournament = secretary_tournament(request, slug)
    return get_object_or_404(stage_queryset(), pk=stage_id, event__tournament=tournament)
