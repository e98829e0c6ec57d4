"""A rating's rates from its tournaments, one Glicko-2 period each, as SoL 5.26 computes them. Plain Python: the
services read the database into `Period`s and write back what `compute` returns.

SoL's readings reproduced here, because federations compare our figures with theirs:
- a player's value before a tournament is the running one when this computation has rated them already (not
  floored at 800, not truncated), else `starting(player, date)`: their newest stored rate before the date;
- opponents count at their value from before the tournament: every player of a period is rated against the
  values the period started with;
- players still unrated when a tournament has any are placed by a linear regression of rate on ranking position
  (see `interpolate`), and their opponents see that interpolated value too;
- a stored rate is max(int(mu), 800), its deviation int(phi), its volatility sigma truncated to 5 decimals; a
  second tournament on the same date replaces the first one's rate of that date."""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from history.ratings.glicko import OUTCOMES, System

FLOOR = 800
VOLATILITY_SCALE = 10**5


@dataclass
class Period:
    """One tournament. `matches`: (player a, player b, score a, score b), the ones that count (no bye, no phantom,
    no final). `ranking`: its final ranking from the first place, a player id per competitor, None for a phantom;
    or a function answering it, called only when someone needs interpolating (placings take time to work out)."""

    date: date
    matches: list = field(default_factory=list)
    ranking: list = field(default_factory=list)


@dataclass(frozen=True)
class Stored:
    rate: int
    deviation: int
    volatility: Decimal


@dataclass(frozen=True)
class Parameters:
    system: System
    outcomes: str = "guido"
    lower_rate: int = 1600
    higher_rate: int = 2600


def stored(value):
    # SoL keeps a volatility as an integer count of 1e-5: the exact decimal expansion of the float, times 10^5
    # (in Decimal's default 28-digit context), truncated.
    volatility = Decimal(int(Decimal(value.sigma) * VOLATILITY_SCALE)) / VOLATILITY_SCALE
    return Stored(max(int(value.mu), FLOOR), int(value.phi), volatility)


def compute(parameters, periods, starting):
    """{(player, date): Stored} after the `periods` in date order. `starting(player, date)` answers a player's
    Value before `date` (None: never rated)."""
    system = parameters.system
    outcomes = OUTCOMES[parameters.outcomes]
    running = {}
    rates = {}
    for period in periods:

        def value(player, when=period.date):
            if player not in running:
                running[player] = starting(player, when) or system.unrated()
            return running[player]

        results = defaultdict(list)
        for player_a, player_b, score_a, score_b in period.matches:
            outcome_a, outcome_b = outcomes(score_a, score_b)
            results[player_a].append((outcome_a, value(player_b)))
            results[player_b].append((outcome_b, value(player_a)))
        if any(running[player].unrated for player in results):
            ranking = period.ranking() if callable(period.ranking) else period.ranking
            interpolate(running, ranking, parameters)
        for player, played in results.items():
            new = system.rate_period(running[player], played)
            rates[player, period.date] = stored(new)
            running[player] = new
    return rates


def interpolate(running, ranking, parameters):
    """Give the unrated players of a ranking the rate a least-squares line of rate on position puts them at,
    rounded half up, with the default deviation and volatility. The line is drawn through the rated players;
    with fewer than two, through (1, higher rate) and (n, lower rate), n the number of real competitors.

    Positions count every competitor, phantoms included; a player with no value (no counted match) is left out
    like a phantom. The values change in place: the results already listed against them see the new rate."""
    system = parameters.system
    unrated, points = [], []
    for position, player in enumerate(ranking, start=1):
        if player is None or player not in running:
            continue
        if running[player].unrated:
            unrated.append((position, running[player]))
        else:
            points.append((position, int(running[player].mu)))
    real = sum(1 for player in ranking if player is not None and player in running)
    if len(points) < 2:
        points = [(1, parameters.higher_rate), (real, parameters.lower_rate)]
    slope, intercept = least_squares(points)
    for position, current in unrated:
        current.mu = int(position * slope + intercept + 0.5)
        current.phi = system.deviation
        current.sigma = system.volatility
        current.unrated = False


def least_squares(points):
    """(slope, intercept) of the least-squares line through (x, y) points, summed as SoL sums them."""
    count = len(points)
    sum_x = sum(x for x, _ in points)
    sum_y = sum(y for _, y in points)
    sum_xy = sum(x * y for x, y in points)
    sum_x2 = sum(x * x for x, _ in points)
    denominator = count * sum_x2 - sum_x**2
    if denominator == 0:  # every point at one position (a single real competitor): a flat line
        return 0.0, sum_y / count
    slope = float(count * sum_xy - sum_x * sum_y) / denominator
    intercept = float(sum_y * sum_x2 - sum_x * sum_xy) / denominator
    return slope, intercept
