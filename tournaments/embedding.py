"""A tournament's public pages framed in a federation's own site: the embed form of a page (`?embed=1`: no site
header, links opening outside the frame), which only the sites its secretary lists may frame.

Every other answer keeps the site's refusal to be framed (X-Frame-Options: DENY, `frame-ancestors 'none'`), and
so does an embed form while the tournament lists no site: the list is the tournament's `embed_origins`, each an
origin as browsers compare them ("https://carrom.example.org", a port where it is not the scheme's own)."""

from urllib.parse import urlsplit

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from core.page_cache import EMBED_PARAM
from tournaments.models import Tournament

MAX_ORIGINS = 20


def is_embedded(request):
    return request.GET.get(EMBED_PARAM) == "1"


def clean_origins(value):
    """The sites allowed to frame a tournament's pages, as stored: each "scheme://host[:port]" in lower case, once,
    in the order given. `value` is a list, or text with one site a line (or separated by spaces or commas)."""
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    origins = []
    for text in value or ():
        origin = origin_of(str(text).strip())
        if origin not in origins:
            origins.append(origin)
    if len(origins) > MAX_ORIGINS:
        raise ValidationError(_("At most %(count)s sites may frame a tournament.") % {"count": MAX_ORIGINS})
    return origins


def origin_of(text):
    """ "https://Carrom.example.org/club/" -> "https://carrom.example.org"; refused unless it names an http(s)
    site (a path is dropped: browsers compare origins only)."""
    refused = ValidationError(
        _("%(site)s is not a web site's address, e.g. https://carrom.example.org") % {"site": text[:100]}
    )
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise refused from None
    host = (parts.hostname or "").lower()
    if parts.scheme.lower() not in ("http", "https") or not host or parts.username or parts.password:
        raise refused
    if not all(character.isalnum() or character in ".-" for character in host):
        raise refused  # a host name or an IPv4 address: nothing a policy could misread (";", "*", quotes)
    return f"{parts.scheme.lower()}://{host}" + (f":{port}" if port else "")


class EmbedMiddleware:
    """Lets the sites a tournament lists frame the embed form of its pages. After XFrameOptionsMiddleware in
    MIDDLEWARE, so that its answer passes here first (exempt from DENY before that middleware looks) and the CSP
    middleware then writes the listed sites as the page's frame-ancestors."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.embedded = is_embedded(request)
        request.embed_origins = []
        response = self.get_response(request)
        if request.embedded and request.embed_origins and response.status_code == 200:
            response.xframe_options_exempt = True
            response._csp_replace = {"frame-ancestors": request.embed_origins}
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        slug = view_kwargs.get("slug")
        if not request.embedded or not slug or request.path.startswith("/api/"):
            request.embedded = False  # only a tournament's own pages have an embed form
            return None
        origins = Tournament.objects.filter(slug=slug).values_list("embed_origins", flat=True).first()
        request.embed_origins = origins or []
        return None
