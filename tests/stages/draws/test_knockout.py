import pytest

from stages.draws.errors import DrawBug, DrawError
from stages.draws.knockout import (
    THIRD_PLACE,
    Feeder,
    advance,
    bracket_size,
    bracket_slots,
    feeders,
    place_group_qualifiers,
    round_name,
    rules_round,
    seed_order,
)


def test_thirteen_seeds_written_out():
    assert bracket_slots(13) == [
        [1, None],
        [8, 9],
        [4, 13],
        [5, 12],
        [2, None],
        [7, 10],
        [3, None],
        [6, 11],
    ]


def test_seed_order_sixteen():
    assert seed_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64])
def test_top_seeds_in_separate_sections(size):
    order = seed_order(size)
    half = size // 2
    assert (order.index(1) < half) != (order.index(2) < half)
    if size >= 4:
        quarters = {order.index(s) // (size // 4) for s in (1, 2, 3, 4)}
        assert quarters == {0, 1, 2, 3}


@pytest.mark.parametrize("n", list(range(2, 70)))
def test_favourites_always_win(n):
    """If favourites always win, the seeds paired in round k sum to N / 2^(k-1) + 1 (N = bracket size)."""
    slots = bracket_slots(n)
    size = bracket_size(n)
    results = {}
    bracket = advance(slots)
    while bracket.champion is None:
        for m in bracket.matches():
            if not m.decided and m.a is not None and m.b is not None:
                results[m.key] = min(m.a, m.b)
        bracket = advance(slots, results)
    for k, rnd in enumerate(bracket.rounds, start=1):
        for m in rnd:
            a = m.a if m.a is not None else size + 1 - m.b
            b = m.b if m.b is not None else size + 1 - m.a  # a bye stands for the missing seed
            assert a + b == size // 2 ** (k - 1) + 1
    assert bracket.champion == 1
    # Byes go to the top seeds only.
    assert sorted(a for a, b in slots if b is None) == list(range(1, size - n + 1))


def test_round_names():
    assert [round_name(x) for x in (2, 4, 8, 16, 32, 64, 128)] == [
        "final",
        "semi_final",
        "quarter_final",
        "pre_quarter_final",
        "round_of_32",
        "round_of_64",
        "round_of_128",
    ]
    assert [m[0].name for m in advance(bracket_slots(20)).rounds] == [
        "round_of_32",
        "pre_quarter_final",
        "quarter_final",
        "semi_final",
        "final",
    ]


def test_rules_round_keys():
    # ICF 56(b): rounds before the pre-quarter-final play like it.
    assert rules_round("round_of_64") == "pre_quarter_final"
    assert rules_round("quarter_final") == "quarter_final"
    assert rules_round("third_place") == "semi_final"


def test_byes_advance_and_results_advance_winners():
    slots = bracket_slots(3)  # [[1, None], [2, 3]]
    assert slots == [[1, None], [2, 3]]
    bracket = advance(slots)
    first = bracket.rounds[0]
    assert first[0].winner == 1 and first[0].walkover
    assert first[1].winner is None
    final = bracket.rounds[1][0]
    assert (final.a, final.b, final.decided) == (1, None, False)
    bracket = advance(slots, {(1, 1): 3})
    assert (bracket.rounds[1][0].a, bracket.rounds[1][0].b) == (1, 3)
    bracket = advance(slots, {(1, 1): 3, (2, 0): 3})
    assert bracket.champion == 3


def test_walkover_and_withdrawal_advance_the_opponent():
    slots = bracket_slots(4)  # [[1, 4], [2, 3]]
    bracket = advance(slots, walkovers={(1, 0): 4}, withdrawn={3})
    assert [m.winner for m in bracket.rounds[0]] == [1, 2]
    assert all(m.walkover for m in bracket.rounds[0])
    # A player who withdraws after reaching the final loses it without play.
    bracket = advance(slots, results={(1, 0): 1, (1, 1): 2}, withdrawn={1})
    assert bracket.champion == 2


def test_double_withdrawal_gives_the_next_opponent_a_bye():
    slots = bracket_slots(4)
    bracket = advance(slots, results={(1, 1): 2}, withdrawn={1, 4})
    assert bracket.rounds[0][0].decided and bracket.rounds[0][0].winner is None
    assert bracket.champion == 2


def test_third_place_match():
    slots = bracket_slots(4)
    bracket = advance(slots, results={(1, 0): 1, (1, 1): 3}, third_place=True)
    tp = bracket.third_place
    assert (tp.name, tp.a, tp.b, tp.decided) == ("third_place", 4, 2, False)
    bracket = advance(slots, results={(1, 0): 1, (1, 1): 3, (0, 0): 2}, third_place=True)
    assert bracket.third_place.winner == 2


def test_feeders_of_a_match_are_the_two_lines_above_it():
    assert feeders(1, 3) == []
    assert feeders(2, 1) == [Feeder(1, 1, "winner"), Feeder(1, 2, "winner")]
    assert feeders(2, 3, "quarter_final") == [Feeder(1, 5, "winner"), Feeder(1, 6, "winner")]
    assert feeders(4, 1, "final") == [Feeder(3, 1, "winner"), Feeder(3, 2, "winner")]


def test_third_place_match_is_fed_by_the_losing_semi_finalists():
    # 8 entries: quarter-finals (1), semi-finals (2), final (3), third place (4).
    assert feeders(4, 1, THIRD_PLACE) == [Feeder(2, 1, "loser"), Feeder(2, 2, "loser")]
    # 4 entries: semi-finals (1), final (2), third place (3).
    assert feeders(3, 1, THIRD_PLACE) == [Feeder(1, 1, "loser"), Feeder(1, 2, "loser")]


@pytest.mark.parametrize("position", [(0, 1), (2, 0), (2, 1, THIRD_PLACE), (4, 2, THIRD_PLACE)])
def test_feeders_of_a_place_no_draw_makes(position):
    with pytest.raises(DrawBug):
        feeders(*position)


@pytest.mark.parametrize("n", [2, 3, 5, 8, 13])
def test_feeders_agree_with_how_the_bracket_advances(n):
    """Each side of a later match holds the winner (or, third place, the loser) of its feeder, numbered as
    draw_knockout stores the bracket: round 1 to the final, then the third-place round; matches from 1."""
    slots = bracket_slots(n)
    results = {}
    bracket = advance(slots, third_place=True)
    while not all(m.decided for m in bracket.matches()):
        for m in bracket.matches():
            if not m.decided and m.a is not None and m.b is not None:
                results[m.key] = min(m.a, m.b)
        bracket = advance(slots, results, third_place=True)
    stored = {(m.round, m.number + 1): m for rnd in bracket.rounds for m in rnd}
    if bracket.third_place:
        stored[len(bracket.rounds) + 1, 1] = bracket.third_place
    for (round_number, number), m in stored.items():
        sides = [comes_on(stored[f.round, f.number], f.outcome) for f in feeders(round_number, number, m.name)]
        assert sides == ([] if round_number == 1 else [m.a, m.b])


def comes_on(match, outcome):
    if outcome == "winner":
        return match.winner
    return match.b if match.winner == match.a else match.a


def test_result_for_someone_not_in_the_match():
    with pytest.raises(DrawError):
        advance(bracket_slots(4), {(1, 0): 2})


def _position(lines, ident):
    flat = [x for line in lines for x in line]
    return flat.index(ident)


@pytest.mark.parametrize("n_groups", [2, 4, 8, 16])
def test_group_qualifiers_two_per_group(n_groups):
    groups = [[f"{g}1", f"{g}2"] for g in range(n_groups)]
    lines = place_group_qualifiers(groups)
    size = 2 * n_groups
    assert len(lines) == n_groups
    for a, b in lines:  # winners meet runners-up
        assert a.endswith("1") != b.endswith("1")
    for g in range(n_groups):  # the two from one group are in different halves
        assert (_position(lines, f"{g}1") < size // 2) != (_position(lines, f"{g}2") < size // 2)
    # Winners keep the standard seed positions: group 0 winner on top, group 1 winner in the other half.
    assert lines[0][0] == "01"
    assert _position(lines, "11") >= size // 2


def test_group_qualifiers_written_out_for_four_groups():
    groups = [["A1", "A2"], ["B1", "B2"], ["C1", "C2"], ["D1", "D2"]]
    # Winners on the seed lines of 1-4 (seed order 1, 8, 4, 5, 2, 7, 3, 6); each runner-up in the half
    # away from its own winner.
    assert place_group_qualifiers(groups) == [["A1", "C2"], ["D1", "B2"], ["B1", "D2"], ["C1", "A2"]]


def test_group_qualifiers_odd_number_of_groups_get_byes():
    groups = [["A1", "A2"], ["B1", "B2"], ["C1", "C2"]]
    lines = place_group_qualifiers(groups)
    assert len(lines) == 4
    assert ["A1", None] in lines
    for g in "ABC":
        assert (_position(lines, g + "1") < 4) != (_position(lines, g + "2") < 4)


def test_group_qualifiers_four_per_group_spread_over_quarters():
    groups = [[f"{g}{p}" for p in range(1, 5)] for g in "AB"]
    lines = place_group_qualifiers(groups)
    for g in "AB":
        quarters = {_position(lines, f"{g}{p}") // 2 for p in range(1, 5)}
        assert quarters == {0, 1, 2, 3}
