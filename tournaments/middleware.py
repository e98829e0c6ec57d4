"""Which language a request is answered in, and in which time zone its times are shown.

In order: the language the visitor chose with the switcher on every page (kept in their session when signed in,
from their profile, and in a cookie for everyone); else, on a tournament's pages and printed sheets, the language
its secretary set for it; else the browser's Accept-Language; else English. The API follows the visitor's choice
and the browser only: a program calling it says what it wants in Accept-Language."""

from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers

from tournaments.languages import chosen_language, tournament_language, tournament_locale
from tournaments.time_zones import zone_of


class LanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen = chosen_language(request)
        request.language_chosen = chosen is not None
        use(request, chosen or translation.get_language_from_request(request))
        response = self.get_response(request)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", translation.get_language())
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.language_chosen or request.path.startswith("/api/"):
            return None
        language = tournament_language(view_kwargs)
        if language:
            use(request, language)
        return None


def use(request, language):
    translation.activate(language)
    request.LANGUAGE_CODE = translation.get_language()


class TimeZoneMiddleware:
    """A tournament's pages, printed sheets and exports show its times in its time zone (Tournament.time_zone);
    other pages in the site's. The API answers in the site's zone: its times carry their offset, and a program
    converts them as it needs. Reset after each request: a thread serves others next."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.path.startswith("/api/"):
            return None
        _language, zone = tournament_locale(view_kwargs)
        if zone:
            timezone.activate(zone_of(zone))
        return None
