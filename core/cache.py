"""The cache in Redis (settings.CACHES when REDIS_URL is set), made to forgive Redis being down: the public pages
are then rendered on every request, slower but served, instead of every anonymous page answering 500.

A failed call answers as an empty cache would (nothing found, nothing kept), and the outage is logged once when it
starts and once when Redis answers again, not once per request. Meanwhile Redis is left alone for RETRY_SECONDS
(option "RETRY_SECONDS") after each failure, so a Redis that hangs rather than refuses costs one socket timeout
now and then, not one per cache call."""

import logging
import time

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

RETRY_SECONDS = 5
OUTAGES = {}  # Redis address → its outage, shared by the threads of a process (each thread has its own backend)


class Outage:
    def __init__(self):
        self.down = False
        self.retry_at = 0.0


class ForgivingRedisCache(RedisCache):
    def __init__(self, server, params):
        options = dict(params.get("OPTIONS", {}))
        self.retry_seconds = options.pop("RETRY_SECONDS", RETRY_SECONDS)
        super().__init__(server, {**params, "OPTIONS": options})
        self.outage = OUTAGES.setdefault(tuple(self._servers), Outage())

    def forgiving(self, call, fallback, *args, **kwargs):
        """`call(*args, **kwargs)`, or `fallback` while Redis does not answer."""
        outage = self.outage
        if outage.down and time.monotonic() < outage.retry_at:
            return fallback
        try:
            result = call(*args, **kwargs)
        except RedisError as error:
            if not outage.down:
                logger.warning("The cache (Redis) does not answer, pages are served without it: %s", error)
            outage.down = True
            outage.retry_at = time.monotonic() + self.retry_seconds
            return fallback
        if outage.down:
            outage.down = False
            logger.warning("The cache (Redis) answers again.")
        return result

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self.forgiving(super().add, False, key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self.forgiving(super().get, default, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self.forgiving(super().set, None, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self.forgiving(super().touch, False, key, timeout, version)

    def delete(self, key, version=None):
        return self.forgiving(super().delete, False, key, version)

    def get_many(self, keys, version=None):
        return self.forgiving(super().get_many, {}, keys, version)

    def has_key(self, key, version=None):
        return self.forgiving(super().has_key, False, key, version)

    def incr(self, key, delta=1, version=None):
        missing = object()
        result = self.forgiving(super().incr, missing, key, delta, version)
        if result is missing:  # as an empty cache would: there is no such key
            raise ValueError(f"Key '{key}' not found (the cache does not answer).")
        return result

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self.forgiving(super().set_many, list(data), data, timeout, version)  # the keys not kept

    def delete_many(self, keys, version=None):
        return self.forgiving(super().delete_many, None, keys, version)

    def clear(self):
        return self.forgiving(super().clear, False)
