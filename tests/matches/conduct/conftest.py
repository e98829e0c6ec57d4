import pytest

from matches.scoring.scorecard import add_board
from stages.models import Match
from tests.factories import TournamentFactory, UserFactory
from tests.helpers import game_25_0, make_match


def match_in_play(tournament, rule_set="icf", umpire=None, **fields):
    """A published match of `rule_set` in play, officiated by `umpire`."""
    fields.setdefault("status", Match.Status.IN_PLAY)
    return make_match(tournament, rule_set, umpire=umpire, **fields)


def player_of(match, side):
    return getattr(match, f"entry_{side}").members.get().player


def play_two_games(match, user):
    """A wins game 1, B wins game 2, 25-0 each: the match goes to the deciding game."""
    for board in game_25_0("A"):
        add_board(match, None, board, user=user)
    for board in game_25_0("B"):
        add_board(match, None, board, user=user)
    match.refresh_from_db()
    return match


@pytest.fixture
def match(tournament, umpire):
    return match_in_play(tournament, umpire=umpire)


@pytest.fixture
def chief(tournament):
    user = UserFactory()
    tournament.chief_referees.add(user)
    return user


@pytest.fixture
def stranger():
    """A chief referee of another tournament."""
    user = UserFactory()
    TournamentFactory(status="published").chief_referees.add(user)
    return user
