import pytest

from tests.factories import ClubFactory, EntryFactory, EventFactory, PlayerFactory
from tests.helpers import play_round_robin


@pytest.fixture
def private(tournament):
    """Zelda Quixotic of Mumbai CC, entered in the tournament's singles; she has not said anything yet."""
    player = PlayerFactory(first_name="Zelda", last_name="Quixotic", club=ClubFactory(name="Mumbai CC"), rating=1711)
    EntryFactory(event=EventFactory(tournament=tournament, name="Open singles"), seed=1, members=[player])
    return player


@pytest.fixture
def league(tournament, private, secretary):
    """The singles of `private` with three more players, a round robin played and finished."""
    event = private.entries.get().event
    for seed in (2, 3, 4):
        EntryFactory(event=event, seed=seed)
    return play_round_robin(event, secretary)
