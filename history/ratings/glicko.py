"""Glicko-2 arithmetic, after Mark Glickman's "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf).

Plain Python. Values are on the Glicko-1 scale (a rate around 1500, a deviation around 350); the computation
works on the Glicko-2 scale, centred on the rating's default rate as SoL centres it (the centre cancels out, but
it decides the last bits of the floating-point figures, and SoL's stored figures are truncated ones). The expected
score and g(φ) live on the ground floor (core.glicko), where the stages floor reads them too."""

import math
from dataclasses import dataclass

from core.glicko import SCALE, expected_score, impact

EPSILON = 0.000001  # the convergence tolerance of step 5.4
WIN, DRAW, LOSS = 1.0, 0.5, 0.0


@dataclass
class Value:
    """A player's rate (mu), deviation (phi) and volatility (sigma), Glicko-1 scale. `unrated`: the rating's
    defaults, given to a player it has never rated. A value read from a stored rate keeps its volatility a
    Decimal, as SoL does (it squares it before taking the logarithm)."""

    mu: float
    phi: float
    sigma: float
    unrated: bool = False


@dataclass(frozen=True)
class System:
    """A rating's parameters: the system constant tau and the defaults of a player it has never rated."""

    tau: float = 0.5
    rate: float = 1500
    deviation: float = 350
    volatility: float = 0.06

    def unrated(self):
        return Value(self.rate, self.deviation, self.volatility, unrated=True)

    def rate_period(self, player, results):
        """The player's value after one rating period. `results`: (score, opponent's Value) pairs, the score
        from 0 (a loss) to 1 (a win). With no results only the deviation grows (step 6)."""
        mu = (player.mu - self.rate) / SCALE
        phi = player.phi / SCALE
        if not results:
            return self.scaled_up(mu, math.sqrt(phi**2 + float(player.sigma) ** 2), player.sigma)
        variance_inverse = 0.0
        improvement = 0.0
        for score, opponent in results:
            opponent_mu = (opponent.mu - self.rate) / SCALE
            weight = impact(opponent.phi / SCALE)
            expected = expected_score(mu, opponent_mu, opponent.phi / SCALE)
            variance_inverse += weight**2 * expected * (1 - expected)
            improvement += weight * (score - expected)
        delta = improvement / variance_inverse  # step 4, Glickman's Δ, the estimated improvement
        variance = 1.0 / variance_inverse  # step 3, v
        sigma = self.new_volatility(phi, player.sigma, delta, variance)
        phi_star = math.sqrt(phi**2 + sigma**2)
        new_phi = 1.0 / math.sqrt(1 / phi_star**2 + 1 / variance)
        new_mu = mu + new_phi**2 * (delta / variance)
        return self.scaled_up(new_mu, new_phi, sigma)

    def scaled_up(self, mu, phi, sigma):
        return Value(mu * SCALE + self.rate, phi * SCALE, sigma)

    def new_volatility(self, phi, sigma, delta, variance):
        """Step 5: the volatility that solves f(x) = 0, by the Illinois variant of regula falsi."""
        alpha = math.log(sigma**2)
        tau = self.tau

        def f(x):
            spread = phi**2 + variance + math.exp(x)
            return math.exp(x) * (delta**2 - spread) / (2 * spread**2) - (x - alpha) / tau**2

        low = alpha
        if delta**2 > phi**2 + variance:
            high = math.log(delta**2 - phi**2 - variance)
        else:
            k = 1
            while f(alpha - k * tau) < 0:
                k += 1
            high = alpha - k * tau
        f_low, f_high = f(low), f(high)
        while abs(high - low) > EPSILON:
            middle = low + (low - high) * f_low / (f_high - f_low)
            f_middle = f(middle)
            if f_middle * f_high < 0:
                low, f_low = high, f_high
            else:
                f_low /= 2
            high, f_high = middle, f_middle
        # e raised to A/2 rather than exp(A/2): the two differ in the last bit, and SoL raises e.
        return math.e ** (low / 2)


def glicko_outcomes(score_a, score_b):
    """Chess-like outcomes: 1 to the winner, 0 to the loser, 0.5 each on equal scores."""
    if score_a == score_b:
        return DRAW, DRAW
    return (WIN, LOSS) if score_a > score_b else (LOSS, WIN)


def guido_outcomes(score_a, score_b):
    """Guido Truffelli's outcomes for carrom: 25-0 is a whole win, equal scores half each, otherwise each side's
    share of the points scored."""
    if (score_a, score_b) == (25, 0):
        return WIN, LOSS
    if (score_a, score_b) == (0, 25):
        return LOSS, WIN
    if score_a == score_b:
        return DRAW, DRAW
    total = score_a + score_b
    return score_a / total, score_b / total


OUTCOMES = {"glicko": glicko_outcomes, "guido": guido_outcomes}
