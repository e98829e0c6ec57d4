"""A result read again alone (core.piece_notes): the match changed since a worker kept its round's rows is noted with
the round's new stamp, and the worker reads that match, not the round; whatever it cannot follow (a change that is
not noted, a note gone, a match that came or went) has it read the round whole. Either way the kept rows are those
in the database, in match number order."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from stages.loading import kept_stage_rows, stage_rows
from stages.models import Match
from stages.selectors import played_ids, stage_played_ids
from tests.factories import EntryFactory
from tests.player_helpers import play, player_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(tournament):
    """Two rounds of a Swiss, two matches each, confirmed."""
    stage = player_world(tournament).singles_stage
    b, c, d, e = (EntryFactory(event=stage.event) for _ in range(4))
    for number, pairs in ((1, ((b, c), (d, e))), (2, ((b, d), (c, e)))):
        for one, other in pairs:
            match = play(stage, one, number, opponent=other, status=Match.Status.CONFIRMED, score_a=25, score_b=10)
            match.winner = one
            match.save()
    return stage


def matches_read(stage):
    """The kept rows, and how the matches were read: "by id", "by round" or nothing."""
    with CaptureQueriesContext(connection) as queries:
        kept = kept_stage_rows(stage)
    reads = [q["sql"] for q in queries.captured_queries if 'FROM "matches_match"' in q["sql"]]
    how = ["by round" if '"round_id" IN' in sql else "by id" for sql in reads]
    assert kept.matches == stage_rows(stage).matches
    return kept, how


def rescore(match, committed, score_b):
    with committed():
        match.score_b = score_b
        match.save()


def test_a_result_is_read_again_alone(swiss, committed):
    assert matches_read(swiss)[1] == ["by round"]  # nothing kept yet: both rounds read whole
    match = swiss.matches.filter(round__number=2).order_by("number").last()
    rescore(match, committed, 24)
    kept, how = matches_read(swiss)
    assert how == ["by id"]
    assert [row.score_b for row in kept.matches] == [10, 10, 10, 24]
    assert matches_read(swiss)[1] == []  # kept as read


def test_several_results_since_are_followed_back(swiss, committed):
    matches_read(swiss)
    first, second = swiss.matches.filter(round__number=2).order_by("number")
    rescore(first, committed, 20)
    rescore(second, committed, 21)
    rescore(first, committed, 22)
    kept, how = matches_read(swiss)
    assert how == ["by id"]
    assert [row.score_b for row in kept.matches][2:] == [22, 21]


def test_what_is_not_followed_has_the_round_read_whole(swiss, committed):
    matches_read(swiss)
    rnd = swiss.rounds.get(number=2)
    with committed():  # the round itself: not a noted row
        rnd.save()
    assert matches_read(swiss)[1] == ["by round"]
    rescore(swiss.matches.filter(round__number=2).order_by("number").first(), committed, 23)
    cache.clear()  # the note is gone
    assert matches_read(swiss)[1] == ["by round"]


def test_a_match_that_comes_goes_or_moves_has_the_round_read_whole(swiss, committed):
    matches_read(swiss)
    first, second = swiss.matches.filter(round__number=2).order_by("number")
    with committed():
        first.number, second.number = 20, 19  # renumbered: the round in its new order
        first.save()
        second.save()
    kept, how = matches_read(swiss)
    assert how == ["by id"]
    assert [row.pk for row in kept.matches][2:] == [second.pk, first.pk]
    with committed():
        second.delete()
    kept, how = matches_read(swiss)
    assert how == ["by id", "by round"]
    assert second.pk not in [row.pk for row in kept.matches]


def test_a_result_leaves_what_is_worked_out_of_the_pairs_a_new_pairing_does_not(swiss, committed):
    kept = kept_stage_rows(swiss)
    second = kept.rounds[1].pk
    stage_played_ids(kept)  # worked out and kept with the round's rows
    played = kept.by_round[second].worked["played_ids"]
    match = swiss.matches.filter(round__number=2).order_by("number").first()
    rescore(match, committed, 23)
    assert kept_stage_rows(swiss).by_round[second].worked["played_ids"] is played
    newcomer = EntryFactory(event=swiss.event)
    with committed():
        match.entry_b = newcomer
        match.save()
    kept = kept_stage_rows(swiss)
    assert "played_ids" not in kept.by_round[second].worked
    assert newcomer.pk in stage_played_ids(kept) == played_ids(stage_rows(swiss).matches)
