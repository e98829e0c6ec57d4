"""Large values kept in the cache under a key that names what they are made of, held in this process too once read:
a Swiss stage's chances (players.chances), kept under its state's key, are 2 MB pickled at 500 players, and reading
them back costs 15 ms of CPU, on every personal page that the page cache misses; in a live round that is every
phone's poll. A key that names its content never names another value, so a copy held here is never wrong; it is
held HELD_SECONDS at most, so that the cache's own expiry and deletions reach this process within that long, and
HELD of them at most, the ones used last.

The values are shared by every thread of the process: callers read them, never change them."""

import threading
import time
from collections import OrderedDict

from django.core.cache import cache

HELD = 8
HELD_SECONDS = 60

_held = OrderedDict()  # key → (value, held until: time.monotonic())
_lock = threading.Lock()


def kept(key):
    """The value at `key`: the copy held here, else the cache's (then held here); None when the cache has none."""
    now = time.monotonic()
    with _lock:
        found = _held.get(key)
        if found is not None and found[1] > now:
            _held.move_to_end(key)
            return found[0]
    value = cache.get(key)
    if value is not None:
        with _lock:
            _held[key] = (value, now + HELD_SECONDS)
            _held.move_to_end(key)
            while len(_held) > HELD:
                _held.popitem(last=False)
    return value


def forget():
    """Drop every copy held here (tests that clear the cache)."""
    with _lock:
        _held.clear()
