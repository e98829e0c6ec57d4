"""The Swiss stage page's long lists (stages/jinja2/) show each match and standings row, and the page's
figures (standings, each side's points before the round) are what the selectors work out, on a stage with byes,
walk-overs, a withheld result, a result still to confirm, a late entry and a qualifying next stage."""

from types import SimpleNamespace

import pytest
from django.db.models import F, Q
from django.template import Context
from django.utils import translation
from django.utils.formats import localize
from django.utils.translation import pgettext

from core.jinja import jinja
from matches.scoring.services import record_result, record_walkover
from stages import selectors, stage_page
from stages.display import result_text
from stages.draws.standings import Standing
from stages.models import OPEN, Match, Stage
from stages.services import pair_swiss_round, publish_round
from tests.factories import EntryFactory, EventFactory

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "fr", "it", "de", "hi"]
ODD_NAME = 'Ann "Queen" O\'Brien & <Co>'


def side(pk, name):
    return stage_page.Side(SimpleNamespace(pk=pk, name=name))


def match(pk, **fields):
    values = {
        "pk": pk,
        "number": pk,
        "table": pk,
        "entry_a_id": 10 * pk,
        "entry_b_id": 10 * pk + 1,
        "winner_id": None,
        "status": "scheduled",
        "result_withheld": False,
        "forfeited": "",
        "score_a": None,
        "score_b": None,
        "games_a": 0,
        "games_b": 0,
        "info_a": "",
        "info_b": "",
        "takes_result": False,
    }
    values.update(fields)
    m = SimpleNamespace(**values)
    m.entry_a = side(m.entry_a_id, f"Player {m.entry_a_id}") if m.entry_a_id else None
    m.entry_b = side(m.entry_b_id, ODD_NAME if pk == 2 else f"Player {m.entry_b_id}") if m.entry_b_id else None
    m.result_text = result_text(m)
    return m


def every_kind_of_match():
    return [
        match(1, info_a="4 pts · 1500", info_b="4 pts"),  # not played yet
        match(2, table=None, status="confirmed", winner_id=21, score_a=12, score_b=25, games_a=0, games_b=1),
        match(3, status="confirmed", winner_id=30, score_a=40, score_b=38, games_a=2, games_b=1),
        match(4, status="finished", winner_id=40, score_a=25, score_b=3, games_a=1, games_b=0),  # to confirm
        match(5, status="confirmed", winner_id=50, score_a=25, score_b=0, result_withheld=True),  # ICF 150
        match(6, status="walkover", winner_id=61),  # no score (ICF 143)
        match(7, status="walkover", winner_id=70, score_a=25, score_b=0, games_a=1),  # ECC 18
        match(8, status="walkover", forfeited="ab"),  # both absent
        match(9, entry_b_id=None, status="bye", winner_id=90, score_a=25, score_b=0, info_a="0 pts"),
        match(10, entry_a_id=None, entry_b_id=None, table=0),  # a place without entries
    ]


def rendered(name, **context):
    return jinja(
        Context({"tournament": SimpleNamespace(slug="open-2026"), "stage": SimpleNamespace(pk=3)}), name, **context
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_listed_matches_show_sides_results_byes_and_withheld_results(language):
    with translation.override(language):
        html = rendered("stages/_match_list.html", matches=every_kind_of_match())
        table, versus = pgettext("table number, abbreviated", "T%(table)s"), pgettext("versus", "v")
        bye = pgettext("no opponent", "bye")
    items = html.split("</li>")[:-1]
    assert len(items) == 10 and '<a class="pair" href="/t/open-2026/matches/1/">' in items[0]
    assert f'<span class="badge">{table % {"table": 1}}</span>' in items[0] and f">{versus}</span>" in items[0]
    assert '<small class="side-info">4 pts · 1500</small>' in items[0]
    assert "Ann &quot;Queen&quot; O&#x27;Brien &amp; &lt;Co&gt;" in items[1] and "badge" not in items[1]
    assert 'class="match decided"' in items[2] and '<span class="side winner">Player 30</span>' in items[2]
    assert 'class="match" id="match-5"' in items[4] and "winner" not in items[4]  # withheld (ICF 150)
    assert f"{bye}</span>" in items[8] and items[9].count("—") == 2
    assert "<form" not in html


@pytest.mark.parametrize("grouping", [False, True])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_standings_rows_show_localized_figures_and_the_qualifiers(language, grouping, settings):
    settings.USE_THOUSAND_SEPARATOR = grouping
    rows = [
        Standing(1, "Asha Rao", points=12, buchholz=40, net_score=123, total_score=12345, played=6, rank=1),
        Standing(2, ODD_NAME, points=10.5, buchholz=41.5, net_score=-3, total_score=0, played=6, rank=2),
    ]
    rows[0].qualifies = True
    words = 'Qualified for "Final" & more'
    with translation.override(language):
        html = rendered("stages/_swiss_standings.html", standings=rows, qualified_words=words)
        figures = [localize(value) for value in (12345, 10.5, 41.5)]
        mark = pgettext("qualified, abbreviation", "Q")
    first, second = html.split("</tr>")[:2]
    assert (
        '<tr class="qualifies">' in first
        and f'title="Qualified for &quot;Final&quot; &amp; more">{mark}</abbr>' in first
    )
    assert f'<td class="num">{figures[0]}</td>' in first
    assert "<tr><td" in second and "&lt;Co&gt;" in second and f"<strong>{figures[1]}</strong>" in second
    assert f'<td class="num">{figures[2]}</td>' in second


# ---------------------------------------------------------------- a whole Swiss page


@pytest.fixture
def swiss(tournament):
    """Two rounds played of a 9-entry Swiss stage (a bye each round, a walk-over, wins in two and three games),
    two late entries in round 3, which is published with a walk-over, a result to confirm, a withheld result and
    matches not played yet; 4 qualify for the next stage."""
    event = EventFactory(tournament=tournament, rule_set="icf")
    for seed in range(1, 10):
        EntryFactory(event=event, seed=seed)
    stage = Stage.objects.create(event=event, name="Swiss", kind="swiss", rounds_planned=5)
    Stage.objects.create(event=event, order=2, name="Final", kind="knockout", source=stage, qualifiers=4)
    for number in (1, 2, 3):
        if number == 3:
            EntryFactory(event=event, seed=10)  # enters late: 0 points
            EntryFactory(event=event, seed=11)
        played = publish_round(pair_swiss_round(stage)).matches.exclude(status=Match.Status.BYE).order_by("number")
        first, second, third, *rest = played
        record_walkover(first, "b")
        record_result(second, [(25, 20), (3, 25), (25, 24)], confirm=number < 3)
        record_result(third, [(25, 3), (25, 7)], confirm=True)
        if number == 3:
            Match.objects.filter(pk=third.pk).update(result_withheld=True)  # a protest is lodged (ICF 150)
        for m in rest if number < 3 else rest[:1]:
            record_result(m, [(2, 25), (25, 9), (11, 25)], confirm=True)
    return stage


def page(client, stage):
    response = client.get(stage.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_lists_the_latest_round(client, swiss):
    written = page(client, swiss)
    assert written.count('<li class="match') == swiss.rounds.get(number=3).matches.count()
    assert "result-inline" not in written


def test_the_page_shows_the_standings_and_the_points_before_the_round_as_the_selectors_work_them_out(swiss):
    data = stage_page.stage_page_data(swiss, secretary=False)
    table = selectors.stage_standings(swiss)  # every match as a model instance, every entry with its players
    figures = ("id", "rank", "name", "points", "buchholz", "net_score", "total_score", "played", "rating")
    assert [[getattr(row, f) for f in figures] for row in data["standings"]] == [
        [getattr(row, f) for f in figures] for row in table
    ]
    assert [row.id for row in data["standings"] if getattr(row, "qualifies", False)] == [r.id for r in table[:4]]
    assert data["late_entries"] == 2
    latest = swiss.rounds.get(number=3)
    infos = selectors.round_side_info(latest)  # standings of rounds 1 and 2 worked out again
    assert {m.pk: (m.info_a, m.info_b) for m in data["swiss_rounds"][0].match_list} == infos
    assert any(" 0 pts" in f" {a}" or " 0 pts" in f" {b}" for a, b in infos.values())  # the late entries


def test_points_that_are_not_whole_come_from_the_earlier_rounds_standings(swiss, monkeypatch):
    monkeypatch.setattr(selectors, "points_for", lambda stage: (1.1, 0.7, 0.1))
    data = stage_page.stage_page_data(swiss, secretary=False)
    latest = swiss.rounds.get(number=3)
    assert {m.pk: (m.info_a, m.info_b) for m in data["swiss_rounds"][0].match_list} == selectors.round_side_info(latest)


def test_the_secretary_enters_results_from_the_list(client, secretary, swiss):
    client.force_login(secretary)
    written = page(client, swiss)
    waiting = swiss.matches.filter(round__number=3, status__in=OPEN).exclude(entry_b=None)  # to play or to confirm
    assert waiting.count() == 2 and written.count('class="result-inline"') == 2
    assert "Schedule the stage" in written  # published matches without a time


def test_a_preview_round_is_listed_with_its_swap_form(client, secretary, swiss):
    undecided = swiss.matches.filter(round__number=3).filter(Q(status__in=OPEN) | Q(result_withheld=True))
    undecided.update(status="confirmed", winner=F("entry_a"), score_a=25, score_b=0, result_withheld=False)
    preview = pair_swiss_round(swiss)
    client.force_login(secretary)
    written = page(client, swiss)
    assert "Swap players" in written and f'id="round-{preview.number}"' in written
    first = preview.matches.exclude(entry_b=None).select_related("entry_a").first()
    assert f'<option value="{first.pk}:a">Match {first.number}, A: {first.entry_a.name}</option>' in written
