from contextlib import contextmanager

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.db import connection
from django.utils import translation
from rest_framework.test import APIClient

from tests.factories import TournamentFactory, UserFactory
from tests.smtp_server import MailServer

# The tournament in play that the fuzzers and the walks share (`world`, `world_secretary`).
pytest_plugins = ["tests.fuzz_world"]

# Tests that run for tens of seconds each (browsers, real workers and servers, whole databases): they start first,
# so that on pytest-xdist the short tests fill in around them instead of one worker finishing alone on the last.
LONG_RUNNING = (
    "tests/browser/",
    "tests/test_deadlines_beside_news.py",
    "tests/matches/checkin/test_worker.py",
    "tests/test_backup.py",
    "tests/test_several_machines.py",
    "tests/history/sol/test_real_history.py",
    "tests/test_health_processes.py",
    "tests/test_migrate_forward.py",
    "tests/test_connections.py",
)


def pytest_collection_modifyitems(items):
    items.sort(key=lambda item: not item.nodeid.startswith(LONG_RUNNING))  # stable: each group keeps its order


@pytest.fixture(autouse=True)
def clear_cache():
    # Redis (in CI) outlives a test; rate-limit counters and cached pages must not leak between tests.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def site_language():
    # A view or a service activates a language for its thread and a test may leave it active: each test starts in
    # the site's own, so that a message a service words reads the same whatever test ran before it on the worker.
    translation.activate(django_settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def page_cache_off(settings):
    # A test's transaction never commits, so core.page_cache never sees a change there and would serve the
    # page cached before it. The page cache's own tests (tests/test_page_cache.py) and the browser tests, which
    # commit, turn it back on with the `page_cache` fixture.
    settings.PAGE_CACHE_SECONDS = 0


@pytest.fixture
def page_cache(settings):
    settings.PAGE_CACHE_SECONDS = 600


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


@pytest.fixture
def umpire(tournament):
    """An umpire of the tournament (officiating no match until a test says so)."""
    user = UserFactory()
    tournament.umpires.add(user)
    return user


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """`with committed():` runs, at the end of the block, what a commit of the block's changes would run. What the
    fixtures changed before is left out: their callbacks wait for a commit that never comes."""

    @contextmanager
    def block():
        connection.pending_page_stamps = None
        with django_capture_on_commit_callbacks(execute=True):
            yield

    return block


@pytest.fixture
def mail_server(settings):
    """A real SMTP server (tests/smtp_server.py) that the site's e-mails go to; `.inbox.messages` is what arrived."""
    server = MailServer().start()
    for name, value in server.settings().items():
        setattr(settings, name, value)
    settings.DEFAULT_FROM_EMAIL = "Carrom Cup <cup@carrom.example>"
    yield server
    server.stop()
