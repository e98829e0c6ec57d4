"""A figure every request of a change reads alike (a stage's rank table, its chances state), worked out once per
change and kept in the cache: while one request works it out, the others of the same moment wait for it instead of
working it out too. In a live round every phone's page misses at once after each result, and a web process of 8
threads otherwise spent the second working out the same table eight times."""

import time

from django.conf import settings
from django.core.cache import cache

WAIT_SECONDS = 5  # longer than the slowest of these takes under load; a holder that died frees the lock by then
POLL_SECONDS = 0.02


def worked_once(key, work, seconds):
    """The value kept at `key`, else `work()` kept there `seconds` (by one request at a time: the others wait for
    it, at most WAIT_SECONDS, then work it out themselves). `work` must not return None."""
    found = cache.get(key)
    if found is not None:
        return found
    lock, deadline = f"{key}:working", time.monotonic() + WAIT_SECONDS
    while not cache.add(lock, 1, WAIT_SECONDS):
        if time.monotonic() >= deadline:
            return work()
        time.sleep(POLL_SECONDS)
        found = cache.get(key)
        if found is not None:
            return found
    try:
        found = cache.get(key)  # kept between our look and the lock
        if found is None:
            found = work()
            cache.set(key, found, seconds)
        return found
    finally:
        cache.delete(lock)


def worked_once_per_stamp(tournament, key, work, seconds):
    """`work()` kept at `key` under the tournament's page stamp (core.page_cache), which every change of what the
    tournament's pages show replaces: read with the tournament, before the rows, so what is kept is never older
    than its stamp. Worked out by one request of the moment (worked_once), and kept at most `seconds`, never past
    the pages themselves. Without the page cache, or a tournament with its stamp, worked out every time."""
    if tournament is None or settings.PAGE_CACHE_SECONDS <= 0 or not tournament.page_version:
        return work()
    stamped = f"{key}:{tournament.pk}:{tournament.page_version}"
    return worked_once(stamped, work, min(seconds, settings.PAGE_CACHE_SECONDS))
