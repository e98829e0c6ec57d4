"""core.kept_here: a large value named by its content, read from the cache once per process, then held."""

import pytest
from django.core.cache import cache

from core import kept_here


@pytest.fixture(autouse=True)
def nothing_held():
    kept_here.forget()
    yield
    kept_here.forget()


def test_a_value_read_once_is_held_and_not_read_again(monkeypatch):
    cache.set("test:kept:a", {"places": [0.5, 0.5]}, 60)
    first = kept_here.kept("test:kept:a")
    reads = []
    monkeypatch.setattr(cache, "get", lambda key, *args: reads.append(key))
    assert kept_here.kept("test:kept:a") is first
    assert reads == []


def test_nothing_is_held_for_a_key_the_cache_lacks():
    cache.delete("test:kept:b")
    assert kept_here.kept("test:kept:b") is None
    cache.set("test:kept:b", "worked out", 60)
    assert kept_here.kept("test:kept:b") == "worked out"


def test_a_held_copy_is_read_again_after_a_while(monkeypatch):
    cache.set("test:kept:c", "first", 60)
    assert kept_here.kept("test:kept:c") == "first"
    cache.delete("test:kept:c")
    assert kept_here.kept("test:kept:c") == "first"
    monkeypatch.setattr(kept_here, "HELD_SECONDS", 0)
    kept_here.forget()
    cache.set("test:kept:c", "again", 60)
    assert kept_here.kept("test:kept:c") == "again"
    cache.delete("test:kept:c")
    assert kept_here.kept("test:kept:c") is None  # held no time at all: the cache's deletion is seen


def test_only_the_last_used_are_held(monkeypatch):
    monkeypatch.setattr(kept_here, "HELD", 2)
    for name in "xyz":
        cache.set(f"test:kept:{name}", name, 60)
        kept_here.kept(f"test:kept:{name}")
    cache.delete("test:kept:x")
    cache.delete("test:kept:z")
    assert kept_here.kept("test:kept:x") is None  # pushed out by y and z
    assert kept_here.kept("test:kept:z") == "z"
