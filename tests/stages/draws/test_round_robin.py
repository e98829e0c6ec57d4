import pytest

from stages.draws.errors import DrawError
from stages.draws.round_robin import berger_rounds


def test_fide_berger_table_for_six_written_out():
    assert berger_rounds(6) == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


def test_round_one_for_eight():
    assert berger_rounds(8)[0] == [(1, 8), (2, 7), (3, 6), (4, 5)]


@pytest.mark.parametrize("n", range(2, 31))
def test_closed_form_and_everyone_meets_once(n):
    rounds = berger_rounds(n)
    size = n + n % 2
    assert len(rounds) == size - 1
    met = set()
    for r, rnd in enumerate(rounds, start=1):
        seen = [x for pair in rnd for x in pair if x is not None]
        assert sorted(seen) == list(range(1, n + 1))  # everyone plays (or has the bye) once
        for a, b in rnd:
            b = size if b is None else b  # the bye is the dummy number n
            if size not in (a, b):
                # In round r, a and b meet when a + b = r + 1 (mod n - 1).
                assert (a + b) % (size - 1) == (r + 1) % (size - 1)
            else:
                other = a if b == size else b
                assert (2 * other) % (size - 1) == (r + 1) % (size - 1)
            met.add(frozenset((a, b)))
    assert len(met) == size * (size - 1) // 2


@pytest.mark.parametrize("n", [4, 6, 8, 10, 12])
def test_last_number_alternates_sides(n):
    sides = []
    for rnd in berger_rounds(n):
        (pair,) = [p for p in rnd if n in p]
        sides.append(pair.index(n))
    assert sides == [1, 0] * (n // 2 - 1) + [1]


def test_odd_count_gives_one_bye_per_round_and_each_player_one_bye():
    rounds = berger_rounds(7)
    byes = [a for rnd in rounds for a, b in rnd if b is None]
    assert sorted(byes) == list(range(1, 8))


def test_double_round_robin_swaps_sides():
    single, double = berger_rounds(4), berger_rounds(4, double=True)
    assert double[:3] == single
    assert double[3:] == [[(b, a) for a, b in rnd] for rnd in single]


def test_too_few():
    with pytest.raises(DrawError):
        berger_rounds(1)
