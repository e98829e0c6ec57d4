"""Login rate limiting: a few failed attempts per address and user name, then a pause.

Counts live in the Django cache (Redis when REDIS_URL is set), so they are shared by every web worker. The log-in
page and the API's token endpoint (POST /api/auth/token/) count failures the same way; only how a failure looks
and how the refusal is worded differ.
"""

import hashlib
import json
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse, JsonResponse

MAX_FAILURES = getattr(settings, "LOGIN_MAX_FAILURES", 5)
WINDOW_SECONDS = getattr(settings, "LOGIN_FAILURE_WINDOW_SECONDS", 300)
REFUSAL = f"Too many failed log-ins. Try again in {WINDOW_SECONDS // 60} minutes."


def _username(request):
    if request.content_type == "application/json":
        try:
            data = json.loads(request.body or b"{}")
        except ValueError:
            return ""
        return str(data.get("username", "")) if isinstance(data, dict) else ""
    return request.POST.get("username", "")


def _key(request):
    address = request.META.get("REMOTE_ADDR", "")
    # Hashed: a user name may hold any character, and cache keys must stay short and plain.
    username = hashlib.sha256(_username(request).lower()[:150].encode()).hexdigest()[:32]
    return f"login-failures:{address}:{username}"


def _rate_limited(view, failed, refuse):
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method != "POST":
            return view(request, *args, **kwargs)
        key = _key(request)
        if cache.get(key, 0) >= MAX_FAILURES:
            return refuse()
        response = view(request, *args, **kwargs)
        if failed(response):
            cache.add(key, 0, WINDOW_SECONDS)
            try:
                cache.incr(key)
            except ValueError:
                cache.set(key, 1, WINDOW_SECONDS)
        else:
            cache.delete(key)
        return response

    return wrapper


def login_rate_limited(view):
    # A successful log-in redirects; a failed one shows the form again with status 200.
    return _rate_limited(
        view,
        failed=lambda response: response.status_code == 200,
        refuse=lambda: HttpResponse(REFUSAL, status=429),
    )


def token_rate_limited(view):
    # DRF's obtain_auth_token answers 200 with the token, or 400 when the credentials are wrong.
    return _rate_limited(
        view,
        failed=lambda response: response.status_code == 400,
        refuse=lambda: JsonResponse({"detail": REFUSAL}, status=429),
    )
