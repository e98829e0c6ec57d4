"""history.ratings.periods against SoL 5.26's own figures.

The expected rates were obtained by running SoL 5.26's Rating.recompute(scratch=True) (PyPI package SoL==5.26,
in a virtualenv outside the repository) on the same tournaments: a SoL SQLite database built with its models,
competitors' prizes set so that its ranking is the one given here. Only the resulting numbers are kept."""

from datetime import date
from decimal import Decimal

import pytest

from history.ratings.glicko import System, Value
from history.ratings.periods import Parameters, Period, Stored, compute, interpolate, least_squares


def no_history(player, before):
    return None


def rates_by_name(rates):
    return {(player, str(day)): (r.rate, r.deviation, r.volatility) for (player, day), r in rates.items()}


def test_all_unrated_players_are_placed_between_the_two_virtual_points():
    # Nobody rated: the line through (1, 2600) and (4, 1600) places a, b, c, d before the period.
    period = Period(
        date(2024, 1, 10),
        [("a", "b", 25, 10), ("c", "d", 12, 7), ("a", "c", 20, 20), ("b", "d", 0, 25)],
        ["a", "b", "c", "d"],
    )
    rates = rates_by_name(compute(Parameters(System()), [period], no_history))
    assert rates == {
        ("a", "2024-01-10"): (2435, 292, Decimal("0.05999")),
        ("b", "2024-01-10"): (1982, 292, Decimal("0.06")),
        ("c", "2024-01-10"): (2024, 292, Decimal("0.05999")),
        ("d", "2024-01-10"): (1956, 292, Decimal("0.06")),
    }


HISTORY = {
    "z": Value(805, 150, Decimal("0.06")),
    "y": Value(900, 80, Decimal("0.06")),
    "x": Value(880, 80, Decimal("0.06")),
}


def historical(player, before):
    value = HISTORY.get(player)
    return Value(value.mu, value.phi, value.sigma) if value else None


def test_glicko_outcomes_the_floor_and_one_unrated_player_among_rated_ones():
    # Glicko outcomes, tau 0.3. z falls under 800 and is stored at 800, but keeps running from its real value;
    # w, the one unrated player, is placed by the regression through x (1), y (2) and z (4).
    periods = [
        Period(date(2024, 2, 3), [("z", "y", 0, 25), ("x", "w", 20, 11), ("z", "x", 3, 25), ("y", "w", 12, 12)],
               ["x", "y", "w", "z"]),
        Period(date(2024, 3, 9), [("w", "z", 25, 1), ("z", "x", 0, 25)], ["w", "z", "x"]),
    ]  # fmt: skip
    parameters = Parameters(System(tau=0.3), outcomes="glicko")
    rates = rates_by_name(compute(parameters, periods, historical))
    assert rates == {
        ("z", "2024-02-03"): (800, 130, Decimal("0.05999")),
        ("y", "2024-02-03"): (910, 78, Decimal("0.05999")),
        ("x", "2024-02-03"): (903, 78, Decimal("0.06")),
        ("w", "2024-02-03"): (800, 206, Decimal("0.05999")),
        ("z", "2024-03-09"): (800, 119, Decimal("0.05999")),
        ("x", "2024-03-09"): (912, 77, Decimal("0.06")),
        ("w", "2024-03-09"): (837, 181, Decimal("0.05999")),
    }


def test_interpolation_counts_phantom_positions_but_not_phantoms():
    # b is unrated between a (position 1, 1800) and c (position 4, 1400); the phantom holds position 3 and is
    # no point of the line. Slope (1400 - 1800) / 3 = -133.33, so b at 2 gets 1666.67, rounded half up 1667,
    # with the default deviation and volatility.
    system = System(deviation=300, volatility=0.05)
    running = {"a": Value(1800.9, 50, 0.06), "b": system.unrated(), "c": Value(1400.2, 50, 0.06)}
    interpolate(running, ["a", "b", None, "c"], Parameters(system))
    assert running["b"] == Value(1667, 300, 0.05)


def test_fewer_than_two_rated_players_use_the_virtual_points():
    # Only a is rated: the line goes through (1, 2600) and (n, 1600), n = 3 real competitors (the phantom and
    # x, who played no counted match, are left out of n): slope -500, intercept 3100. Positions still count
    # them (SoL's reading): b at 2 gets 2100, c at 5 gets 600 (the floor applies only to stored rates).
    system = System()
    running = {"a": Value(1900, 50, 0.06), "b": system.unrated(), "c": system.unrated()}
    interpolate(running, ["a", "b", None, "x", "c"], Parameters(system))
    assert (running["b"].mu, running["c"].mu) == (2100, 600)


def test_least_squares_by_hand():
    # Through (1, 3), (2, 5), (3, 7): y = 2x + 1.
    assert least_squares([(1, 3), (2, 5), (3, 7)]) == pytest.approx((2.0, 1.0))


def test_stored_values_truncate():
    rates = compute(Parameters(System()), [Period(date(2024, 1, 1), [("a", "b", 25, 0)], ["a", "b"])], no_history)
    for stored in rates.values():
        assert isinstance(stored, Stored) and stored.volatility == stored.volatility.quantize(Decimal("0.00001"))
