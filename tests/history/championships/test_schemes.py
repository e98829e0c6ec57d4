from decimal import Decimal

import pytest

from history.championships.schemes import prizes


def test_fixed_gives_18_16_14_13_then_one_less_down_to_1_then_nothing():
    assert prizes("fixed", 18) == [Decimal(p) for p in (18, 16, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0)]


def test_fixed40_starts_at_1000_and_ends_at_1_for_the_40th():
    result = prizes("fixed40", 42)
    assert result[:5] == [1000, 900, 800, 750, 700] and result[11] == 375
    assert result[39:] == [1, 0, 0]


def test_asis_is_the_ranking_counted_down():
    assert prizes("asis", 4) == [4, 3, 2, 1]


def test_millesimal_steps_down_by_the_whole_part_of_1000_over_the_count():
    # 1000 // 7 = 142
    assert prizes("millesimal", 7) == [1000, 858, 716, 574, 432, 290, 148]


def test_centesimal_keeps_the_hundredths_as_sol_stores_them():
    # 100 - 2 × 19.8 = 60.4 in floating point is 60.39999…, which SoL keeps as 60.39 (its figure, checked with SoL)
    assert prizes("centesimal", 6) == [Decimal(p) for p in ("100", "80.2", "60.39", "40.6", "20.8", "1")]
    assert prizes("centesimal", 3) == [Decimal("100"), Decimal("50.5"), Decimal("1")]


@pytest.mark.parametrize("scheme", ["fixed", "fixed40", "asis", "millesimal", "centesimal"])
def test_one_competitor_wins_the_first_prize(scheme):
    assert prizes(scheme, 1) == [
        {"fixed": 18, "fixed40": 1000, "asis": 1, "millesimal": 1000, "centesimal": 100}[scheme]
    ]
