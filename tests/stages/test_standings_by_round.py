"""The standings of a stage after each round: one function (stages.selectors.standings_after_each_round) gives the
stage's own standings and the players' ranks after each round (players.progress)."""

import pytest

from stages.models import Match, Stage
from stages.selectors import stage_standings, standings_round_by_round
from tests.factories import EntryFactory, EventFactory, GroupFactory, GroupMemberFactory, MatchFactory, StageFactory
from tests.player_helpers import round_of

pytestmark = pytest.mark.django_db
S = Match.Status


def result(stage, number, a, b, score, status=S.CONFIRMED):
    winner = a if score[0] > score[1] else b
    return MatchFactory(
        round=round_of(stage, number),
        entry_a=a,
        entry_b=b,
        score_a=score[0],
        score_b=score[1],
        winner=winner,
        status=status,
    )


@pytest.fixture
def swiss(tournament):
    """A, B, C, D: round 1 confirmed, round 2 with one result still to confirm, round 3 not played."""
    stage = StageFactory(event=EventFactory(tournament=tournament, rule_set="icf"), kind=Stage.Kind.SWISS)
    a, b, c, d = (EntryFactory(event=stage.event) for _ in range(4))
    result(stage, 1, a, b, (25, 10))
    result(stage, 1, c, d, (25, 0))
    result(stage, 2, a, c, (25, 20))
    result(stage, 2, d, b, (25, 5), status=S.FINISHED)  # not confirmed: counts for nothing yet (ICF 150)
    MatchFactory(round=round_of(stage, 3), entry_a=a, entry_b=d)
    return stage, (a, b, c, d)


def test_the_standings_after_each_round_count_that_round_and_those_before(swiss):
    stage, (a, b, c, d) = swiss
    entries, steps = standings_round_by_round(stage)
    assert {entry.pk for entry in entries} == {a.pk, b.pk, c.pk, d.pk}
    rounds = {r.pk: r.number for r in stage.rounds.all()}
    names = {a.pk: "A", b.pk: "B", c.pk: "C", d.pk: "D"}
    # Round 1: C and A on 2 points and Buchholz 0, C's net score (+25) first. Round 2: D's win is not confirmed,
    # so B and D stay on 0, B's Buchholz (A's 4) above D's (C's 2). Round 3 has no decided match: no step.
    assert [
        (rounds[round_id], final, [(names[row.id], row.rank, row.points) for row in table])
        for round_id, final, table in steps
    ] == [
        (1, True, [("C", 1, 2), ("A", 2, 2), ("B", 3, 0), ("D", 4, 0)]),
        (2, False, [("A", 1, 4), ("C", 2, 2), ("B", 3, 0), ("D", 4, 0)]),
    ]


def test_the_last_step_is_the_stages_standings(swiss):
    stage, _entries = swiss
    _entries, steps = standings_round_by_round(stage)
    assert steps[-1][2] == stage_standings(stage)


def test_a_groups_steps_rank_its_members_only(tournament):
    stage = StageFactory(event=EventFactory(tournament=tournament), kind=Stage.Kind.GROUPS)
    first, second = GroupFactory(stage=stage, number=1), GroupFactory(stage=stage, number=2)
    a, b, c = (EntryFactory(event=stage.event) for _ in range(3))
    for group, entry in ((first, a), (first, b), (second, c)):
        GroupMemberFactory(group=group, entry=entry)
    Match.objects.filter(pk=result(stage, 1, b, a, (25, 3)).pk).update(group=first)
    entries, steps = standings_round_by_round(stage, first.pk)
    assert sorted(entry.pk for entry in entries) == sorted([a.pk, b.pk])
    assert [[(row.id, row.rank, row.points) for row in table] for _, _, table in steps] == [
        [(b.pk, 1, 2), (a.pk, 2, 0)]
    ]
