"""The event page lists its stages with the badge each stage's own page shows (stages.display.stage_badge, asked
through tournaments.signals.event_stages): not drawn, drawn, published, in play, finished, from the stage's rounds
and matches the reader may see, not from the stage's stored status alone."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from stages.models import Match, Stage
from stages.services import draw_stage, publish_stage
from tests.factories import EntryFactory, EventFactory

pytestmark = pytest.mark.django_db

BADGE = r'<span class="badge stage-([a-z-]+)">([^<]+)</span>'


def event_badges(client, event):
    page = client.get(event.get_absolute_url()).content.decode()
    stages = page.split('<ol class="stage-list">')[1].split("</ol>")[0]
    return re.findall(r'<a href="([^"]+)">([^<]+)</a>\s*<span class="muted">[^<]*</span> ' + BADGE, stages)


def stage_page_badge(client, stage):
    page = client.get(stage.get_absolute_url()).content.decode()
    return re.search(r"<h1>.*?" + BADGE, page, re.S).groups()


def knockout(event, name):
    order = Stage.objects.filter(event=event).count() + 1
    return Stage.objects.create(event=event, name=name, kind=Stage.Kind.KNOCKOUT, order=order)


def test_the_event_page_shows_the_badge_of_each_stages_page(client, tournament, secretary):
    event = EventFactory(tournament=tournament, rule_set="icf")
    for seed in range(1, 5):
        EntryFactory(event=event, seed=seed)
    called = knockout(event, "Called")
    published = knockout(event, "Published")
    preview = knockout(event, "Preview")
    knockout(event, "Later")
    for stage in (called, published, preview):
        draw_stage(stage)
    publish_stage(called)
    publish_stage(published)
    Match.objects.filter(pk=called.matches.first().pk).update(status=Match.Status.CALLED)
    # All three are stored as "drawn"; the badges say where each stands.
    assert set(Stage.objects.filter(event=event).values_list("status", flat=True)) == {"drawn", "pending"}
    expected = [
        ("Called", "in-play", "In play"),
        ("Published", "published", "Published"),
        ("Preview", "drawn", "Drawn"),
        ("Later", "pending", "Not drawn"),
    ]
    assert [(name, key, words) for _url, name, key, words in event_badges(client, event)] == expected
    client.force_login(secretary)
    lines = event_badges(client, event)
    assert [(name, key, words) for _url, name, key, words in lines] == expected
    for stage, (url, _name, key, words) in zip((called, published, preview), lines, strict=False):
        assert url == stage.get_absolute_url()
        assert stage_page_badge(client, stage) == (key, words)


def test_a_finished_stage_is_finished_and_the_list_costs_a_fixed_number_of_queries(client, tournament):
    event = EventFactory(tournament=tournament, rule_set="icf")
    for seed in range(1, 9):
        EntryFactory(event=event, seed=seed)
    first = knockout(event, "First")
    draw_stage(first)
    publish_stage(first)
    Stage.objects.filter(pk=first.pk).update(status=Stage.Status.FINISHED)
    event_badges(client, event)  # the tournament's language is looked up once
    with CaptureQueriesContext(connection) as one:
        assert [line[2:] for line in event_badges(client, event)] == [("finished", "Finished")]
    for n in range(3):
        stage = knockout(event, f"More {n}")
        draw_stage(stage)
        publish_stage(stage)
    with CaptureQueriesContext(connection) as four:
        assert len(event_badges(client, event)) == 4
    assert len(four) == len(one)
