"""What an operator's monitor and the reverse proxy ask: `/health/live/` (the process answers: no database, no
cache, nothing that can be down) and `/health/` (django-health-check's view, each check by name): the database,
the cache, the broker (Redis, when REDIS_URL is set), a worker for each queue of the periodic tasks and beat, read
from their stamps (core.heartbeat). 200 when all pass; 503 with what failed otherwise. JSON when the client asks
for it (Accept: application/json, or ?format=json), a plain page otherwise.

Without Redis there is no broker to check, and `run_deadlines --loop` stamps for beat and the workers: the same
checks then say whether that loop runs."""

import dataclasses
from datetime import timedelta

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import DatabaseError
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from health_check import checks
from health_check.base import HealthCheck
from health_check.contrib.redis import Redis
from health_check.exceptions import ServiceUnavailable
from health_check.views import HealthCheckView
from redis.asyncio import Redis as RedisClient

from core import heartbeat

LIVE_PATH = "/health/live/"
BROKER_SECONDS = 1  # a broker that does not answer within this is down, for a monitor


class DatabaseCheck(checks.Database):
    label = gettext_lazy("Database")

    def __repr__(self):
        return "database"


class CacheCheck(checks.Cache):
    label = gettext_lazy("Cache")

    def __repr__(self):
        return "cache"


class BrokerCheck(Redis):
    label = gettext_lazy("Broker of the background tasks (Redis)")

    def __repr__(self):
        return "broker"


@dataclasses.dataclass
class StampCheck(HealthCheck):
    """A part that proves it works by stamping its runs (core.heartbeat): failed when its stamp is older than two
    periods, or was never written."""

    name: str
    label: str = dataclasses.field(default="", repr=False)
    timeout: timedelta = dataclasses.field(default=timedelta(seconds=5), repr=False)

    def __repr__(self):
        return self.name

    async def run(self):
        try:
            age = await sync_to_async(heartbeat.age)(self.name)
        except DatabaseError as error:
            raise ServiceUnavailable(_("its stamp cannot be read: the database does not answer")) from error
        limit = int(heartbeat.stale_after().total_seconds())
        if age is None:
            raise ServiceUnavailable(_("it has not run since the site was installed"))
        if age > heartbeat.stale_after():
            seconds = int(age.total_seconds())
            raise ServiceUnavailable(
                _("it last ran %(seconds)s s ago, more than two periods (%(limit)s s)")
                % {"seconds": seconds, "limit": limit}
            )


def broker():
    url = settings.CELERY_BROKER_URL
    return RedisClient.from_url(url, socket_connect_timeout=BROKER_SECONDS, socket_timeout=BROKER_SECONDS)


def site_checks():
    """The checks of this installation, in the order the page shows them."""
    yield DatabaseCheck()
    yield CacheCheck()
    if settings.CELERY_BROKER_URL.startswith(("redis://", "rediss://", "unix://")):
        yield BrokerCheck(client_factory=broker)
    for queue in heartbeat.queues():
        label = _("A worker of the queue %(queue)s ran a periodic task") % {"queue": queue}
        yield StampCheck(heartbeat.worker(queue), label=label)
    yield StampCheck(heartbeat.BEAT, label=_("Beat sent the periodic tasks"))


class HealthView(HealthCheckView):
    template_name = "core/health.html"

    def get_checks(self):
        yield from site_checks()

    async def get(self, request, *args, **kwargs):
        response = await super().get(request, *args, **kwargs)
        if response.status_code == 500:  # what the library answers when a check fails: a proxy reads 503 so
            response.status_code = 503
        return response

    def get_context_data(self, **kwargs):
        rows = [
            {
                "name": repr(result.check),
                "label": result.check.label,
                "error": result.error.message if result.error else "",
                "seconds": result.time_taken,
            }
            for result in self.results
        ]
        return {**super().get_context_data(**kwargs), "rows": rows}

    def render_to_response_json(self, status):
        answers = {repr(r.check): r.error.message if r.error else "OK" for r in self.results}
        return JsonResponse(answers, status=status)


@never_cache
def live(request):
    """The process answers; it reads nothing, so a database or Redis outage does not make it fail."""
    return HttpResponse("OK\n", content_type="text/plain; charset=utf-8")


class LiveMiddleware:
    """/health/live/ answered before anything checks the request's Host header (a container's or an orchestrator's
    probe asks by address, not by the site's name), over plain HTTP (SECURE_REDIRECT_EXEMPT); a body too large or a
    NUL byte is refused before it all the same (core.middleware)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path_info == LIVE_PATH and request.method in ("GET", "HEAD"):
            return live(request)
        return self.get_response(request)
