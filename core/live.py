"""Live fragments: a part of a page that refreshes itself without a reload. static/js/live.js polls the element's
`data-live-url` with the version it shows; the view answers 204 while nothing changed, else the new fragment."""

import hashlib
import re

from django.http import HttpResponse

LIVE_VERSION_HEADER = "X-Live-Version"
VERSION_LENGTH = 16


# A form's CSRF token is masked afresh on every render: not a change anyone sees, and the token the page already
# holds stays valid, so it takes no part in the version.
_CSRF_VALUE = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*(")')


def live_version(html):
    """The version of a fragment: a hash of what it shows, so any visible change is a new version."""
    return hashlib.sha256(_CSRF_VALUE.sub(r"\1\2", html).encode()).hexdigest()[:VERSION_LENGTH]


def is_live_version(value):
    """Whether `value` could be a version `live_version` gave; anything else is no version a page ever showed."""
    return re.fullmatch(f"[0-9a-f]{{{VERSION_LENGTH}}}", value or "") is not None


def live_fragment(request, html):
    """Answer a live.js poll: 204 when the page already shows this version of the fragment, else the fragment.
    Any page can use it for its own `data-live-url` element."""
    version = live_version(html)
    unchanged = request.headers.get(LIVE_VERSION_HEADER) == version
    response = HttpResponse(status=204) if unchanged else HttpResponse(html)
    response[LIVE_VERSION_HEADER] = version
    response["Cache-Control"] = "no-store"
    return response


def live_region(request, html):
    """What a page's template needs for its live region showing `html`: where live.js polls it (this page with
    ?fragment=1) and the version it starts from."""
    return {"live_url": f"{request.path}?fragment=1", "version": live_version(html)}
