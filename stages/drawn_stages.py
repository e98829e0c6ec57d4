"""An event's stages as the tournaments floor sees them: which are drawn, and whether an entry added now still
enters each (the answer to tournaments.signals.drawn_stages_asked: an entry import asks before it writes); the event
page's list of stages with their badges (templatetags/stage_tags.py hands it to the page)."""

from collections import defaultdict
from dataclasses import dataclass
from types import SimpleNamespace

from stages.display import stage_badge
from stages.models import Match, Round, Stage
from tournaments.signals import DrawnStage


@dataclass(frozen=True)
class StageLine:
    """A stage as the event page lists it: its name, page, kind, and its badge as its own page shows it (`badge`:
    not-drawn/pending, drawn, published, in-play or finished; `badge_words`)."""

    name: str
    url: str
    kind: str
    badge: str
    badge_words: str


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


def event_stage_lines(event, secretary=False):
    """The event page's stages with the badge each stage's page shows (stages.display.stage_badge), from the
    rounds and matches the reader may see (a secretary also sees preview rounds): three queries for the event."""
    stages = list(Stage.objects.filter(event=event).select_related("event__tournament").order_by("order", "pk"))
    rounds = Round.objects.filter(stage__event=event)
    if not secretary:
        rounds = rounds.filter(status=Round.Status.PUBLISHED)
    rounds_of = defaultdict(list)
    for rnd in rounds.only("pk", "stage_id", "status"):
        rounds_of[rnd.stage_id].append(rnd)
    # The badge reads only the statuses of the matches: one row per stage and status.
    statuses = Match.objects.filter(round__in=rounds).values_list("stage_id", "status").distinct()
    matches_of = defaultdict(list)
    for stage_id, status in statuses:
        matches_of[stage_id].append(SimpleNamespace(status=status))
    lines = []
    for stage in stages:
        badge, words = stage_badge(stage, rounds_of[stage.pk], matches_of[stage.pk])
        lines.append(StageLine(stage.name, stage.get_absolute_url(), stage.get_kind_display(), badge, str(words)))
    return lines
