"""Error responses outside the views: JSON under /api/, a page everywhere else.

DRF already answers its own errors in JSON ({"detail": ...}); these handlers cover what Django answers itself: a
URL that matches nothing, a request refused before a view (a body over UPLOAD_MAX_BYTES, a bad Host header), and
an unhandled exception. API clients then always get a JSON body they can parse, whatever went wrong.
"""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.views import defaults

API_PREFIX = "/api/"


def is_api(request):
    return request.path.startswith(API_PREFIX)


def bad_request(request, exception):
    if is_api(request):
        if isinstance(exception, RequestDataTooBig):
            limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
            return JsonResponse({"detail": f"The request body is larger than {limit:,} bytes."}, status=413)
        return JsonResponse({"detail": "Bad request."}, status=400)
    return defaults.bad_request(request, exception)


def permission_denied(request, exception):
    if is_api(request):
        message = str(exception) or "You do not have permission to perform this action."
        return JsonResponse({"detail": message}, status=403)
    return defaults.permission_denied(request, exception)


def page_not_found(request, exception):
    if is_api(request):
        return JsonResponse({"detail": "Not found."}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request):
    if is_api(request):
        return JsonResponse({"detail": "Server error: the problem is logged; please try again later."}, status=500)
    # Rendered without the request's context: whatever failed (the database, a context processor) must not fail
    # the error page too.
    return defaults.server_error(request, template_name="500.html")
