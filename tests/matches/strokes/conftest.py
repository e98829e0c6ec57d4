import pytest

from stages.models import Match
from tests.factories import UserFactory
from tests.helpers import make_match

OWN = {"kind": "stroke", "own": 1}
NOTHING = {"kind": "stroke"}
QUEEN = {"kind": "stroke", "queen": True}
# A whole ICF board: A breaks and pockets one (ICF 46: he strikes again), misses; B misses; A pockets the queen
# (ICF 92) and covers it with his next c/m (ICF 95), then pockets his other seven, one a stroke: A wins with
# nine of B's c/m left and the queen (ICF 53): 12 points, the board's maximum (ICF 55).
WHOLE_BOARD = [OWN, NOTHING, NOTHING, QUEEN, OWN, *[OWN] * 7]


@pytest.fixture
def match(tournament, umpire):
    """A published ICF match called to its table, officiated by `umpire`."""
    return make_match(tournament, "icf", umpire=umpire, status=Match.Status.CALLED)


@pytest.fixture
def stranger(db):
    return UserFactory()
