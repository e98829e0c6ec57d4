"""Settings for the test suite: the real settings plus a fast password hasher, in-memory e-mail and eager tasks."""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "tests-only-secret-key")
os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")
os.environ["SENTRY_DSN"] = ""  # the suite's own errors are reported by the suite (tests/test_sentry.py starts its own)

from .settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
# Tasks run in the test process; the one test that needs a real worker starts it itself.
CELERY_TASK_ALWAYS_EAGER = True
STORAGES["staticfiles"] = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}  # noqa: F405
# Serve static files through the finders: tests never run collectstatic.
WHITENOISE_AUTOREFRESH = True
# Close connections after each request: the live server's thread must not hold the test database open.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
if REDIS_URL:  # noqa: F405
    # The suite empties its cache before every test (tests/conftest.py): it gets a Redis database of its own, so the
    # site's cache and Celery's broker on the same server keep their keys. Under pytest-xdist each worker (gw0,
    # gw1, …) gets its own, counting down from 15, so that one worker's emptying never drops another's pages.
    from urllib.parse import urlsplit, urlunsplit

    _worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
    CACHES["default"]["LOCATION"] = urlunsplit(urlsplit(REDIS_URL)._replace(path=f"/{15 - _worker}"))  # noqa: F405
