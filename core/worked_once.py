"""A figure every request of a change reads alike (a stage's rank table, its chances state), worked out once per
change and kept in the cache: while one request works it out, the others of the same moment wait for it instead of
working it out too. In a live round every phone's page misses at once after each result, and a web process of 8
threads otherwise spent the second working out the same table eight times."""

import time

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
