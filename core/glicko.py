"""Glicko-2's expected score, the one home of that formula: the ratings app rates with it
(history.ratings.glicko) and the stages floor estimates a Swiss stage's outcome with it (stages.draws.chances).

Plain Python, no Django. After Mark Glickman's "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf)."""

import math

SCALE = 173.7178  # Glickman's step 2: the Glicko-2 scale is the Glicko-1 one divided by 400 / ln(10)


def impact(phi):
    """Glickman's g(φ): how much a result counts, less against an opponent whose rate is uncertain."""
    return 1.0 / math.sqrt(1 + 3 * phi**2 / math.pi**2)


def expected_score(mu, opponent_mu, phi):
    """Glickman's E(μ, μj, φj) on the Glicko-2 scale: the score (0 to 1) a player of rate `mu` is expected to make
    against one of rate `opponent_mu`, `phi` the deviation that blurs the difference."""
    return 1.0 / (1 + math.exp(-impact(phi) * (mu - opponent_mu)))


def win_expectancy(rate, opponent_rate, deviation=0.0, opponent_deviation=0.0):
    """The expected score of one game between two players, on the Glicko-1 scale (a rate around 1500): both
    deviations blur it, as Glickman predicts a game's outcome (g of the two deviations combined)."""
    return expected_score((rate - opponent_rate) / SCALE, 0.0, math.sqrt(deviation**2 + opponent_deviation**2) / SCALE)
