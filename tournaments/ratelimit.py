"""Login rate limiting: a few failed attempts per address and user name, then a pause.

Counts live in the Django cache (Redis when REDIS_URL is set), so they are shared by every web worker.
"""

from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse

MAX_FAILURES = getattr(settings, "LOGIN_MAX_FAILURES", 5)
WINDOW_SECONDS = getattr(settings, "LOGIN_FAILURE_WINDOW_SECONDS", 300)


def _key(request):
    address = request.META.get("REMOTE_ADDR", "")
    username = request.POST.get("username", "").lower()[:150]
    return f"login-failures:{address}:{username}"


def login_rate_limited(view):
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method != "POST":
            return view(request, *args, **kwargs)
        key = _key(request)
        if cache.get(key, 0) >= MAX_FAILURES:
            return HttpResponse(f"Too many failed log-ins. Try again in {WINDOW_SECONDS // 60} minutes.", status=429)
        response = view(request, *args, **kwargs)
        # A successful log-in redirects; a failed one shows the form again with status 200.
        if response.status_code == 200:
            cache.add(key, 0, WINDOW_SECONDS)
            try:
                cache.incr(key)
            except ValueError:
                cache.set(key, 1, WINDOW_SECONDS)
        else:
            cache.delete(key)
        return response

    return wrapper
