import pytest

from federations import services
from registration.services import set_registration
from tests.factories import ClubFactory, EventFactory
from tournaments.models import Event


@pytest.fixture
def singles(tournament):
    event = EventFactory(tournament=tournament, name="Men's singles", category=Event.Category.MEN)
    set_registration(event)  # entries open, no dates
    return event


@pytest.fixture
def doubles(tournament):
    event = EventFactory(tournament=tournament, name="Women's doubles", kind=Event.Kind.DOUBLES, category="women")
    set_registration(event)
    return event


@pytest.fixture
def federation(db):
    return ClubFactory(name="All India Carrom Federation", country="IND", is_federation=True)


@pytest.fixture
def delegation(tournament, federation, singles, doubles):
    return services.invite_federation(tournament, federation, quotas={singles: 2, doubles: 1})


def asha(**fields):
    return {"first_name": "Asha", "last_name": "Rao", "sex": "F", "country": "IND", **fields}
