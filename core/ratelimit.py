"""Log-in locks, counted by django-axes (settings: AXES_*): what only this project decides.

Every log-in path (the site's, the admin's, the API's browsable one and the token endpoint) authenticates through
LoginLockBackend, so a lock holds on all of them at once. Failures are counted in the database, per user name and
per client, so a Redis outage never blocks a log-in. The try that reaches the limit is still answered as the wrong
password it was; the tries after it are refused with 429 until the cool-off has passed, whatever the password.
"""

import ipaddress

from axes.backends import AxesStandaloneBackend
from axes.exceptions import AxesBackendPermissionDenied
from axes.models import AccessAttempt
from django.conf import settings
from django.utils.translation import ngettext

from core.http_errors import too_many_requests

MAX_FAILURES = settings.AXES_FAILURE_LIMIT
STORED_USERNAME_LENGTH = AccessAttempt._meta.get_field("username").max_length


def refusal():
    """The answer to a refused log-in, in the active language."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds()) // 60
    return ngettext(
        "Too many failed log-ins. Try again in %(minutes)s minute.",
        "Too many failed log-ins. Try again in %(minutes)s minutes.",
        minutes,
    ) % {"minutes": minutes}


class LoginLockBackend(AxesStandaloneBackend):
    """Refuses a locked user name or client before any password is checked, and marks the request as refused."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        try:
            return super().authenticate(request, username=username, password=password, **kwargs)
        except AxesBackendPermissionDenied:
            request.login_refused = True
            raise


def was_refused(request):
    return getattr(request, "login_refused", False)


def refuse_login(request, original_response=None, credentials=None):
    """AXES_LOCKOUT_CALLABLE for the log-in pages: 429 for a refused try; the try that set the lock keeps its form."""
    if not was_refused(request) and original_response is not None:
        return original_response
    return too_many_requests(request, refusal())


def login_username(request, credentials=None):
    """AXES_USERNAME_CALLABLE: the user name tried, cut to the length axes stores. A name longer than any account's
    is still a failure to count, but written whole it overflows axes' column and the log-in answered 500."""
    if credentials:
        username = credentials.get(settings.AXES_USERNAME_FORM_FIELD)
    else:
        username = getattr(request, "data", request.POST).get(settings.AXES_USERNAME_FORM_FIELD)
    return username[:STORED_USERNAME_LENGTH] if isinstance(username, str) else username


def client_address(request):
    """The client's address: from the trusted proxy's header when one is configured, else the connection's.

    Each trusted proxy appends the address it saw to the header, so with N proxies the Nth entry from the right is
    the client; entries further left were written by the client itself and are never believed.
    """
    header, proxies = settings.TRUSTED_PROXY_HEADER, settings.TRUSTED_PROXY_COUNT
    if header:
        hops = [hop.strip() for hop in request.META.get(header, "").split(",") if hop.strip()]
        if len(hops) >= proxies and _is_address(hops[-proxies]):
            return hops[-proxies]
    return request.META.get("REMOTE_ADDR", "")


def _is_address(text):
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True
