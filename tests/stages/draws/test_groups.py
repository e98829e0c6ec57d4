import random

import pytest

from stages.draws.errors import DrawError
from stages.draws.groups import clashes, group_sizes, make_groups


def people(n, clubs=None, countries=None):
    return [
        {
            "id": i,
            "name": f"P{i:02d}",
            "seed": i + 1,
            "rating": 2000 - 10 * i,
            "club": clubs[i] if clubs else "",
            "country": countries[i] if countries else "",
        }
        for i in range(n)
    ]


def ids(groups):
    return [[c["id"] for c in g] for g in groups]


def test_snake_by_seed_written_out():
    groups = make_groups(people(10), 3)
    # Seeds 1-3 to A, B, C; 4-6 back from C; 7-9 forward; 10 to C.
    assert ids(groups) == [[0, 5, 6], [1, 4, 7], [2, 3, 8, 9]]


def test_snake_by_rating():
    comps = people(6)
    for c in comps:
        c["rating"] = 1000 + 10 * c["id"]  # the highest rating is the last
    assert ids(make_groups(comps, 2, seed_by="rating")) == [[5, 2, 1], [4, 3, 0]]


@pytest.mark.parametrize("n,k", [(10, 3), (31, 4), (16, 4), (7, 7), (100, 6)])
def test_sizes_even(n, k):
    for method in ("snake", "random"):
        groups = make_groups(people(n), k, method=method, rng=random.Random(n))
        sizes = sorted(len(g) for g in groups)
        assert sizes[-1] - sizes[0] <= 1
        assert sorted(c["id"] for g in groups for c in g) == list(range(n))
    assert group_sizes(10, 3) == [4, 3, 3]


def test_random_is_deterministic_with_rng():
    one = make_groups(people(20), 4, method="random", rng=random.Random(9))
    two = make_groups(people(20), 4, method="random", rng=random.Random(9))
    assert ids(one) == ids(two)


def test_same_club_kept_apart():
    # Seeds 1-4 are all from one club: a plain snake puts them in four groups anyway, but seeds 5 and 8 share
    # a club with seed 1, and the plain snake would put seed 8 with seed 1.
    clubs = ["Kiel"] + ["", "", ""] + ["Kiel", "", "", "Kiel"]
    groups = make_groups(people(8, clubs=clubs), 4)
    assert clashes(groups, "club") == 0
    for g in groups:  # still one from each pot of four
        assert sorted(c["id"] // 4 for c in g) == [0, 1]


@pytest.mark.parametrize("seed", range(5))
def test_clubs_and_countries_apart_as_far_as_possible(seed):
    rng = random.Random(seed)
    n, k = 32, 4
    clubs = [f"club{rng.randrange(8)}" for _ in range(n)]
    countries = [rng.choice(["DE", "FR", "PL"]) for _ in range(n)]
    comps = people(n, clubs, countries)
    plain = make_groups(comps, k, separate=())
    separated = make_groups(comps, k, rng=random.Random(seed))
    assert clashes(separated, "club") <= clashes(plain, "club")
    # A club with at most k members never needs to share a group.
    small = {c for c in clubs if clubs.count(c) <= k}
    for g in separated:
        names = [c["club"] for c in g if c["club"] in small]
        assert len(names) == len(set(names))


def test_too_many_groups():
    with pytest.raises(DrawError):
        make_groups(people(3), 4)


def test_unknown_method():
    with pytest.raises(ValueError):
        make_groups(people(4), 2, method="pots")
