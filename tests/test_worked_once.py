"""core.worked_once: a figure every request of a change reads alike is worked out by one request at a time; the
others wait for it."""

import threading

from django.core.cache import cache

from core.worked_once import worked_once


def test_a_kept_value_is_read_and_a_missing_one_worked_out_once():
    calls = []
    assert worked_once("test:once:a", lambda: calls.append(1) or "table", 60) == "table"
    assert worked_once("test:once:a", lambda: calls.append(1) or "other", 60) == "table"
    assert calls == [1]


def test_while_another_request_works_it_out_the_others_wait_for_its_value():
    cache.delete("test:once:b")
    assert cache.add("test:once:b:working", 1, 5)  # another request holds the lock
    timer = threading.Timer(0.1, lambda: cache.set("test:once:b", "theirs", 60))
    timer.start()
    try:
        assert worked_once("test:once:b", lambda: "ours", 60) == "theirs"
    finally:
        timer.join()
        cache.delete("test:once:b:working")


def test_a_lock_whose_holder_died_is_given_up_after_a_while(monkeypatch):
    monkeypatch.setattr("core.worked_once.WAIT_SECONDS", 0.1)
    cache.delete("test:once:c")
    assert cache.add("test:once:c:working", 1, 60)
    try:
        assert worked_once("test:once:c", lambda: "ours", 60) == "ours"
    finally:
        cache.delete("test:once:c:working")
