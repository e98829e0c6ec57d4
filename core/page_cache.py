"""Rendered public pages, kept in the cache until something they show changes: a busy tournament's phones ask for
standings and pairings hundreds of times a second.

Every tournament carries `page_version`, a random stamp replaced once a transaction that changed a row of the
tournament commits. Cached pages are keyed by the stamp, so a change makes every stale copy unreachable at once, in
every process, with nothing to delete (stale copies expire by themselves). The stamp is random rather than a
counter so that a key can never match a page cached from an earlier database (Redis outlives `flush`).

Changes are noticed by the save and delete signals of the models that public pages show (`watch`, called from each
app's `ready`), so services, the admin and the shell all invalidate alike. Bulk writes send no signals: the
services that use them call `changed` themselves. Only anonymous visitors get cached pages: a signed-in user's page
carries their name and their own controls.
"""

import gzip
import hashlib
import secrets
from functools import wraps

from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_save, pre_delete
from django.http import HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers

from core.live import LIVE_VERSION_HEADER, is_live_version

HIT_HEADER = "X-Page-Cache"
KEPT_HEADERS = ("Content-Type", LIVE_VERSION_HEADER, "Cache-Control")
GZIP_FROM_BYTES = 1024
RENDER_SECONDS = 30
VARIANTS_PER_PAGE = 16  # answers kept of one page at one version: its parameters and live versions, a handful
WATCHED = {}  # model → its path to the tournament (tests check that every model of the apps is here)


def new_page_version():
    """A fresh random stamp for a tournament's cached pages."""
    return secrets.token_hex(8)


def owners():
    """The model whose rows own the pages ("tournaments.Tournament", settings.PAGE_CACHE_OWNER), with its
    `slug` and `page_version` fields. Named in settings so that this ground floor imports no app above it."""
    return apps.get_model(settings.PAGE_CACHE_OWNER)


# ---------------------------------------------------------------- noticing changes


def changed(tournament_ids):
    """The public pages of these tournaments are out of date once the current transaction commits."""
    ids = {pk for pk in tournament_ids if pk is not None}
    if not ids:
        return
    connection = transaction.get_connection()
    if connection.in_atomic_block:
        pending_stamps(connection).update(ids)
    else:
        stamp(ids)


def stamp(ids):
    owners().objects.filter(pk__in=ids).update(page_version=new_page_version())


class PendingStamps(set):
    """The tournaments to stamp when the current transaction commits, and what rows were found to belong to."""

    def __init__(self):
        super().__init__()
        self.owners = {}
        self.done = False

    def __call__(self):
        self.done = True
        stamp(self)


def pending_stamps(connection):
    """One on_commit callback per transaction. A rolled-back transaction drops its callback, so a set whose
    callback is no longer queued (or has run) is stale and replaced."""
    pending = getattr(connection, "pending_page_stamps", None)
    if pending is None or pending.done or not any(func is pending for _, func, *_ in connection.run_on_commit):
        pending = PendingStamps()
        connection.pending_page_stamps = pending
        transaction.on_commit(pending)
    return pending


def watch(model, path):
    """Saving or deleting a `model` row changes its tournament's pages; `path` leads from the row to the tournament
    ("tournament", "stage__event__tournament", ...). Deletes are seen before they happen, while the path exists."""

    def row_changed(sender, instance, raw=False, **kwargs):
        if not raw:  # fixtures being loaded
            changed(tournaments_of(instance, path))

    WATCHED[model] = path
    uid = f"page_cache.{model._meta.label}"
    post_save.connect(row_changed, sender=model, weak=False, dispatch_uid=uid)
    pre_delete.connect(row_changed, sender=model, weak=False, dispatch_uid=uid)


def tournaments_of(instance, path):
    """Ids of the tournaments a row belongs to. A row's parent is looked up once per transaction, so a cascade
    deleting 5,000 matches of one stage asks for the stage's tournament once."""
    if path == "pk":
        return {instance.pk}
    first, _, rest = path.partition("__")
    field = instance._meta.get_field(first)
    if not field.concrete:  # a reverse relation (a player's entries): ask from the row itself
        return set(type(instance)._default_manager.filter(pk=instance.pk).values_list(path, flat=True))
    parent_id = getattr(instance, field.attname)
    if not rest or parent_id is None:
        return {parent_id}
    connection = transaction.get_connection()
    owners = pending_stamps(connection).owners if connection.in_atomic_block else {}
    key = (field.related_model, parent_id)
    if key not in owners:
        parents = field.related_model._default_manager.filter(pk=parent_id)
        owners[key] = set(parents.values_list(rest, flat=True))
    return owners[key]


# ---------------------------------------------------------------- serving cached pages


def public_page(view=None, *, params=(), live=False):
    """Serve an anonymous visitor's GET from the cache while the tournament (the `slug` argument) is unchanged.

    Only complete answers are kept: 200 (and live.js's 204 "unchanged") without cookies, so a page that needed a
    CSRF token or showed a one-off message is never shared. The gzipped body is kept beside the plain one so a hit
    costs no compression.

    The key holds the page (the view and its URL arguments) and only what the view reads of the request: the query
    parameters named in `params` (`@public_page(params=("fragment",))`), whatever their order, and with `live` the
    live-fragment version live.js asks about, when it is one (any other header is no version, as the view finds).
    Other parameters are ignored, so made-up query strings all get the one cached page; and at most
    VARIANTS_PER_PAGE answers of a page are kept per tournament stamp, so made-up values cannot fill the cache.

    One process renders a changed page while the others, meanwhile, serve its last rendering ("stale"): a
    1,000-player standings page takes about half a second to render, and with a result coming in every second,
    every worker rendering it at once would leave none to answer. Once the new page is stored it is the only one
    served (the lock expires after RENDER_SECONDS should its holder die)."""
    if view is None:
        return lambda view: public_page(view, params=params, live=live)

    @wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        if not cacheable_request(request):
            return view(request, slug, *args, **kwargs)
        version = owners().objects.filter(slug=slug).values_list("pk", "page_version").first()
        if version is None:
            return view(request, slug, *args, **kwargs)
        # One page per language: the middleware has chosen it (visitor, tournament, browser) before the view.
        page = f"{page_of(view, args, kwargs)}:{translation.get_language()}"
        key, latest_key = page_keys(version, page, variant_of(request, params, live))
        kept = cache.get(key)
        if kept is not None:
            return served(request, kept, "hit")
        if not cache.add(f"{key}:rendering", 1, RENDER_SECONDS):
            latest = cache.get(latest_key)
            if latest is not None:
                return served(request, latest, "stale")
        try:
            response = view(request, slug, *args, **kwargs)
            if not cacheable_response(request, response):
                return response
            kept = keep(response)
            if room_for_variant(version, page):
                cache.set_many({key: kept, latest_key: kept}, settings.PAGE_CACHE_SECONDS)
        finally:
            cache.delete(f"{key}:rendering")
        return served(request, kept, "miss")

    return wrapper


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


def variant_of(request, params, live):
    """Which answer of the page: the values of the query parameters the view reads, by name, and the fragment
    version the visitor's page shows ("" when the view reads none of these)."""
    asked = [(name, request.GET.getlist(name)) for name in sorted(params) if name in request.GET]
    shown = request.headers.get(LIVE_VERSION_HEADER, "") if live else ""
    shown = shown if is_live_version(shown) else ""
    if not asked and not shown:
        return ""
    return hashlib.sha256(repr((asked, shown)).encode()).hexdigest()[:32]


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


def served(request, kept, outcome):
    status, headers, body, packed = kept
    wants_gzip = packed is not None and "gzip" in request.headers.get("Accept-Encoding", "")
    response = HttpResponse(packed if wants_gzip else body, status=status)
    for name, value in headers.items():
        response[name] = value
    if packed is not None:
        patch_vary_headers(response, ["Accept-Encoding"])
    if wants_gzip:
        response["Content-Encoding"] = "gzip"
    response[HIT_HEADER] = outcome
    return response
