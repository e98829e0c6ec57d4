"""Rate limits of the players' link pages and API, per client address (django-ratelimit, counted in the cache).

Two counts: every request (PLAYER_LINK_RATE, generous: a whole hall may reach the site from one address), and the
requests that named no valid link (PLAYER_BAD_LINK_RATE, small: someone trying tokens). Over either, the address is
answered 429 until the minute is over. A cache that does not answer (Redis down) counts nothing and refuses no one
(RATELIMIT_FAIL_OPEN): the links keep working."""

from functools import wraps

from django.conf import settings
from django.http import Http404
from django.utils.translation import gettext as _
from django_ratelimit.core import get_usage

from core.http_errors import too_many_requests
from core.ratelimit import client_address

ALL, BAD = "players.links", "players.bad-links"


def address(group, request):
    return client_address(request) or "unknown"


def usage(request, group, rate, increment):
    """Over the limit: counting this request (`increment`), or, only looking, with the limit already reached."""
    found = get_usage(request, group=group, key=address, rate=rate, increment=increment)
    if found is None:  # not counted (the cache does not answer): let it through
        return False
    return found["should_limit"] if increment else found["count"] >= found["limit"]


def too_many(request):
    message = _("Too many requests from your network to the players' links. Please wait a minute and try again.")
    return too_many_requests(request, message, retry_after=60)


def count_bad(request):
    usage(request, BAD, settings.PLAYER_BAD_LINK_RATE, increment=True)


def link_rate_limited(view):
    """Refuse (429) an address over its rates; count a 404 (no valid link) as a bad request."""

    @wraps(view)
    def limited(request, *args, **kwargs):
        over = usage(request, ALL, settings.PLAYER_LINK_RATE, increment=True)
        if over or usage(request, BAD, settings.PLAYER_BAD_LINK_RATE, increment=False):
            return too_many(request)
        try:
            response = view(request, *args, **kwargs)
        except Http404:
            count_bad(request)
            raise
        if response.status_code == 404:
            count_bad(request)
        return response

    return limited
