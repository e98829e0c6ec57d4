"""Work that makes many objects at once: pausing the cyclic garbage collector while it runs."""

import gc
from contextlib import contextmanager


@contextmanager
def gc_paused():
    """No cyclic garbage collection while a big sheet is read and drawn, or a big Swiss round paired. A
    1,000-player standings, a round's 500 score cards or a 10,000-player pairing make tens of thousands of
    short-lived objects, which reference counting frees; counted by the collector, they set off full collections
    of the whole process (40-60 ms each on the benchmark machine) that find nothing to free. Collection resumes
    afterwards (unless someone else had paused it)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def freeze_loaded():
    """Called once a web worker has loaded the site (config/gunicorn.conf.py): what it holds by then (modules,
    settings, URL patterns, the apps' registry) lives as long as the process, yet every full collection would walk
    it again, a quarter of a million objects, tens of milliseconds that land on whichever request set the
    collection off. Frozen, the collector leaves them out (gc.freeze)."""
    gc.collect()
    gc.freeze()
