from datetime import UTC, datetime, timedelta

import pytest

from matches.scoring.models import Board
from matches.scoring.scorecard import add_board
from tests.factories import ProtestSettingsFactory, UserFactory
from tests.helpers import GAME_25_3, make_match

# A fixed afternoon for the clocks of the laws: the board ends at T0.
T0 = datetime(2026, 12, 5, 14, 0, tzinfo=UTC)


def minutes(n, seconds=0):
    return T0 + timedelta(minutes=n, seconds=seconds)


@pytest.fixture
def umpire(tournament):
    user = UserFactory(username="umpire1")
    tournament.umpires.add(user)
    return user


@pytest.fixture
def chief(tournament):
    user = UserFactory(username="chief1")
    tournament.chief_referees.add(user)
    return user


@pytest.fixture
def fee(tournament):
    return ProtestSettingsFactory(tournament=tournament, fee_amount="500.00", fee_currency="INR")


def linked_user(entry):
    """A new user linked to the player of a singles `entry`."""
    user = UserFactory()
    player = entry.members.get().player
    player.user = user
    player.save()
    return user


def played_match(tournament, umpire, boards=GAME_25_3, finished_at=T0, **fields):
    """An ICF match with `boards` on its score card (game 1 by default), the last one completed at `finished_at`
    and each earlier one a minute before the next."""
    match = make_match(tournament, umpire=umpire, **fields)
    for board in boards:
        add_board(match, None, board, user=umpire)
    rows = list(match.boards.order_by("game_no", "number"))
    for back, row in enumerate(reversed(rows)):
        Board.objects.filter(pk=row.pk).update(entered_at=finished_at - timedelta(minutes=back))
    match.refresh_from_db()
    return match
