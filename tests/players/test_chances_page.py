"""The personal page's "Your chances (an estimate)" in a Swiss stage with rounds left (players.chances): present
from the end of round 1 until the last round is complete, in no other kind of stage, and an explanation instead
of figures when most players have no rating."""

import random

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils.html import escape

from matches.scoring.services import record_result
from players.chances import bands, state_seen
from players.display import chance_percent
from players.links import personal_token
from stages.chances import swiss_state
from stages.models import Stage
from stages.services import draw_stage, pair_swiss_round, publish_round, publish_stage
from tests.factories import EntryFactory, EventFactory, PlayerFactory, StageFactory
from tests.helpers import knockout
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

TITLE = "Your chances (an estimate)"


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()
    yield
    cache.clear()


def swiss_world(tournament, ratings, rounds=3, qualifiers=4):
    event = EventFactory(tournament=tournament, name="Eurocup singles", rule_set="ecc")
    players = [PlayerFactory(first_name=f"P{k}", last_name=f"Rated{k}", rating=r) for k, r in enumerate(ratings)]
    entries = [EntryFactory(event=event, members=[p]) for p in players]
    stage = StageFactory(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=rounds)
    StageFactory(event=event, name="Final", kind=Stage.Kind.KNOCKOUT, source=stage, qualifiers=qualifiers)
    return stage, players, entries


def play_round(stage, seed=1):
    """Pair, publish and confirm a round: the side with the higher rating wins 25-10 (a bye is won by itself)."""
    rnd = publish_round(pair_swiss_round(stage, rng=random.Random(seed)))
    for match in rnd.matches.exclude(entry_b=None):
        record_result(match, [(25, 10)], confirm=True)
    return rnd


def page(client, tournament, player):
    response = client.get(f"/t/{tournament.slug}/me/{personal_token(tournament, player)}/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_chances_show_between_the_first_and_the_last_round(client, tournament):
    stage, players, _entries = swiss_world(tournament, [2000 - 50 * k for k in range(8)])
    assert TITLE not in page(client, tournament, players[0])  # no round played yet
    play_round(stage, 1)
    html = page(client, tournament, players[0])
    assert TITLE in html
    assert "Qualifying (the top 4)" in html and "after round 1 of 3" in html
    assert html.count("<meter") >= 1 and "times over by computer" in html
    play_round(stage, 2)
    html = page(client, tournament, players[7])
    assert TITLE in html and "after round 2 of 3" in html
    play_round(stage, 3)
    assert TITLE not in page(client, tournament, players[0])  # the stage has no round left


def test_the_last_round_being_played_still_shows_them(client, tournament):
    stage, players, _entries = swiss_world(tournament, [1800 - 20 * k for k in range(6)], rounds=2, qualifiers=2)
    play_round(stage, 1)
    publish_round(pair_swiss_round(stage, rng=random.Random(2)))  # round 2 published, no result yet
    state = swiss_state(stage)
    assert state.complete == 1 and state.rounds_left == 0 and len(state.pending) == 3
    assert TITLE in page(client, tournament, players[0])


def test_the_figures_are_the_estimates_and_kept_for_the_state(client, tournament):
    stage, players, entries = swiss_world(tournament, [2400, *[1500] * 7])
    play_round(stage, 3)
    html = page(client, tournament, players[0])
    state = swiss_state(stage)
    assert cache.get(f"players:chances:2:{state.key}") > 100  # the state is worked out: its runs
    kept = {e.pk: cache.get(f"players:chances:2:{state.key}:{e.pk}") for e in entries}  # each entry's own
    assert kept[entries[0].pk].runs > 100 and kept[entries[0].pk].entries == len(entries)
    figure = chance_percent(kept[entries[0].pk].qualify, kept[entries[0].pk].sure_in)
    assert f'<strong class="big">{escape(figure)}</strong>' in html
    assert kept[entries[0].pk].qualify > max(kept[e.pk].qualify for e in entries[1:])
    assert sum(chance for one in kept.values() for *_, chance, _q in one.bands) > 0.9 * len(entries)
    # The same state gives the same key (and so the same figures); a new result moves it on.
    assert swiss_state(stage).key == state.key
    play_round(stage, 4)
    assert swiss_state(stage).key != state.key


def test_no_chances_in_other_kinds_of_stage(client, tournament):
    event = EventFactory(tournament=tournament, rule_set="ecc")
    players = [PlayerFactory(rating=1500 + k) for k in range(4)]
    entries = [EntryFactory(event=event, members=[p]) for p in players]
    stage = StageFactory(event=event, kind=Stage.Kind.ROUND_ROBIN, rounds_planned=3)
    draw_stage(stage)
    publish_stage(stage)
    for match in stage.matches.filter(round__number=1).exclude(entry_b=None):
        record_result(match, [(25, 10)], confirm=True)
    assert entries and TITLE not in page(client, tournament, players[0])


def test_most_players_unrated_explains_instead(client, tournament):
    stage, players, _entries = swiss_world(tournament, [1700, None, None, None, None, None])
    play_round(stage, 1)
    html = page(client, tournament, players[0])
    assert TITLE in html and "most players of this stage have no rating" in html
    assert "<meter" not in html


def test_places_are_grouped_for_a_phone():
    places = [0.0] * 64
    places[0], places[2], places[9], places[40] = 0.1, 0.2, 0.3, 0.4
    found = bands(places, 10)
    assert [(b.first, b.last) for b in found] == [(1, 1), (2, 2), (3, 4), (5, 8), (9, 10), (11, 20), (21, 40), (41, 64)]
    assert [round(b.chance, 2) for b in found] == [0.1, 0.0, 0.2, 0.0, 0.3, 0.0, 0.0, 0.4]
    assert [b.qualifying for b in found] == [True, True, True, True, True, False, False, False]


def test_chances_in_words():
    assert chance_percent(1.0, sure=True) == "100 %"
    assert chance_percent(1.0) == "> 99 %"  # never seen failing, yet not decided
    assert chance_percent(0.0) == "< 1 %"
    assert chance_percent(0.0, out=True) == "0 %"
    assert chance_percent(0.424) == "42 %"


def test_a_worker_works_them_out_when_a_round_is_complete(
    tournament, monkeypatch, settings, django_capture_on_commit_callbacks
):
    from players import tasks

    settings.CELERY_TASK_ALWAYS_EAGER = False  # a worker runs the tasks
    asked = []
    monkeypatch.setattr(tasks.estimate_chances, "delay", asked.append)
    stage, _players, _entries = swiss_world(tournament, [1600 - 10 * k for k in range(4)])
    rnd = publish_round(pair_swiss_round(stage, rng=random.Random(1)))
    first, last = rnd.matches.order_by("number")
    with django_capture_on_commit_callbacks(execute=True):
        record_result(first, [(25, 10)], confirm=True)
    assert asked == []  # the round is not complete yet
    with django_capture_on_commit_callbacks(execute=True):
        record_result(last, [(10, 25)], confirm=True)
    assert asked == [stage.pk]  # once committed


def test_a_worker_works_out_no_chances_for_a_complete_knockout_round(
    tournament, monkeypatch, settings, django_capture_on_commit_callbacks
):
    from players import tasks

    settings.CELERY_TASK_ALWAYS_EAGER = False
    asked = []
    monkeypatch.setattr(tasks.estimate_chances, "delay", asked.append)
    stage = knockout(tournament, size=4)
    for semi in stage.matches.filter(round__number=1):
        with django_capture_on_commit_callbacks(execute=True):
            record_result(semi, [(25, 3), (25, 0)], confirm=True)
    assert asked == []


def test_an_estimate_that_fails_leaves_the_page_working(client, tournament, monkeypatch):
    from players import chances

    def broken(stage_id):
        raise RuntimeError("no")

    monkeypatch.setattr(chances, "work_out", broken)
    stage, players, _entries = swiss_world(tournament, [1600 - 10 * k for k in range(4)])
    play_round(stage, 1)
    html = page(client, tournament, players[0])
    assert TITLE in html and "Being computed" in html


def test_the_stages_state_is_kept_under_the_tournaments_stamp(tournament, page_cache, committed):
    stage, _players, _entries = swiss_world(tournament, [2000 - 50 * k for k in range(8)])
    with committed():
        play_round(stage, 1)
    stamped = Tournament.objects.get(pk=tournament.pk)  # its stamp as a request reads it
    first = state_seen(stage, stamped)
    assert first.key == swiss_state(stage).key
    with CaptureQueriesContext(connection) as kept:
        assert state_seen(stage, stamped) == first  # another player's page under the same stamp
    assert len(kept) == 0
    with committed():
        rnd = publish_round(pair_swiss_round(stage, rng=random.Random(2)))  # the state moves on: a new stamp
    stamped = Tournament.objects.get(pk=tournament.pk)
    assert state_seen(stage, stamped).key == swiss_state(stage).key != first.key
    assert rnd.matches.exists()
