import pytest

from tests.factories import UserFactory


@pytest.fixture
def umpire(tournament):
    """An umpire of the tournament (officiating no match until a test says so)."""
    user = UserFactory()
    tournament.umpires.add(user)
    return user
