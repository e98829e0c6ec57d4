"""How much memory and time one hostile input may cost the process that reads it.

A worker that reads a bomb must answer with a clear message long before it grows past what the deployment gives a
worker (300 MB, the deployment notes). The kernel keeps the process's peak resident size (VmHWM) and lets it be
reset (writing 5 to /proc/self/clear_refs, Linux 4.0 and later), so the peak of one request or one command is
measured in the process that ran it, whatever earlier tests left behind."""

import time
from contextlib import contextmanager
from dataclasses import dataclass

# What one hostile input may add to the process's peak, and how long it may hold it: well inside a worker of
# 300 MB and a server's 30 s timeout.
MAX_GROWTH_BYTES = 120 * 1024 * 1024
MAX_SECONDS = 10.0


@dataclass
class Cost:
    peak_growth: int = 0  # bytes above the resident size at the start
    seconds: float = 0.0

    def within_bounds(self):
        return self.peak_growth <= MAX_GROWTH_BYTES and self.seconds <= MAX_SECONDS

    def __str__(self):
        return f"{self.peak_growth / 2**20:.1f} MiB above the start in {self.seconds:.2f} s"


def status_bytes(field):
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise LookupError(field)


def reset_peak():
    with open("/proc/self/clear_refs", "w") as clear_refs:
        clear_refs.write("5")


@contextmanager
def measured():
    """`with measured() as cost:` fills `cost` with the peak growth and the time of the block."""
    cost = Cost()
    reset_peak()
    start_rss = status_bytes("VmRSS")
    start = time.monotonic()
    try:
        yield cost
    finally:
        cost.seconds = time.monotonic() - start
        cost.peak_growth = max(0, status_bytes("VmHWM") - start_rss)
