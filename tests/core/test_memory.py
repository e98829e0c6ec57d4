"""A web worker leaves what it loaded out of the collector's full collections (core.memory.freeze_loaded), from
gunicorn's hook once the site is loaded; the sheets and pairings pause the collector only while they run."""

import gc
import runpy
from pathlib import Path

from core.memory import gc_paused

GUNICORN_CONF = Path(__file__).resolve().parents[2] / "config" / "gunicorn.conf.py"


def test_the_worker_freezes_what_it_loaded():
    hooks = runpy.run_path(str(GUNICORN_CONF))
    kept = []  # made before the hook: loaded with the site
    try:
        hooks["post_worker_init"](worker=None)
        assert gc.get_freeze_count() > 0
        assert not any(found is kept for found in gc.get_objects())  # frozen objects are no longer tracked
    finally:
        gc.unfreeze()


def test_collection_is_paused_and_resumed():
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer pause holds
    assert gc.isenabled()
