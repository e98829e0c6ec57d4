"""Requests refused before anything reads them: a body over UPLOAD_MAX_BYTES (413) and a URL holding a NUL byte
(400). First in MIDDLEWARE, so no later middleware (the CSRF check reads a form's fields) has read the body yet.

Django's own limits do not cover uploads: DATA_UPLOAD_MAX_MEMORY_SIZE leaves out a multipart body's files and
FILE_UPLOAD_MAX_MEMORY_SIZE only moves a large file to disk, so a 100 MB upload was read whole. The body is judged by
its Content-Length; a body without one (chunked) is not read at all under WSGI, where Django reads at most
Content-Length bytes.
"""

import re

from django.conf import settings
from django.core.exceptions import BadRequest

from core.http_errors import request_too_large

NUL = "\x00"


class RequestLimitsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = body_limit(request.path)
        if body_length(request) > limit:
            return request_too_large(request, limit)
        # PostgreSQL refuses a NUL byte in text, so a query string's NUL would end as a database error wherever a
        # view filters on it (?status=, an admin search).
        if NUL in request.path or any(NUL in key or NUL in "".join(values) for key, values in request.GET.lists()):
            raise BadRequest("The address holds a NUL byte.")
        return self.get_response(request)


def body_limit(path):
    """UPLOAD_MAX_BYTES, or the larger limit UPLOAD_MAX_BYTES_BY_PATH gives a path (a protest's photo)."""
    for pattern, limit in getattr(settings, "UPLOAD_MAX_BYTES_BY_PATH", ()):
        if re.match(pattern, path):
            return limit
    return settings.UPLOAD_MAX_BYTES


def body_length(request):
    """The body's declared length in bytes; 0 when there is none or it is not a number (Django then reads none)."""
    try:
        return max(int(request.META.get("CONTENT_LENGTH") or 0), 0)
    except ValueError:
        return 0
