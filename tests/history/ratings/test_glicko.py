"""Glicko-2 arithmetic against Glickman's worked example and figures worked out by hand."""

import math

import pytest

from history.ratings.glicko import System, Value, glicko_outcomes, guido_outcomes, impact


def test_glickmans_worked_example():
    # glicko.net/glicko/glicko2.pdf: 1500/200/0.06, tau 0.5, beats 1400/30, loses to 1550/100 and 1700/300;
    # the paper gives 1464.06, 151.52 and 0.05999 (it rounds its intermediate figures, hence the tolerance).
    system = System(tau=0.5)
    after = system.rate_period(
        Value(1500, 200, 0.06), [(1, Value(1400, 30, 0.06)), (0, Value(1550, 100, 0.06)), (0, Value(1700, 300, 0.06))]
    )
    assert after.mu == pytest.approx(1464.06, abs=0.02)
    assert after.phi == pytest.approx(151.52, abs=0.01)
    assert after.sigma == pytest.approx(0.05999, abs=0.00001)


def test_g_of_the_example_opponents():
    # The paper's g(φ) column: 0.9955, 0.9531, 0.7242 for deviations 30, 100 and 300.
    assert [round(impact(phi / 173.7178), 4) for phi in (30, 100, 300)] == [0.9955, 0.9531, 0.7242]


def test_a_period_without_games_only_widens_the_deviation():
    # Step 6: φ* = sqrt(φ² + σ²) on the Glicko-2 scale: 200 / 173.7178 = 1.151292, squared 1.325473, plus
    # 0.0036 = 1.329073, root 1.152854, times 173.7178 = 200.27.
    after = System().rate_period(Value(1500, 200, 0.06), [])
    assert (after.mu, round(after.phi, 2), after.sigma) == (1500, 200.27, 0.06)


def test_the_centre_of_the_scale_does_not_change_the_result():
    results = [(0.8, Value(1600, 80, 0.06)), (0.3, Value(1450, 200, 0.06))]
    one = System(rate=1500).rate_period(Value(1550, 150, 0.06), results)
    other = System(rate=1200).rate_period(Value(1550, 150, 0.06), results)
    assert math.isclose(one.mu, other.mu, abs_tol=1e-9) and math.isclose(one.phi, other.phi, abs_tol=1e-9)


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ((25, 0), (1.0, 0.0)),
        ((0, 25), (0.0, 1.0)),
        ((13, 13), (0.5, 0.5)),
        ((20, 5), (0.8, 0.2)),
        ((24, 1), (0.96, 0.04)),
    ],
)
def test_guidos_outcomes(scores, expected):
    assert guido_outcomes(*scores) == pytest.approx(expected)


def test_glicko_outcomes_count_only_who_won():
    assert [glicko_outcomes(*s) for s in ((24, 1), (1, 24), (7, 7))] == [(1, 0), (0, 1), (0.5, 0.5)]
