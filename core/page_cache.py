"""Rendered public pages, kept in the cache until something they show changes: a busy tournament's phones ask for
standings and pairings hundreds of times a second.

Cached pages are keyed by their tournament's stamp (core.page_stamps), or by their stage's for a page that shows one
stage (`public_page(part="stage_id")`), replaced once a transaction that changed what they show commits: a change
makes every stale copy unreachable at once, in every process, with nothing to delete (stale copies expire by
themselves). Only anonymous visitors get cached pages: a signed-in user's page carries their name and their own
controls.

A hit asks the database nothing: the stamp is kept in the cache too (`page_version`), written there by `stamp`
itself, and read from the database only when missing, then kept PAGE_VERSION_SECONDS. With the cache in Redis
every process sees a new stamp at once; with a cache in each process (locmem), the other processes see it within
PAGE_VERSION_SECONDS, a second by default (0: the database is asked on every request, as before).

And a hit needs little of Django: `CachedPageMiddleware`, early in MIDDLEWARE, answers an anonymous visitor's GET
of a page already served from the cache before the session, language, CSRF, authentication and messages
middleware run, with the complete answer those gave it the last time (headers included: Vary, Content-Language,
X-Frame-Options, the Content-Security-Policy), served while the page's stamp is the one it was made at. It
keys that answer on what decides it: the page, the parameters the view reads, and what chooses the language (the
language cookie, the browser's languages; the tournament's own language is part of its stamp).
"""

import gzip
import hashlib
from dataclasses import dataclass
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import DisallowedHost
from django.http import HttpResponse
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.cache import patch_vary_headers

from core.live import LIVE_VERSION_HEADER, is_live_version

# Where changes are noticed and stamped (core.page_stamps); the apps and tests know them by this module.
from core.page_stamps import (  # noqa: F401
    WATCHED,
    changed,
    new_page_version,
    page_version,
    part_key,
    parts,
    pieces,
    stamp,
    tournaments_of,
    version_key,
    watch,
)

HIT_HEADER = "X-Page-Cache"
# What a view's answer keeps of its headers (the middleware's are added as for any answer); a printed sheet's file
# name too (Content-Disposition).
KEPT_HEADERS = ("Content-Type", LIVE_VERSION_HEADER, "Cache-Control", "Content-Disposition")
GZIP_FROM_BYTES = 1024
# How long the others serve a changed page's last rendering while one process renders it anew: longer than a
# 1,000-player standings page takes under load (half a second idle), and the most a page stays stale when the web
# server rendering it dies mid-render (tests/test_several_machines.py).
RENDER_SECONDS = 5
VARIANTS_PER_PAGE = 16  # answers kept of one page at one version: its parameters and live versions, a handful


# ---------------------------------------------------------------- serving cached pages


def public_page(view=None, *, params=(), live=False, part=None):
    """Serve an anonymous visitor's GET from the cache while the tournament (the `slug` argument) is unchanged.

    Only complete answers are kept: 200 (and live.js's 204 "unchanged") without cookies, so a page that needed a
    CSRF token or showed a one-off message is never shared. The gzipped body is kept beside the plain one so a hit
    costs no compression.

    The key holds the page (the view and its URL arguments) and only what the view reads of the request: the query
    parameters named in `params` (`@public_page(params=("fragment",))`), whatever their order. With `live`, the
    view answers live.js's polls (core.live): the fragment is rendered and kept once per change, and every poll is
    answered from it, 204 to those whose version (X-Live-Version) is the fragment's, the fragment to the others, so
    a hall of screens that each show a different earlier version costs one rendering, not one each.
    Other parameters are ignored, so made-up query strings all get the one cached page; and at most
    VARIANTS_PER_PAGE answers of a page are kept per tournament stamp, so made-up values cannot fill the cache.

    With `part`, the URL argument naming the one stage the page shows ("stage_id"), the page is kept under that
    stage's stamp (core.page_stamps): a result in another stage leaves it cached.

    One process renders a changed page while the others, meanwhile, serve its last rendering ("stale"): a
    1,000-player standings page takes about half a second to render, and with a result coming in every second,
    every worker rendering it at once would leave none to answer. Once the new page is stored it is the only one
    served (the lock expires after RENDER_SECONDS should its holder die)."""
    if view is None:
        return lambda view: public_page(view, params=params, live=live, part=part)

    @wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        if not cacheable_request(request):
            return view(request, slug, *args, **kwargs)
        version = page_version(slug, part_id(part, kwargs))
        if version is None:
            return view(request, slug, *args, **kwargs)
        # One page per language: the middleware has chosen it (visitor, tournament, browser) before the view.
        page_id, variant = page_of(view, args, kwargs), variant_of(request, params)
        page = f"{page_id}:{translation.get_language()}"
        key, latest_key = page_keys(version, page, variant)
        shown = shown_version(request) if live else ""
        kept = cache.get(key)
        if kept is not None:
            response = served(request, kept, "hit", shown)
            if response.status_code == kept[0]:
                # The whole answer may be kept for CachedPageMiddleware once the middleware has added its headers
                # (the fragment itself, never a 204 made of it for one visitor's version).
                response.whole_answer = (answer_key(request, slug, page_id, variant), version)
            return response
        if not cache.add(f"{key}:rendering", 1, RENDER_SECONDS):
            latest = cache.get(latest_key)
            if latest is not None:
                return served(request, latest, "stale", shown)
        try:
            if shown:  # the fragment itself is kept, whatever version this visitor shows
                request.META.pop("HTTP_" + LIVE_VERSION_HEADER.upper().replace("-", "_"), None)
                request.__dict__.pop("headers", None)  # HttpRequest.headers, read from META once
            response = view(request, slug, *args, **kwargs)
            if not cacheable_response(request, response):
                return response
            kept = keep(response)
            if room_for_variant(version, page):
                cache.set_many({key: kept, latest_key: kept}, settings.PAGE_CACHE_SECONDS)
        finally:
            cache.delete(f"{key}:rendering")
        return served(request, kept, "miss", shown)

    # What CachedPageMiddleware needs to serve the page without calling the wrapper; only the wrapper itself
    # (`wraps` copies it to a decorator put around this one, whose work the middleware would skip).
    wrapper.public_page = PublicPage(view, params, live, wrapper, part)
    return wrapper


@dataclass(frozen=True)
class PublicPage:
    view: object
    params: tuple
    live: bool
    wrapper: object
    part: str | None = None

    def version_key(self, slug, kwargs):
        """Where the cache keeps the stamp this page is served at (its tournament's, or its part's)."""
        part = part_id(self.part, kwargs)
        return version_key(slug) if part is None else part_key(slug, part)


def part_id(part, kwargs):
    """The id of the part a page shows (its `part` argument, e.g. "stage_id"), whose stamp it is served at; None
    for a page of the whole tournament."""
    return kwargs.get(part) if part else None


def cacheable_request(request):
    return (
        settings.PAGE_CACHE_SECONDS > 0
        and request.method in ("GET", "HEAD")
        and not request.user.is_authenticated
        and "messages" not in request.COOKIES  # a flash message waits to be shown to this visitor only
    )


def cacheable_response(request, response):
    return (
        response.status_code in (200, 204)
        and not response.streaming
        and not response.cookies
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
    )


def page_of(view, args, kwargs):
    """Which page is asked for: the view and its URL arguments as converted, so /stages/05/ is /stages/5/."""
    name = f"{view.__module__}.{view.__qualname__}:{args!r}:{sorted(kwargs.items())!r}"
    return hashlib.sha256(name.encode()).hexdigest()[:32]


# Every tournament page has an embed form (tournaments.embedding), another answer of the same page.
EMBED_PARAM = "embed"


def variant_of(request, params):
    """Which answer of the page: the values of the query parameters the view reads, by name ("" when it reads
    none of them)."""
    params = sorted({*params, EMBED_PARAM})
    asked = [(name, request.GET.getlist(name)) for name in params if name in request.GET]
    if not asked:
        return ""
    return hashlib.sha256(repr(asked).encode()).hexdigest()[:32]


def shown_version(request):
    """The live-fragment version the visitor's page shows (live.js's X-Live-Version), "" when it is none a
    fragment could have (as core.live finds)."""
    shown = request.headers.get(LIVE_VERSION_HEADER, "")
    return shown if is_live_version(shown) else ""


def shows_already(status, headers, shown):
    """A kept live fragment the visitor's page shows already (`shown`, its version; "" for none)."""
    return bool(shown) and status == 200 and headers.get(LIVE_VERSION_HEADER) == shown


def unchanged(headers, outcome=None):
    """live.js's "nothing changed" (core.live.live_fragment's 204) made of a kept fragment's headers."""
    response = HttpResponse(status=204)
    for name, value in headers.items():
        if name.lower() not in ("content-length", "content-encoding"):
            response[name] = value
    if outcome is not None:
        response[HIT_HEADER] = outcome
    return response


def page_keys(version, page, variant=""):
    """The key of the page's answer at this version, and of its latest rendering whatever the version."""
    tournament_id, page_version = version
    return f"page:{tournament_id}:{page_version}:{page}:{variant}", f"page:{tournament_id}:latest:{page}:{variant}"


def room_for_variant(version, page):
    """Whether one more answer of the page may be kept at this version (counted in the cache, beside them)."""
    tournament_id, page_version = version
    counter = f"page:{tournament_id}:{page_version}:{page}:variants"
    cache.add(counter, 0, settings.PAGE_CACHE_SECONDS)
    try:
        return cache.incr(counter) <= VARIANTS_PER_PAGE
    except ValueError:  # the counter is gone (expired, evicted, or the cache does not answer): keep nothing
        return False


def keep(response):
    body = response.content
    packed = gzip.compress(body, compresslevel=6, mtime=0) if len(body) >= GZIP_FROM_BYTES else None
    headers = {name: response[name] for name in KEPT_HEADERS if response.has_header(name)}
    return response.status_code, headers, body, packed


def served(request, kept, outcome, shown=""):
    """The kept answer, or the 204 of a live fragment the visitor shows already (`shown`, its version)."""
    status, headers, body, packed = kept
    if shows_already(status, headers, shown):
        return unchanged(headers, outcome)
    wants_gzip = packed is not None and accepts_gzip(request)
    response = HttpResponse(packed if wants_gzip else body, status=status)
    for name, value in headers.items():
        response[name] = value
    if packed is not None:
        patch_vary_headers(response, ["Accept-Encoding"])
    if wants_gzip:
        response["Content-Encoding"] = "gzip"
    response[HIT_HEADER] = outcome
    return response


# ---------------------------------------------------------------- answering before the middleware


def answer_key(request, slug, page_id, variant):
    """The key of a page's whole answer (kept with the tournament's stamp it was made at): the page, the variant
    (the parameters the view reads), what chooses its language besides the tournament's own (part of its stamp),
    and gzip or not. The language is the visitor's choice in the cookie when it names one of LANGUAGES
    (tournaments.languages.chosen_language; without a session, the cookie is all there is), else the
    tournament's, else what Django makes of the cookie and the browser's Accept-Language (get_language_from_request,
    as LanguageMiddleware asks it). One answer per key: a new stamp's replaces the last."""
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    chosen = chosen if chosen in dict(settings.LANGUAGES) else ""
    browser = "" if chosen else translation.get_language_from_request(request)
    return f"page-answer:{slug}:{page_id}:{variant}:{chosen}:{browser}:{int(accepts_gzip(request))}"


def accepts_gzip(request):
    return "gzip" in request.headers.get("Accept-Encoding", "")


class CachedPageMiddleware:
    """Answers an anonymous visitor's GET (or HEAD) of a public page from the cache before the middleware after it
    run, when the page was served from the cache already: the complete answer (status, every header, the body as
    the visitor's Accept-Encoding takes it) is kept once the rest of the middleware has made it, on the way out of
    a cache hit. It goes after SecurityMiddleware and RequestLimitsMiddleware (their redirects and refusals come
    first, SecurityMiddleware adds its headers to both answers alike) and before every middleware whose headers it
    keeps with the page (CSPMiddleware's, SessionMiddleware's, LanguageMiddleware's, XFrameOptionsMiddleware's).

    A request with a session cookie goes the whole way (it may be a signed-in user's: the session decides), as does
    one with a flash message waiting, and any page not decorated with `public_page` as its outermost decorator."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not answerable(request):
            return self.get_response(request)
        answer = cached_answer(request)
        if answer is not None:
            return answer
        response = self.get_response(request)
        whole = getattr(response, "whole_answer", None)
        if whole is not None and keepable(response):
            # Kept from a request like those it will answer: without a session (an anonymous visitor's session
            # may still hold the language a signed-in user chose), so the key holds all that chose the language.
            key, version = whole
            kept = (version, response.status_code, dict(response.items()), response.content)
            cache.set(key, kept, settings.PAGE_CACHE_SECONDS)
        return response


def answerable(request):
    """Whether the request may be answered (and its answer kept) here: a GET or HEAD, the page cache on, from a
    visitor without a session and without a message waiting."""
    return (
        settings.PAGE_CACHE_SECONDS > 0
        and request.method in ("GET", "HEAD")
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "messages" not in request.COOKIES
    )


def cached_answer(request):
    """The kept answer to this (answerable) request, or None: then it goes through the rest of the middleware."""
    try:
        request.get_host()  # a host not in ALLOWED_HOSTS: refused further on, as always
        match = resolve(request.path_info)
    except (DisallowedHost, Resolver404):
        return None
    public = getattr(match.func, "public_page", None)
    if public is None or public.wrapper is not match.func:
        return None
    slug, args, kwargs = slug_and_arguments(match.args, match.kwargs)
    if settings.PAGE_VERSION_SECONDS <= 0 or not isinstance(slug, str):
        return None
    key = answer_key(request, slug, page_of(public.view, args, kwargs), variant_of(request, public.params))
    stamp_key = public.version_key(slug, kwargs)
    found = cache.get_many([stamp_key, key])  # one round trip to Redis
    version, kept = found.get(stamp_key), found.get(key)
    if version is None or kept is None or kept[0] != version:
        return None
    _, status, headers, body = kept
    if public.live and shows_already(status, headers, shown_version(request)):
        return unchanged(headers)
    return HttpResponse(body, status=status, headers=headers)


def slug_and_arguments(args, kwargs):
    """The view's arguments as the `public_page` wrapper gets them: the slug, then the others."""
    kwargs = dict(kwargs)
    if "slug" in kwargs:
        return kwargs.pop("slug"), tuple(args), kwargs
    return (args[0] if args else None), tuple(args[1:]), kwargs


def keepable(response):
    """A cache hit's answer as the middleware made it: nothing of it is the visitor's own (no cookie set)."""
    return response.status_code in (200, 204) and not response.streaming and not response.cookies
