import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from tests.factories import TournamentFactory, UserFactory


@pytest.fixture(autouse=True)
def clear_cache():
    # Redis (in CI) outlives a test; rate-limit counters and cached pages must not leak between tests.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api_client():
    return APIClient()


@pytest.fixture
def secretary(db):
    return UserFactory(secretary=True)


@pytest.fixture
def tournament(secretary):
    tournament = TournamentFactory(status="published")
    tournament.secretaries.add(secretary)
    return tournament
