"""A stage's standings after each round are worked out once and kept (stages.kept_standings): the same tables as
worked out afresh, and a change works out again exactly the rounds it reaches, a result from its round on, a name,
a rating or the tie-breaks every round."""

from unittest import mock

import pytest

from stages import kept_standings
from stages.models import Match, Stage
from stages.selectors import stage_standings, standings_round_by_round
from tests.factories import EntryFactory, EventFactory, MatchFactory, StageFactory
from tests.player_helpers import round_of
from tournaments.models import Entry

pytestmark = pytest.mark.django_db
S = Match.Status


def result(stage, number, a, b, score, status=S.CONFIRMED):
    return MatchFactory(
        round=round_of(stage, number), entry_a=a, entry_b=b, score_a=score[0], score_b=score[1],
        winner=a if score[0] > score[1] else b, status=status,
    )  # fmt: skip


@pytest.fixture
def swiss(tournament):
    """Six entries, three rounds confirmed (a bye in each), round 4 with one result to confirm."""
    stage = StageFactory(event=EventFactory(tournament=tournament, rule_set="icf"), kind=Stage.Kind.SWISS)
    e = [EntryFactory(event=stage.event, name=f"Entry {i}") for i in range(7)]
    for number, pairs in enumerate(
        [[(0, 1), (2, 3), (4, 5)], [(0, 2), (1, 4), (3, 6)], [(0, 4), (2, 6), (1, 5)], [(4, 6), (5, 3)]], 1
    ):
        for k, (a, b) in enumerate(pairs):
            status = S.FINISHED if number == 4 and k == 1 else S.CONFIRMED
            result(stage, number, e[a], e[b], (25, 3 * (a + b + number) % 24), status)
    for number, resting in ((1, 6), (2, 5), (3, 3)):
        MatchFactory(round=round_of(stage, number), entry_a=e[resting], entry_b=None, status=S.BYE, score_a=25)
    return stage, e


def rows_of(steps):
    return [(final, [vars(row) for row in table]) for _, final, table in steps]


def worked_out(settings, stage):
    """The standings after each round as worked out with nothing kept, and then kept."""
    settings.STANDINGS_CACHE_SECONDS = 0
    fresh = rows_of(standings_round_by_round(stage).steps)
    settings.STANDINGS_CACHE_SECONDS = 600
    return fresh


@pytest.fixture
def engine_calls():
    """How many tables (or every entry's ranks) the standings engine works out."""
    calls = []

    def counting(real):
        def count(competitors, tally, *args):
            calls.append(len(tally.matches))
            return real(competitors, tally, *args)

        return count

    with (
        mock.patch.object(kept_standings, "table", counting(kept_standings.table)),
        mock.patch.object(kept_standings, "ranks", counting(kept_standings.ranks)),
    ):
        yield calls


@pytest.fixture
def rounds_added():
    """The results of each round added to a tally (stages.draws.standings.tally), in the order added."""
    added = []
    real = kept_standings.tally

    def counting(competitors, results, points, before=None):
        added.append(len(results))
        return real(competitors, results, points, before)

    with mock.patch.object(kept_standings, "tally", counting):
        yield added


def test_kept_tables_are_those_worked_out_afresh(settings, swiss, engine_calls):
    stage, _entries = swiss
    fresh = worked_out(settings, stage)
    engine_calls.clear()
    assert rows_of(standings_round_by_round(stage).steps) == fresh  # worked out and kept
    assert len(engine_calls) == 4
    assert rows_of(standings_round_by_round(stage).steps) == fresh  # read
    assert len(engine_calls) == 4
    assert [vars(row) for row in stage_standings(stage)] == fresh[-1][1]


def test_the_ranks_a_players_page_reads_are_those_of_the_tables(settings, swiss, engine_calls):
    stage, _entries = swiss
    fresh = worked_out(settings, stage)
    engine_calls.clear()
    for _ in range(2):  # worked out and kept, then read
        entries, steps = standings_round_by_round(stage, ranks_only=True)
        by_entry = [
            {entry.pk: (rank, points) for entry, rank, points in zip(entries, *ranks, strict=True)}
            for *_, ranks in steps
        ]
        assert by_entry == [{row["id"]: (row["rank"], row["points"]) for row in rows} for _, rows in fresh]
        assert [final for _, final, _ in steps] == [final for final, _ in fresh]
    assert len(engine_calls) == 4
    standings_round_by_round(stage)  # the rows are worked out when asked for
    assert len(engine_calls) == 8


def test_a_result_works_out_again_its_round_and_the_later_ones_only(settings, swiss, engine_calls):
    stage, e = swiss
    standings_round_by_round(stage)
    match = stage.matches.get(round__number=3, entry_a=e[2])
    match.score_a, match.score_b, match.winner = 10, 25, e[6]
    match.save()
    engine_calls.clear()
    kept = rows_of(standings_round_by_round(stage).steps)
    assert len(engine_calls) == 2  # rounds 3 and 4; rounds 1 and 2 read as kept
    assert kept == worked_out(settings, stage)
    # The result waiting for confirmation in round 4 counts once confirmed (ICF 150): round 4 alone again.
    Match.objects.filter(round__number=4, stage=stage, status=S.FINISHED).update(status=S.CONFIRMED)
    engine_calls.clear()
    kept = rows_of(standings_round_by_round(stage).steps)
    assert len(engine_calls) == 1
    assert kept == worked_out(settings, stage)
    assert kept[-1][0] is True


def test_a_name_a_rating_or_the_tiebreaks_work_out_every_round_again(settings, swiss, engine_calls):
    stage, e = swiss
    standings_round_by_round(stage)
    changes = [
        lambda: Entry.objects.filter(pk=e[3].pk).update(name="Aaron"),  # the name decides a tie
        lambda: e[5].players.update(rating=2400),
        lambda: Stage.objects.filter(pk=stage.pk).update(tiebreaks=["points", "net_score", "name"]),
    ]
    for change in changes:
        change()
        stage.refresh_from_db()
        engine_calls.clear()
        kept = rows_of(standings_round_by_round(stage).steps)
        assert len(engine_calls) == 4
        assert kept == worked_out(settings, stage)


def test_a_page_marking_its_rows_leaves_the_kept_table_as_it_was(settings, swiss):
    stage, _entries = swiss
    fresh = worked_out(settings, stage)
    for _, _, table in standings_round_by_round(stage).steps:
        for row in table:
            row.rank, row.points = None, -1
    assert rows_of(standings_round_by_round(stage).steps) == fresh


def test_nothing_is_kept_while_off(settings, swiss, engine_calls):
    stage, _entries = swiss
    settings.STANDINGS_CACHE_SECONDS = 0
    standings_round_by_round(stage)
    standings_round_by_round(stage)
    assert len(engine_calls) == 8
    settings.STANDINGS_CACHE_SECONDS = 600
    standings_round_by_round(stage)
    assert len(engine_calls) == 12  # nothing was kept: every round worked out


def test_a_result_of_the_round_under_way_adds_that_round_to_the_tally_before_it(settings, swiss, rounds_added):
    stage, _entries = swiss
    settings.STANDINGS_CACHE_SECONDS = 600
    standings_round_by_round(stage, ranks_only=True)
    assert rounds_added == [4, 4, 4, 1]  # three matches and a bye a round, each added to the round before
    rounds_added.clear()
    Match.objects.filter(round__number=4, stage=stage, status=S.FINISHED).update(status=S.CONFIRMED)
    kept = standings_round_by_round(stage, ranks_only=True).steps
    assert rounds_added == [2]  # round 4's two results, added to round 3's tally as this process kept it
    kept_standings.KEPT_TALLIES.values.clear()
    assert standings_round_by_round(stage, ranks_only=True).steps == kept  # read from the cache: nothing added
    assert rounds_added == [2]
    settings.STANDINGS_CACHE_SECONDS = 0
    assert standings_round_by_round(stage, ranks_only=True).steps == kept
