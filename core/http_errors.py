"""Error responses outside the views: JSON under /api/, a page everywhere else.

DRF already answers its own errors in JSON ({"detail": ...}); these handlers cover what Django answers itself: a
URL that matches nothing, a request refused before a view (a body over UPLOAD_MAX_BYTES, a bad Host header), and
an unhandled exception. API clients then always get a JSON body they can parse, whatever went wrong. An exception
that says the database cannot take the request now (no free connection in the pool, a new one refused) is answered
503 with Retry-After instead of 500, wherever it was raised: in a view, the API or a middleware.

The same bodies as OpenAPI components (Error, FieldErrors), for the API views' @extend_schema: error_responses().
"""

import sys

import psycopg
from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse, JsonResponse
from django.template import engines
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from django.views import defaults
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.utils import OpenApiResponse
from psycopg_pool import PoolTimeout, TooManyRequests
from rest_framework import serializers

API_PREFIX = "/api/"


def is_api(request):
    return request.path.startswith(API_PREFIX)


def bad_request(request, exception):
    if isinstance(exception, RequestDataTooBig):
        return request_too_large(request, settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    if is_api(request):
        return JsonResponse({"detail": _("Bad request.")}, status=400)
    return defaults.bad_request(request, exception)


# The page of a refused upload; rendered without the request's context, as core.middleware answers it before the
# session and the user are loaded. A template file, so that makemessages finds its texts.
TOO_LARGE_TEMPLATE = "413.html"


def request_too_large(request, limit=None):
    """413 for a body over UPLOAD_MAX_BYTES (core.middleware), or over DATA_UPLOAD_MAX_MEMORY_SIZE (Django)."""
    limit = f"{settings.UPLOAD_MAX_BYTES if limit is None else limit:,}"
    if is_api(request):
        return JsonResponse(
            {"detail": _("The request body is larger than %(limit)s bytes.") % {"limit": limit}}, status=413
        )
    page = engines["django"].get_template(TOO_LARGE_TEMPLATE).render({"limit": limit})
    return HttpResponse(page, status=413)


def permission_denied(request, exception):
    message = str(exception)
    if is_api(request):
        return JsonResponse({"detail": message or _("You do not have permission to perform this action.")}, status=403)
    context = {
        "reason": message or _("You may not open this page."),
        "login_url": f"{reverse('login')}?{urlencode({'next': request.get_full_path()})}",
        **way_back(request),
    }
    return HttpResponse(render_to_string("403.html", context, request), status=403)


def too_many_requests(request, message, retry_after=None):
    """429 with the refusal in words: JSON under /api/, otherwise a page that leads back."""
    if is_api(request):
        response = JsonResponse({"detail": message}, status=429)
    else:
        page = render_to_string("429.html", {"message": message, **way_back(request)}, request)
        response = HttpResponse(page, status=429)
    if retry_after:
        response["Retry-After"] = str(retry_after)
    return response


def way_back(request):
    """Where a refused reader goes on from: the page of this site they came from, and the tournament's page when
    the refused address is one of its pages."""
    context = {}
    referer = request.META.get("HTTP_REFERER", "")
    came_from_here = url_has_allowed_host_and_scheme(referer, allowed_hosts={request.get_host()})
    if referer and came_from_here and referer != request.build_absolute_uri():
        context["back_url"] = referer
    slug = request.resolver_match.kwargs.get("slug") if request.resolver_match else None
    if slug:
        try:
            context["tournament_url"] = reverse("tournament-detail", kwargs={"slug": slug})
        except NoReverseMatch:
            pass
    return context


def page_not_found(request, exception):
    if is_api(request):
        return JsonResponse({"detail": _("Not found.")}, status=404)
    context = {"request_path": request.path, **way_back(request)}
    return HttpResponse(render_to_string("404.html", context, request), status=404)


def server_error(request):
    if database_unavailable(sys.exc_info()[1]):
        return database_busy(request)
    if is_api(request):
        return JsonResponse({"detail": _("Server error: the problem is logged; please try again later.")}, status=500)
    # Rendered without the request's context: whatever failed (the database, a context processor) must not fail
    # the error page too.
    return defaults.server_error(request, template_name="500.html")


# The page of a request the database could not take now; rendered without the request's context, which would ask
# the database again (the session, the user).
BUSY_TEMPLATE = "503.html"
# A full database frees a connection within seconds: the page a request was waiting for answers soon after.
RETRY_AFTER_SECONDS = 5


def database_busy(request):
    """503 with Retry-After: the request was refused for want of a database connection, not for what it asked."""
    if is_api(request):
        response = JsonResponse({"detail": _("The site is too busy to answer: please try again in a few seconds.")})
    else:
        response = HttpResponse(engines["django"].get_template(BUSY_TEMPLATE).render({}))
    response.status_code = 503
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


# psycopg's own words for a connection that could not be made (libpq's reason follows: too many connections,
# refused, the server starting or shutting down): such errors carry no SQLSTATE.
CONNECTING_FAILED = ("connection failed:", "connection is bad:")
# SQLSTATEs of a database that cannot serve now, whatever the request: connection exceptions (class 08), too many
# connections (53300), the server shutting down, crashed or starting (57P01-57P03).
UNAVAILABLE_STATES = ("08", "53300", "57P01", "57P02", "57P03")


def database_unavailable(error):
    """Whether `error`, or an error it was raised from (Django wraps psycopg's), says that the database could not
    give this request a connection: the pool gave none within DATABASE_POOL_TIMEOUT, or the server refused a new
    one or could not be reached. A failing query is not one of these: it stays a 500."""
    while error is not None:
        if isinstance(error, PoolTimeout | TooManyRequests | psycopg.errors.ConnectionTimeout):
            return True
        if isinstance(error, psycopg.OperationalError) and (
            str(error).startswith(CONNECTING_FAILED) or (error.sqlstate or "").startswith(UNAVAILABLE_STATES)
        ):
            return True
        error = error.__cause__
    return False


# ---------------------------------------------------------------- the error bodies in the OpenAPI schema
# Views name their error answers with error_responses(400, 403, ...), so every API documents them in one shape.

FIELD_ERRORS_REF = {"$ref": "#/components/schemas/FieldErrors"}


class ErrorSerializer(serializers.Serializer):
    """A refusal with one message: not signed in or not allowed (403), not found or not visible to you (404), a
    conflict (409)."""

    detail = serializers.CharField()


class FieldErrorsSerializer(serializers.Serializer):
    """The name of the 400 body in the schema; FieldErrorsSchema gives its shape, which no serializer field can."""


class FieldErrorsSchema(OpenApiSerializerExtension):
    target_class = FieldErrorsSerializer

    def map_serializer(self, auto_schema, direction):
        message_or_nested = {"oneOf": [{"type": "string"}, FIELD_ERRORS_REF]}
        return {
            "type": "object",
            "description": "Invalid input: {field: [message]}, the message naming the law where one applies; a "
            "nested field has the same shape under its name (a list of them: one per item), errors of the whole "
            'body are under "non_field_errors", and a body that could not be read is {"detail": message}.',
            "additionalProperties": {
                "oneOf": [{"type": "array", "items": message_or_nested}, FIELD_ERRORS_REF, {"type": "string"}]
            },
        }


ERROR_DESCRIPTIONS = {
    400: "Invalid input, or refused by the rules",
    403: "Not signed in, or not allowed",
    404: "Not found, or not visible to you",
    409: "Conflict",
}


def error_responses(*codes):
    """The error answers of a view, for @extend_schema(responses={200: ..., **error_responses(400, 404)})."""
    return {
        code: OpenApiResponse(FieldErrorsSerializer if code == 400 else ErrorSerializer, ERROR_DESCRIPTIONS[code])
        for code in codes
    }
