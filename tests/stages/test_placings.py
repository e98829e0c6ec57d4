"""Final placings: a knockout places by the round lost in (3 and 4 from a third-place match, else 3=; 5= for the
quarter-final losers), a Swiss or round-robin stage by its standings, an event by its last stage first. The plain
functions without the database, expected placings written out in full; then the stored stages."""

import pytest

from matches.scoring.services import record_result, record_walkover
from stages.draws.knockout import advance
from stages.draws.standings import Standing
from stages.models import Match, Stage
from stages.placings import Placing, event_placings, knockout_placings, ranked_placings, stage_placings
from stages.services import draw_stage, publish_stage
from tests.factories import EntryFactory, EventFactory
from tests.helpers import knockout, play_round_robin

P = Placing
EIGHT = [[1, 8], [4, 5], [3, 6], [2, 7]]  # a seeded bracket of eight: seed 1 meets 8, ...
QUARTERS = {(1, 0): 1, (1, 1): 4, (1, 2): 3, (1, 3): 2}
SEMIS = {(2, 0): 1, (2, 1): 2}
FINAL = {(3, 0): 1}


def placed(bracket):
    return knockout_placings(bracket.rounds, bracket.third_place)


# ---------------------------------------------------------------- knockout, plain


def test_a_played_knockout_without_third_place_match_shares_third_and_fifth():
    bracket = advance(EIGHT, {**QUARTERS, **SEMIS, **FINAL})
    assert placed(bracket) == [
        P(1, 1),
        P(2, 2),
        P(3, 4, True),
        P(3, 3, True),
        P(5, 8, True),
        P(5, 5, True),
        P(5, 6, True),
        P(5, 7, True),
    ]


def test_a_played_third_place_match_splits_third_and_fourth():
    bracket = advance(EIGHT, {**QUARTERS, **SEMIS, **FINAL, (0, 0): 3}, third_place=True)
    assert placed(bracket) == [
        P(1, 1),
        P(2, 2),
        P(3, 3),
        P(4, 4),
        P(5, 8, True),
        P(5, 5, True),
        P(5, 6, True),
        P(5, 7, True),
    ]


def test_a_third_place_match_not_played_yet_leaves_third_shared():
    bracket = advance(EIGHT, {**QUARTERS, **SEMIS, **FINAL}, third_place=True)
    assert placed(bracket)[:4] == [P(1, 1), P(2, 2), P(3, 4, True), P(3, 3, True)]


def test_a_knockout_in_play_places_only_those_who_are_out():
    bracket = advance(EIGHT, {**QUARTERS, (2, 0): 1})
    assert placed(bracket) == [P(3, 4), P(5, 8, True), P(5, 5, True), P(5, 6, True), P(5, 7, True)]


def test_a_bye_places_nobody_and_its_player_is_placed_where_he_goes_out():
    # Six players in a bracket of eight: seeds 1 and 2 have byes in the first round.
    bracket = advance([[1, None], [4, 5], [3, 6], [2, None]], {(1, 1): 4, (1, 2): 3, **SEMIS, **FINAL})
    assert placed(bracket) == [P(1, 1), P(2, 2), P(3, 4, True), P(3, 3, True), P(5, 5, True), P(5, 6, True)]


def test_both_absent_in_a_quarter_final_both_go_out_fifth():
    # ICF 143(i): neither reported; seed 1 goes through to the final on a walkover.
    walkovers = {(1, 1): (4, 5)}
    bracket = advance(EIGHT, {(1, 0): 1, (1, 2): 3, (1, 3): 2, (2, 1): 2, (3, 0): 2}, walkovers)
    assert placed(bracket) == [
        P(1, 2),
        P(2, 1),
        P(3, 3),
        P(5, 8, True),
        P(5, 4, True),
        P(5, 5, True),
        P(5, 6, True),
        P(5, 7, True),
    ]


def test_a_final_of_two_places_both():
    assert placed(advance([[7, 9]], {(1, 0): 9})) == [P(1, 9), P(2, 7)]


# ---------------------------------------------------------------- standings and events, plain


def test_standings_ranks_are_places_and_a_shared_rank_a_shared_place():
    rows = [Standing(id="a", rank=1), Standing(id="b", rank=2), Standing(id="c", rank=2), Standing(id="d", rank=4)]
    assert ranked_placings(rows) == [P(1, "a"), P(2, "b", True), P(2, "c", True), P(4, "d")]


def test_an_event_places_its_finalists_first_then_the_swiss_order():
    swiss = [P(rank, name) for rank, name in enumerate("abcdefgh", start=1)]
    final = [P(1, "c"), P(2, "a"), P(3, "b", True), P(3, "d", True)]
    assert event_placings([swiss, final]) == [
        P(1, "c"),
        P(2, "a"),
        P(3, "b", True),
        P(3, "d", True),
        P(5, "e"),
        P(6, "f"),
        P(7, "g"),
        P(8, "h"),
    ]


def test_an_event_of_groups_places_those_out_after_the_groups_by_their_place_in_the_group():
    groups = [P(1, "a1"), P(2, "a2"), P(3, "a3"), P(1, "b1"), P(2, "b2"), P(3, "b3"), P(4, "b4")]
    final = [P(1, "b1"), P(2, "a1"), P(3, "a2", True), P(3, "b2", True)]
    assert event_placings([groups, final]) == [
        P(1, "b1"),
        P(2, "a1"),
        P(3, "a2", True),
        P(3, "b2", True),
        P(5, "a3", True),
        P(5, "b3", True),
        P(7, "b4"),
    ]


def test_an_event_of_one_stage_is_that_stage():
    assert event_placings([[P(1, "x"), P(2, "y")]]) == [P(1, "x"), P(2, "y")]


# ---------------------------------------------------------------- stored stages


def play(stage, secretary, winners):
    """Confirm each listed match (round number, match number) as a 25-10, 25-12 win for side "a" or "b"."""
    for (round_number, number), side in winners.items():
        match = Match.objects.get(stage=stage, round__number=round_number, number=number)
        games = [(25, 10), (25, 12)] if side == "a" else [(10, 25), (12, 25)]
        record_result(match, games, confirm=True, user=secretary)


@pytest.mark.django_db
def test_a_stored_knockout_with_its_third_place_match(tournament, secretary):
    stage = knockout(tournament, size=4, publish=False)
    stage.third_place_match = True
    stage.save()
    stage.rounds.all().delete()
    stage.status = Stage.Status.PENDING
    stage.save()
    draw_stage(stage)
    publish_stage(stage)
    play(stage, secretary, {(1, 1): "a", (1, 2): "b"})
    # The final (round 2) and the third-place match (round 3), as stages.services.draw_knockout numbers them.
    play(stage, secretary, {(2, 1): "b", (3, 1): "a"})
    names = [(p.place, p.entry.seed, p.shared) for p in stage_placings(stage)[""]]
    final = Match.objects.get(stage=stage, round__number=2)
    third = Match.objects.get(stage=stage, round__number=3)
    assert names == [
        (1, final.entry_b.seed, False),
        (2, final.entry_a.seed, False),
        (3, third.entry_a.seed, False),
        (4, third.entry_b.seed, False),
    ]


@pytest.mark.django_db
def test_a_withheld_or_unconfirmed_final_places_nobody_first(tournament, secretary):
    stage = knockout(tournament, size=4)
    play(stage, secretary, {(1, 1): "a", (1, 2): "a"})
    final = Match.objects.get(stage=stage, round__number=2)
    record_result(final, [(25, 10), (25, 12)], user=secretary)  # entered, not confirmed
    placings = stage_placings(stage)[""]
    assert [(p.place, p.shared) for p in placings] == [(3, True), (3, True)]


@pytest.mark.django_db
def test_a_walkover_in_the_first_round_places_the_absent_player(tournament, secretary):
    stage = knockout(tournament, size=4)
    first = Match.objects.get(stage=stage, round__number=1, number=1)
    record_walkover(first, "b", user=secretary)
    placings = stage_placings(stage)[""]
    assert [(p.place, p.entry.pk, p.shared) for p in placings] == [(3, first.entry_b_id, False)]


@pytest.mark.django_db
def test_a_round_robin_places_by_its_standings(tournament, secretary):
    event = EventFactory(tournament=tournament, rule_set="icf")
    entries = [EntryFactory(event=event, seed=seed) for seed in (1, 2, 3)]
    stage = play_round_robin(event, secretary, finish=False)  # the lower seed always wins: seed 1 first, seed 3 last
    assert [(p.place, p.entry.pk, p.shared) for p in stage_placings(stage)[""]] == [
        (1, entries[0].pk, False),
        (2, entries[1].pk, False),
        (3, entries[2].pk, False),
    ]
