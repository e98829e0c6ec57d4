"""Log-in locks (core.ratelimit, django-axes): every log-in path, per user name and per client, the client's
address taken from the trusted proxy's header, the right password let in only once the lock has passed, and no
dependence on Redis."""

import socket
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.test import RequestFactory
from django.utils import timezone

from core.ratelimit import MAX_FAILURES, client_address
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

LOGIN_PAGES = ["/accounts/login/", "/admin/login/", "/api/auth/login/"]


@pytest.fixture
def staff():
    # Staff, so that the right password opens the admin too.
    return UserFactory(is_staff=True)


def log_in(client, username, password, path="/accounts/login/", **extra):
    return client.post(path, {"username": username, "password": password}, **extra)


def fail(client, username, times=MAX_FAILURES, path="/accounts/login/", **extra):
    for _ in range(times):
        assert log_in(client, username, "wrong", path, **extra).status_code == 200


def logged_in(client):
    return "_auth_user_id" in client.session


@pytest.mark.parametrize("path", LOGIN_PAGES)
def test_every_log_in_page_refuses_the_right_password_once_locked(client, staff, path):
    fail(client, staff.username, path=path)
    refused = log_in(client, staff.username, PASSWORD, path)
    assert refused.status_code == 429 and "Too many failed log-ins" in refused.content.decode()
    assert not logged_in(client)


@pytest.mark.parametrize("path", LOGIN_PAGES)
def test_the_right_password_gets_in_before_the_limit(client, staff, path):
    fail(client, staff.username, times=MAX_FAILURES - 1, path=path)
    assert log_in(client, staff.username, PASSWORD, path).status_code == 302
    assert logged_in(client)


def test_a_lock_set_on_one_page_holds_on_the_others(client, staff):
    fail(client, staff.username, path="/admin/login/")
    assert log_in(client, staff.username, PASSWORD).status_code == 429
    token = client.post("/api/auth/token/", {"username": staff.username, "password": PASSWORD})
    assert token.status_code == 429


def test_one_password_sprayed_over_many_user_names_locks_the_client(client, staff):
    for number in range(MAX_FAILURES):
        assert log_in(client, f"official{number}", "summer2026").status_code == 200
    assert log_in(client, staff.username, PASSWORD).status_code == 429
    # Another client, with its own user name, is not held up.
    other = UserFactory()
    assert log_in(client, other.username, PASSWORD, REMOTE_ADDR="10.9.9.9").status_code == 302


def test_the_right_password_gets_in_once_the_lock_has_passed(client, staff):
    fail(client, staff.username)
    assert log_in(client, staff.username, PASSWORD).status_code == 429
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=6))
    assert log_in(client, staff.username, PASSWORD).status_code == 302


def test_tries_during_a_lock_do_not_make_it_longer(client, staff):
    fail(client, staff.username)
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=4))
    assert log_in(client, staff.username, PASSWORD).status_code == 429
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=6))
    assert log_in(client, staff.username, PASSWORD).status_code == 302


@pytest.fixture
def behind_a_proxy(settings):
    settings.TRUSTED_PROXY_HEADER = "HTTP_X_FORWARDED_FOR"
    settings.TRUSTED_PROXY_COUNT = 1


def test_behind_the_proxy_one_clients_failures_do_not_lock_the_hall(client, staff, behind_a_proxy):
    proxy = {"REMOTE_ADDR": "127.0.0.1"}
    for number in range(MAX_FAILURES):
        # What the client wrote itself (left of the proxy's entry) is not believed.
        forwarded = f"203.0.113.{number}, 192.168.1.20"
        assert log_in(client, f"official{number}", "wrong", HTTP_X_FORWARDED_FOR=forwarded, **proxy).status_code == 200
    assert log_in(client, staff.username, PASSWORD, HTTP_X_FORWARDED_FOR="192.168.1.20", **proxy).status_code == 429
    assert log_in(client, staff.username, PASSWORD, HTTP_X_FORWARDED_FOR="192.168.1.21", **proxy).status_code == 302


@pytest.mark.parametrize(
    ("proxies", "forwarded", "address"),
    [
        (1, "192.168.1.20", "192.168.1.20"),
        (1, "6.6.6.6, 192.168.1.20", "192.168.1.20"),
        (2, "6.6.6.6, 192.168.1.20, 10.0.0.2", "192.168.1.20"),
        (2, "192.168.1.20", "127.0.0.1"),  # fewer entries than proxies: not through the proxies
        (1, "not-an-address", "127.0.0.1"),
        (1, "", "127.0.0.1"),
    ],
)
def test_the_client_address_is_the_one_the_outermost_proxy_saw(settings, proxies, forwarded, address):
    settings.TRUSTED_PROXY_HEADER = "HTTP_X_FORWARDED_FOR"
    settings.TRUSTED_PROXY_COUNT = proxies
    request = RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == address


def test_without_a_proxy_the_forwarded_header_is_ignored(settings):
    settings.TRUSTED_PROXY_HEADER = ""
    request = RequestFactory().get("/", REMOTE_ADDR="192.168.1.20", HTTP_X_FORWARDED_FOR="6.6.6.6")
    assert client_address(request) == "192.168.1.20"


def closed_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_log_in_and_its_lock_work_while_redis_is_down(client, staff, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{closed_port()}/0",
        }
    }
    assert log_in(client, staff.username, PASSWORD).status_code == 302
    client.logout()
    fail(client, staff.username)
    assert log_in(client, staff.username, PASSWORD).status_code == 429
