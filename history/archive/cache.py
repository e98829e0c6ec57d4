"""The archive's pages kept in the cache for anonymous visitors, as core.page_cache keeps a tournament's.

An archive page belongs to no single tournament, so its key holds a stamp of what it shows instead: a few cheap
values (the `page_version` of the tournaments it lists, the rating's last recompute, counts and latest ids of its
rows) that a change replaces. What the stamp cannot see (a player renamed, say) shows after PAGE_CACHE_SECONDS."""

import hashlib
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.utils import translation

from core import page_cache


def archive_page(stamp, params=()):
    """Serve an anonymous visitor's GET from the cache while `stamp(**url arguments)` is unchanged. `params`:
    the query parameters the view reads (at most page_cache.VARIANTS_PER_PAGE answers are kept per stamp)."""

    def decorate(view):
        @wraps(view)
        def wrapper(request, **kwargs):
            if not page_cache.cacheable_request(request):
                return view(request, **kwargs)
            digest = hashlib.sha256(repr(stamp(**kwargs)).encode()).hexdigest()[:16]
            page = f"{page_cache.page_of(view, (), kwargs)}:{translation.get_language()}"
            variant = page_cache.variant_of(request, params)
            key = f"archive:{digest}:{page}:{variant}"
            kept = cache.get(key)
            if kept is not None:
                return page_cache.served(request, kept, "hit")
            response = view(request, **kwargs)
            if not page_cache.cacheable_response(request, response):
                return response
            kept = page_cache.keep(response)
            if page_cache.room_for_variant(("archive", digest), page):
                cache.set(key, kept, settings.PAGE_CACHE_SECONDS)
            return page_cache.served(request, kept, "miss")

        return wrapper

    return decorate
