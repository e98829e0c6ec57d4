"""End to end through the services: office singles groups then a knockout, office doubles round robin then a
final of the top two, Eurocup Swiss rounds then a final."""

import random

import pytest
from django.core.management import call_command

from matches.scoring.services import ServiceError, record_result, record_walkover
from stages.models import Match, Stage
from stages.selectors import group_standings, stage_standings
from stages.services import (
    StageError,
    delete_last_round,
    draw_stage,
    finish_stage,
    pair_swiss_round,
    publish_round,
    publish_stage,
    swap_pairings,
)
from tests.factories import EntryFactory, EventFactory
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def draw_published(stage, rng=None):
    """Draw a stage and publish its rounds: a preview round takes no results."""
    draw_stage(stage, rng)
    publish_stage(stage)


def seeded_knockout(size, rule_set, name="KO", **fields):
    """A knockout stage, not drawn, of `size` entries seeded 1 to `size` in a new event of `rule_set`."""
    event = EventFactory(rule_set=rule_set)
    for seed in range(1, size + 1):
        EntryFactory(event=event, seed=seed)
    return Stage.objects.create(event=event, name=name, kind="knockout", **fields)


def play_all(stage, pick=lambda m: (10, 3)):
    for match in stage.matches.filter(status=Match.Status.SCHEDULED).exclude(entry_a=None).exclude(entry_b=None):
        record_result(match, [pick(match)], confirm=True)


def test_office_singles_groups_then_knockout_to_a_champion():
    call_command("load_demo")
    event = Event.objects.get(name="Office singles")
    groups = Stage.objects.create(event=event, order=1, name="Groups", kind="groups", group_count=4)
    ko = Stage.objects.create(event=event, order=2, name="Knockout", kind="knockout", source=groups, qualifiers=2)

    draw_published(groups, random.Random(7))
    sizes = sorted(g.members.count() for g in groups.groups.all())
    assert sizes == [7, 8, 8, 8]
    # Every pair in a group meets exactly once (office group game: one board).
    for group in groups.groups.all():
        n = group.members.count()
        assert group.matches.exclude(entry_b=None).count() == n * (n - 1) // 2

    # Higher entry id wins each group game 8-0 (office: 1 point per opponent piece left).
    play_all(groups, pick=lambda m: (8, 0) if m.entry_a_id > m.entry_b_id else (0, 8))
    with pytest.raises(StageError, match="not finished"):
        draw_stage(ko)
    finish_stage(groups)
    tables = group_standings(groups)
    winners = {rows[0].id for rows in tables.values()}
    assert all(rows[0].points == 2 * (len(rows) - 1) for rows in tables.values())

    draw_published(ko)
    first_round = ko.matches.filter(round__number=1)
    assert first_round.count() == 4 and ko.rounds.count() == 3
    # Group winners meet runners-up in the first round.
    for match in first_round:
        assert (match.entry_a_id in winners) != (match.entry_b_id in winners)

    while ko.matches.filter(status=Match.Status.SCHEDULED).exclude(entry_a=None).exclude(entry_b=None).exists():
        # Office knockout to 15 points, semi-final and final to 29.
        play_all(ko, pick=lambda m: (15, 4) if m.round.name != "semi_final" and m.round.name != "final" else (29, 11))
    final = ko.matches.get(round__name="final")
    assert final.status == Match.Status.CONFIRMED and final.winner_id == final.entry_a_id
    finish_stage(ko)


def test_office_doubles_round_robin_then_top_two_final():
    call_command("load_demo")
    event = Event.objects.get(name="Office doubles")
    league = Stage.objects.create(event=event, order=1, name="League", kind="round_robin")
    final = Stage.objects.create(event=event, order=2, name="Final", kind="knockout", source=league, qualifiers=2)
    draw_published(league, random.Random(1))
    # 5 pairs: 5 rounds, one bye each round.
    assert league.rounds.count() == 5
    assert league.matches.filter(status=Match.Status.BYE).count() == 5
    play_all(league, pick=lambda m: (7, 0) if m.entry_a_id < m.entry_b_id else (0, 7))
    finish_stage(league)
    top = [row.id for row in stage_standings(league)][:2]
    draw_published(final)
    match = final.matches.get()
    assert {match.entry_a_id, match.entry_b_id} == set(top)
    record_result(match, [(29, 20)], confirm=True)
    assert final.matches.get().winner_id == match.entry_a_id


def test_eurocup_swiss_rounds_then_final():
    call_command("load_demo")
    event = Event.objects.get(name="Eurocup singles")
    swiss = Stage.objects.get(event=event, kind="swiss")  # the demo's, ready to pair
    Stage.objects.filter(pk=swiss.pk).update(rounds_planned=3)
    swiss.refresh_from_db()
    final = Stage.objects.create(event=event, order=2, name="Final", kind="knockout", source=swiss, qualifiers=2)
    rng = random.Random(3)
    seen = set()
    for number in range(1, 4):
        rnd = pair_swiss_round(swiss, rng)
        assert rnd.number == number and rnd.matches.count() == 32
        with pytest.raises(StageError, match="preview"):
            pair_swiss_round(swiss, rng)
        publish_round(rnd)
        for match in rnd.matches.all():
            pair = frozenset((match.entry_a_id, match.entry_b_id))
            assert pair not in seen  # never a rematch
            seen.add(pair)
            record_result(match, [(25, 9) if match.entry_a_id % 3 else (8, 25)], confirm=True)
    with pytest.raises(StageError, match="All 3 planned rounds"):
        pair_swiss_round(swiss, rng)
    finish_stage(swiss)
    table = stage_standings(swiss)
    assert table[0].points == 6
    draw_stage(final)
    match = final.matches.get()
    assert [match.entry_a_id, match.entry_b_id] == [table[0].id, table[1].id]


def test_swiss_bye_swap_warning_and_delete_last_round():
    event = EventFactory(rule_set="ecc")
    entries = [EntryFactory(event=event) for _ in range(5)]
    stage = Stage.objects.create(event=event, name="Swiss", kind="swiss", rounds_planned=4)
    rnd = pair_swiss_round(stage, random.Random(5))
    bye = rnd.matches.get(entry_b=None)
    assert (bye.status, bye.score_a, bye.score_b) == (Match.Status.BYE, 25, 0)
    one, two = rnd.matches.exclude(entry_b=None)
    assert swap_pairings(one, "b", two, "b") == []
    publish_round(rnd)
    with pytest.raises(StageError, match="published"):
        swap_pairings(one, "a", two, "a")
    record_result(one, [(25, 3)], confirm=True)
    with pytest.raises(StageError, match="confirm again"):
        delete_last_round(stage)
    assert delete_last_round(stage, confirm_results=True) == 1
    assert stage.rounds.count() == 0 and len(entries) == 5


def test_knockout_walkover_and_withdrawal_advance_the_opponent():
    stage = seeded_knockout(5, "icf")
    draw_published(stage)
    # 5 seeds in an 8 bracket: seeds 1-3 have byes and are already in the semi-finals' places.
    first = {m.number: m for m in stage.matches.filter(round__number=1)}
    assert [(m.entry_a.seed, m.entry_b and m.entry_b.seed) for m in first.values()] == [
        (1, None),
        (4, 5),
        (2, None),
        (3, None),
    ]
    record_walkover(first[2], "b")  # seed 5 did not come
    semi_one = stage.matches.get(round__number=2, number=1)
    assert (semi_one.entry_a.seed, semi_one.entry_b.seed) == (1, 4)
    third = stage.event.entries.get(seed=3)
    third.withdrawn = True  # seed 3 withdraws before the semi-final
    third.save()
    with pytest.raises(ServiceError, match="ICF 57"):
        record_result(semi_one, [(25, 10)], confirm=True)  # best of three: one game is not a match
    record_result(semi_one, [(25, 10), (12, 25), (25, 0)], confirm=True)
    from stages.bracket import sync_bracket

    sync_bracket(stage)
    final = stage.matches.get(round__name="final")
    assert final.entry_a.seed == 1 and final.entry_b.seed == 2


def test_deleting_a_knockout_draw_deletes_the_whole_bracket_after_a_second_confirmation():
    stage = seeded_knockout(4, "ecc")
    draw_published(stage)
    record_result(stage.matches.get(round__number=1, number=1), [(25, 3)], confirm=True)
    with pytest.raises(StageError, match="confirm again"):
        delete_last_round(stage)
    assert delete_last_round(stage, confirm_results=True) == 2
    stage.refresh_from_db()
    assert (stage.status, stage.matches.count()) == (Stage.Status.PENDING, 0)
    draw_stage(stage)
    assert stage.matches.count() == 3


def test_a_eurocup_final_can_be_best_of_three_though_ecc_plays_one_game():
    final = seeded_knockout(2, "ecc", name="Final", games_per_match=3)
    draw_published(final)
    match = final.matches.get()
    with pytest.raises(ServiceError, match="not over after 1 game"):
        record_result(match, [(25, 10)], confirm=True)
    record_result(match, [(25, 10), (8, 25), (25, 24)], confirm=True)
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.winner_id) == (2, 1, match.entry_a_id)
