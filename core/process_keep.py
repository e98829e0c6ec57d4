"""A few values a process keeps by key, read back with no copy: what a web worker keeps between requests because
reading it from the cache would cost a copy as dear as working it out (a 10,000-player round's 5,000 match rows, a
stage's tally of results). Bounded by count: the value read or written longest ago is dropped first."""

import threading
from collections import OrderedDict


class ProcessKeep:
    def __init__(self, size):
        self.size = size
        self.values = OrderedDict()
        self.lock = threading.Lock()  # a web process's threads share what it keeps

    def get(self, key, default=None):
        with self.lock:
            if key not in self.values:
                return default
            self.values.move_to_end(key)
            return self.values[key]

    def put(self, key, value):
        with self.lock:
            self.values[key] = value
            self.values.move_to_end(key)
            while len(self.values) > self.size:
                self.values.popitem(last=False)
