"""Standings and brackets on a phone: qualifiers marked with a legend, and every wide table or bracket preceded by
its sideways-scroll hint (shown by js/scroll-hint.js only when the table is wider than the screen)."""

import re

import pytest
from django.urls import reverse

from stages.models import Match, Stage
from tests.factories import EntryFactory, MatchFactory, RoundFactory, StageFactory
from tests.helpers import knockout

pytestmark = pytest.mark.django_db


def page(client, stage):
    response = client.get(reverse("stage-detail", args=[stage.event.tournament.slug, stage.pk]))
    assert response.status_code == 200
    return response.content.decode()


def rows(html):
    body = html[html.index('<table class="standings">') :]
    return re.findall(r"<tr( class=\"qualifies\")?><td class=\"num\">(\d+)</td><td>([^<]+)", body)


def test_swiss_qualifiers_are_marked_with_a_legend(client, tournament):
    swiss = StageFactory(event__tournament=tournament, kind=Stage.Kind.SWISS, name="Swiss")
    StageFactory(event=swiss.event, kind=Stage.Kind.KNOCKOUT, name="Last eight", source=swiss, qualifiers=2)
    rnd = RoundFactory(stage=swiss, number=1)
    entries = [EntryFactory(event=swiss.event) for _ in range(4)]
    for number, (winner, loser) in enumerate(((entries[0], entries[1]), (entries[2], entries[3])), 1):
        MatchFactory(
            round=rnd, number=number, entry_a=winner, entry_b=loser, winner=winner,
            score_a=25, score_b=10 * number, status=Match.Status.CONFIRMED,
        )  # fmt: skip
    html = page(client, swiss)
    marked = [(bool(q), int(rank)) for q, rank, _name in rows(html)]
    assert marked == [(True, 1), (True, 2), (False, 3), (False, 4)]
    assert html.count('<abbr class="badge qualified" title="In a qualifying place for Last eight">Q</abbr>') == 2
    assert '<span class="badge qualified">Q</span> In a qualifying place for Last eight</li>' in html


def test_swiss_without_a_next_stage_marks_nobody(client, tournament):
    swiss = StageFactory(event__tournament=tournament, kind=Stage.Kind.SWISS)
    MatchFactory(round=RoundFactory(stage=swiss), status=Match.Status.CONFIRMED, score_a=25, score_b=0)
    html = page(client, swiss)
    assert 'class="qualifies"' not in html and "qualifying place" not in html


def test_every_wide_table_and_the_bracket_have_a_scroll_hint(client, tournament):
    bracket = knockout(tournament, size=8)
    html = page(client, bracket)
    hint = '<p class="scroll-hint" hidden>Scroll sideways for more →</p>'
    assert f'{hint}<div class="bracket-scroll">' in html
    assert "js/scroll-hint.js" in html
    swiss = StageFactory(event__tournament=tournament, kind=Stage.Kind.SWISS)
    MatchFactory(round=RoundFactory(stage=swiss), status=Match.Status.CONFIRMED, score_a=25, score_b=0)
    html = page(client, swiss)
    assert html.count('<div class="scroll">') == html.count(f'{hint}<div class="scroll">') == 1
