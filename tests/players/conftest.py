"""Fixtures of the players' news tests (test_news, test_push)."""

import pytest

from stages.models import Stage
from tests.factories import EntryFactory, MatchFactory, PlayerFactory, RoundFactory, VenueFactory
from tests.player_helpers import NINE


@pytest.fixture
def match(tournament):
    """A published round-1 Swiss match, table 5 at 9:00, between Asha (asha@example.org) and Ravi (no address)."""
    VenueFactory(tournament=tournament, tables=8)
    rnd = RoundFactory(stage__event__tournament=tournament, stage__kind=Stage.Kind.SWISS, number=1)
    asha = PlayerFactory(first_name="Asha", last_name="Rao", email="asha@example.org")
    ravi = PlayerFactory(first_name="Ravi", last_name="Kumar")
    return MatchFactory(
        round=rnd,
        entry_a=EntryFactory(event=rnd.stage.event, members=[asha]),
        entry_b=EntryFactory(event=rnd.stage.event, members=[ravi]),
        table=5,
        planned_at=NINE,
    )
