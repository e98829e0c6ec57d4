"""The history the database tests build, and the same history as SoL's reference harness reads it."""

from decimal import Decimal

from history.ratings.models import Rate, Rating
from tests.history.ratings.builders import players, rated_event

# T1: "ph" is a named phantom (lost 0-25 to whoever met it), d has a bye in round 3, and the final (c-a) is a
# second stage, which the rating skips. T2: f and g are new to every rating, so they are interpolated.
T1_ROUNDS = [
    [("a", "b", 20, 5), ("c", "d", 18, 9), ("e", "ph", 25, 0)],
    [("a", "c", 25, 0), ("b", "e", 15, 10), ("d", "ph", 25, 0)],
    [("a", "e", 25, 3), ("c", "b", 14, 11), ("d", None, 0, 0)],
]
T1_FINAL = ("c", "a", 16, 10)
T2_ROUNDS = [
    [("f", "a", 13, 13), ("c", "g", 25, 0)],
    [("f", "c", 9, 19), ("a", "g", 21, 4)],
]


def history():
    """A historical rating giving a and b a rate, a national one inheriting from it, and two tournaments."""
    people = players("a", "b", "c", "d", "e", "ph", "f", "g")
    historical = Rating.objects.create(name="Historical", level=Rating.Level.HISTORICAL)
    for name, rate, deviation in (("a", 1800, 120), ("b", 1650, 200)):
        Rate.objects.create(
            rating=historical, player=people[name], date="2024-01-01", rate=rate, deviation=deviation,
            volatility=Decimal("0.06"),
        )  # fmt: skip
    national = Rating.objects.create(name="National", level=Rating.Level.NATIONAL, inheritance=True)
    rated_event(national, "2024-03-02", people, T1_ROUNDS, final=T1_FINAL)
    rated_event(national, "2024-04-06", people, T2_ROUNDS)
    return people, national
