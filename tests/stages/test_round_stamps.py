"""Each round's own stamp (core.page_stamps pieces): a result replaces its round's stamp alone, any change around
the rounds replaces them all, and the matches a process keeps by them (stages.loading.kept_stage_rows) are always
the ones in the database."""

import pytest

from core import page_cache
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
