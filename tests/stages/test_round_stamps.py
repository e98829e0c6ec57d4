"""Each round's own stamp (core.page_stamps pieces): a result replaces its round's stamp alone, any change around
the rounds replaces them all, and the matches a process keeps by them (stages.loading.kept_stage_rows) are always
the ones in the database."""

import pytest

from core import page_cache
from stages.chances import state_stamp, swiss_state
from stages.loading import kept_stage_rows, stage_rows
from stages.models import Match, Round
from tests.factories import EntryFactory
from tests.player_helpers import play, player_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(tournament):
    """Three rounds of a Swiss, each one match confirmed."""
    stage = player_world(tournament).singles_stage
    b, c = (EntryFactory(event=stage.event) for _ in range(2))
    for number in (1, 2, 3):
        match = play(stage, b, number, opponent=c, status=Match.Status.CONFIRMED, score_a=25, score_b=10)
        match.winner = b
        match.save()
    return stage


def stamps(stage):
    return dict(Round.objects.filter(stage=stage).values_list("number", "page_version"))


def test_a_result_replaces_the_stamp_of_its_round_alone(swiss, committed):
    before = stamps(swiss)
    match = swiss.matches.get(round__number=2)
    with committed():
        match.score_b = 24
        match.save()
    after = stamps(swiss)
    assert [number for number in before if before[number] != after[number]] == [2]


def test_a_change_around_the_rounds_replaces_all_their_stamps(swiss, committed):
    before = stamps(swiss)
    entry = swiss.matches.get(round__number=1).entry_a
    with committed():
        entry.name = "Renamed"
        entry.save()
    renamed = stamps(swiss)
    assert all(renamed[number] != before[number] for number in before)
    with committed():  # a bulk write says only its stage
        page_cache.changed([swiss.event.tournament_id], [swiss.pk])
    assert all(stamps(swiss)[number] != renamed[number] for number in before)


def test_the_kept_rows_follow_a_change_in_an_earlier_round(swiss, committed):
    assert kept_stage_rows(swiss).matches == stage_rows(swiss).matches
    match = swiss.matches.get(round__number=1)
    with committed():
        match.score_b = 24
        match.save()
    kept = kept_stage_rows(swiss)
    assert kept.matches == stage_rows(swiss).matches
    assert [row.score_b for row in kept.matches] == [24, 10, 10]
    assert [rnd.number for rnd in kept.rounds] == [1, 2, 3]


@pytest.fixture
def swiss_under_way(tournament):
    """Four entries over five planned rounds: rounds 1 and 2 complete, round 3 with one of its two results."""
    stage = player_world(tournament).singles_stage
    stage.rounds_planned = 5
    stage.save()
    b, c, d, e = (EntryFactory(event=stage.event) for _ in range(4))
    for number, pairs in ((1, ((b, c), (d, e))), (2, ((b, d), (c, e))), (3, ((b, e), (c, d)))):
        for n, (one, other) in enumerate(pairs):
            done = number < 3 or n == 0
            status = Match.Status.CONFIRMED if done else Match.Status.SCHEDULED
            fields = {"score_a": 25, "score_b": 10} if done else {}
            match = play(stage, one, number, opponent=other, status=status, **fields)
            match.winner = one if done else None
            match.save()
    return stage


def stamp_now(stage):
    return state_stamp(stage, kept_stage_rows(stage))


def test_a_result_of_the_round_being_played_leaves_the_states_stamp(swiss_under_way, committed):
    stage = swiss_under_way
    before = stamp_now(stage)
    assert swiss_state(stage, kept_stage_rows(stage)).key == swiss_state(stage).key
    match = stage.matches.get(round__number=3, status=Match.Status.CONFIRMED)
    with committed():
        match.score_b = 20
        match.save()
    assert stamp_now(stage) == before  # the state counts complete rounds only
    waiting = stage.matches.get(round__number=3, status=Match.Status.SCHEDULED)
    with committed():
        waiting.status, waiting.score_a, waiting.score_b, waiting.winner = (
            Match.Status.CONFIRMED,
            25,
            3,
            waiting.entry_a,
        )
        waiting.save()
    completed = stamp_now(stage)
    assert completed != before  # round 3 complete: a new state
    entry = waiting.entry_b
    with committed():
        entry.withdrawn = True
        entry.save()
    assert stamp_now(stage) != completed
    assert swiss_state(stage, kept_stage_rows(stage)).key == swiss_state(stage).key


def test_the_kept_entries_follow_a_change_of_an_entry(swiss, committed):
    assert kept_stage_rows(swiss).entries == stage_rows(swiss).entries
    entry = swiss.matches.get(round__number=1).entry_a
    with committed():
        entry.name = "Renamed"
        entry.save()
    kept = kept_stage_rows(swiss).entries
    assert kept == stage_rows(swiss).entries
    assert "Renamed" in [row.name for row in kept]
