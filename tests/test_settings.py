import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.views.debug import ExceptionReporter

ROOT = Path(__file__).resolve().parent.parent


def run_check(env_overrides, *args):
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    env.update(env_overrides)
    return subprocess.run(
        [sys.executable, "manage.py", "check", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )


def test_refuses_to_start_without_a_secret_key_when_debug_is_off():
    result = run_check({"DJANGO_SETTINGS_MODULE": "config.settings"})
    assert result.returncode != 0
    assert "Set DJANGO_SECRET_KEY" in result.stderr


def test_starts_with_the_development_key_in_debug():
    assert run_check({"DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "1"}).returncode == 0


def test_deploy_check_is_clean_with_production_settings():
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DJANGO_SECRET_KEY": "k3y-" + "x7Qp9ZrT2mVb" * 5,
        "DJANGO_ALLOWED_HOSTS": "carrom.example.org",
    }
    result = run_check(env, "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stderr


# Module constants, not locals or literals: the debug page shows the test's own frame too, its local variables and
# the source lines around the error.
REDIS_PASSWORD, DATABASE_PASSWORD = "hall-s3cret", "db-s3cret"
REDIS_WITH_PASSWORD = f"redis://:{REDIS_PASSWORD}@redis.example.org:6379/0"
DATABASE_WITH_PASSWORD = f"postgres://carrom:{DATABASE_PASSWORD}@db.example.org/carrom"


def test_the_debug_page_hides_service_passwords(settings, rf):
    settings.REDIS_URL = settings.CELERY_BROKER_URL = REDIS_WITH_PASSWORD
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_WITH_PASSWORD}
    }
    request = rf.get("/", REDIS_URL=REDIS_WITH_PASSWORD, DATABASE_URL=DATABASE_WITH_PASSWORD)
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        page = ExceptionReporter(request, *sys.exc_info()).get_traceback_html()
    assert "boom" in page and "CELERY_BROKER_URL" in page
    assert REDIS_PASSWORD not in page and DATABASE_PASSWORD not in page


@pytest.mark.django_db
def test_pages_carry_a_content_security_policy_that_allows_only_our_own_files(client):
    policy = client.get("/")["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy and "http" not in policy


def test_no_template_of_ours_holds_an_inline_script():
    # The policy blocks them: a page's script lives in a static file.
    templates = [path for path in ROOT.glob("**/templates/**/*.html") if ".venv" not in path.parts]
    inline = [str(path) for path in templates if re.search(r"<script(?![^>]*\ssrc=)[^>]*>", path.read_text())]
    assert templates and inline == []


def production_settings(**env_overrides):
    """config.settings as a deployment with PostgreSQL and Redis reads it (read in a fresh process)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env.update(
        DJANGO_SECRET_KEY="k3y-" + "x7Qp9ZrT2mVb" * 5,
        DATABASE_URL="postgres://carrom@db.example.org/carrom",
        REDIS_URL="redis://redis.example.org:6379/0",
        **env_overrides,
    )
    code = "import json, config.settings as s; print(json.dumps({'db': s.DATABASES['default'], 'caches': s.CACHES}))"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_a_kept_database_connection_is_checked_before_a_request_uses_it():
    # Without the check, a connection the database dropped (a restart, a failover) fails one request per worker.
    database = production_settings()["db"]
    assert database["CONN_MAX_AGE"] > 0 and database["CONN_HEALTH_CHECKS"] is True


def test_database_pool_size_gives_each_process_a_bounded_pool_that_gives_connections_back():
    database = production_settings(DATABASE_POOL_SIZE="8", DATABASE_POOL_TIMEOUT="3", DATABASE_CONN_MAX_AGE="30")["db"]
    # Django gives the connection back to the pool after each request: the pool, not the thread, keeps it.
    assert database["CONN_MAX_AGE"] == 0
    pool = database["OPTIONS"]["pool"]
    assert (pool["min_size"], pool["max_size"], pool["timeout"], pool["max_idle"]) == (0, 8, 3, 30)
    # A failed attempt (a full database) is given up within a request's wait, so the next request tries again.
    assert pool["reconnect_timeout"] <= pool["timeout"]


def test_without_database_pool_size_there_is_no_pool():
    database = production_settings()["db"]
    assert "pool" not in database.get("OPTIONS", {})


def test_the_redis_cache_forgives_redis_being_down():
    cache = production_settings()["caches"]["default"]
    assert cache["BACKEND"] == "core.cache.ForgivingRedisCache"
    assert cache["OPTIONS"]["socket_connect_timeout"] <= 1 and cache["OPTIONS"]["socket_timeout"] <= 1


def test_the_suite_empties_a_redis_database_of_its_own(settings):
    """tests/conftest.py clears the cache before every test: with REDIS_URL (CI), never the database the site uses."""
    if not settings.REDIS_URL:
        pytest.skip("no REDIS_URL: the cache is local memory")
    # One database per pytest-xdist worker, counting down from 15: gw0 empties 15, gw1 14, …
    worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
    assert settings.CACHES["default"]["LOCATION"].endswith(f"/{15 - worker}")
    assert not settings.REDIS_URL.endswith(f"/{15 - worker}")
