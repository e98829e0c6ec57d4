"""Watching the service: error reports to Sentry when SENTRY_DSN is set, and the health endpoints a monitor asks
(core.health: `/health/` checks the database, cache, broker, workers and beat; `/health/live/` only that the process
answers).

Sentry gets every unhandled error of a request (Django) and of a background task (Celery), in every process that
loads these settings: web servers, workers, beat, manage.py. It gets no personal data: no user, no cookies, no
request bodies, no variables of the failing code, and the tokens of personal, match and set-password links are cut
out of every text it is sent."""

import os
import re

import sentry_sdk
from sentry_sdk.integrations.celery import CeleryIntegration
from sentry_sdk.integrations.django import DjangoIntegration

SENTRY_DSN = os.environ.get("SENTRY_DSN", "").strip()
SENTRY_ENVIRONMENT = os.environ.get("SENTRY_ENVIRONMENT", "production").strip()
SENTRY_TRACES_SAMPLE_RATE = float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0"))
# A monitor inside the network asks over plain HTTP, without the proxy's X-Forwarded-Proto: answered, not redirected.
SECURE_REDIRECT_EXEMPT = [r"^health/"]

# A personal link (/t/<slug>/me/<token>/), a side's match link (…/play/<token>/) and a set-password link
# (/accounts/reset/<uid>/<token>/) open someone's page: an error report must not carry one.
_TOKENS = re.compile(r"(/me/|/play/|/accounts/reset/[^/?#]+/)[^/?#]+")


def without_tokens(text):
    return _TOKENS.sub(r"\1[token]", text) if isinstance(text, str) else text


def scrubbed(value):
    """`value` with the link tokens cut out of every string in it (dicts and lists walked)."""
    if isinstance(value, str):
        return without_tokens(value)
    if isinstance(value, dict):
        return {key: scrubbed(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [scrubbed(item) for item in value]
    return value


def before_send(event, hint):
    """Every report leaves through here: no string of it (its address, a breadcrumb, a message) keeps a token."""
    return scrubbed(event)


def start_sentry(dsn=SENTRY_DSN):
    if not dsn:
        return False
    sentry_sdk.init(
        dsn=dsn,
        environment=SENTRY_ENVIRONMENT,
        integrations=[DjangoIntegration(), CeleryIntegration()],
        traces_sample_rate=SENTRY_TRACES_SAMPLE_RATE,
        send_default_pii=False,
        # A frame's variables hold whatever it was working on: players' names, addresses, links. Not sent.
        include_local_variables=False,
        max_request_body_size="never",
        before_send=before_send,
        before_send_transaction=before_send,
    )
    return True


start_sentry()
