"""The clients of benchmarks/load.py: Python threads (each a keep-alive connection) or wrk (benchmarks/wrk.py), the
results that come in meanwhile during a live round, and the figures each run reports."""

import http.client
import itertools
import os
import random
import statistics
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks import wrk

# ---------------------------------------------------------------- the load


# Long enough that a slow page shows as its latency, not as errors.
CLIENT_TIMEOUT = 120


@dataclass
class Tally:
    latencies: list = field(default_factory=list)
    errors: int = 0
    hits: int = 0
    bytes: int = 0

    def add(self, other):
        self.latencies += other.latencies
        self.errors += other.errors
        self.hits += other.hits
        self.bytes += other.bytes


class Client(threading.Thread):
    """One simulated visitor: a keep-alive connection, requests back to back, latencies kept after `measure_from`.
    Like a phone's browser, it accepts gzip (unless `identity`)."""

    def __init__(self, port, paths, measure_from, stop_at, rng, identity=False, queries=None):
        super().__init__(daemon=True)
        self.port, self.paths, self.measure_from, self.stop_at, self.rng = port, paths, measure_from, stop_at, rng
        self.headers = {} if identity else {"Accept-Encoding": "gzip"}
        self.queries = queries  # (a counter shared by the clients, how many values) for `?x=<n>`, or None
        self.tally = Tally()

    def next_path(self):
        path = self.rng.choice(self.paths)
        if self.queries is None:
            return path
        counter, values = self.queries
        return f"{path}{'&' if '?' in path else '?'}x={next(counter) % values}"

    def run(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=CLIENT_TIMEOUT)
        while (now := time.perf_counter()) < self.stop_at:
            hit, size = False, 0
            try:
                connection.request("GET", self.next_path(), headers=self.headers)
                response = connection.getresponse()
                size = len(response.read())
                ok, hit = response.status == 200, response.getheader("X-Page-Cache") == "hit"
            except (OSError, http.client.HTTPException):
                connection.close()  # http.client reconnects on the next request
                ok = False
            done = time.perf_counter()
            if now >= self.measure_from:
                self.tally.latencies.append(done - now)
                self.tally.errors += not ok
                self.tally.hits += hit
                self.tally.bytes += size


class ResultsComing(threading.Thread):
    """The live round: confirms results of the unplayed round at `per_second` while the pages are loaded, through
    the same service the umpires' pages call. Each result changes the tournament, so cached pages are dropped."""

    def __init__(self, stage, per_second, stop_at, rng):
        super().__init__(daemon=True)
        self.stage, self.interval, self.stop_at, self.rng = stage, 1 / per_second, stop_at, rng
        self.recorded = 0

    def run(self):
        from django.db import connection

        from matches.scoring.services import record_result
        from stages.models import Match

        current = self.stage.rounds.order_by("-number").first()
        waiting = list(current.matches.filter(status=Match.Status.SCHEDULED).select_related("stage__event"))
        try:
            while waiting and time.perf_counter() < self.stop_at:
                loser = self.rng.randrange(25)
                record_result(waiting.pop(), [(25, loser)], confirm=True)
                self.recorded += 1
                time.sleep(self.interval)
        finally:
            connection.close()


def load(
    port, page, clients, warmup, duration, identity=False, results_per_second=0, seed=1, unique_queries=0, watch=None
):
    start = time.perf_counter()
    measure_from, stop_at = start + warmup, start + warmup + duration
    if watch is not None:
        threading.Thread(target=watch.between, args=(measure_from, stop_at), daemon=True).start()
    queries = (itertools.count(), unique_queries) if unique_queries else None
    threads = [
        Client(port, page.paths, measure_from, stop_at, random.Random(seed + n), identity, queries)
        for n in range(clients)
    ]
    if results_per_second:
        threads.append(ResultsComing(page.stage, results_per_second, stop_at, random.Random(seed)))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    tally = Tally()
    for thread in threads:
        if isinstance(thread, Client):
            tally.add(thread.tally)
    tally.latencies.sort()
    return tally


def load_with_wrk(
    port, page, clients, warmup, duration, identity=False, results_per_second=0, seed=1, unique_queries=0, watch=None
):
    """The same load driven by wrk (benchmarks/wrk.py): a run of `warmup` seconds thrown away, then the measured
    one; results come in meanwhile as with the Python client."""
    if warmup:
        wrk.run(port, page.paths, clients, warmup, unique_queries, identity, seed)
        if watch is not None:
            # The requests wrk left queued when it stopped are still being answered: a slow page's would take
            # the measured seconds.
            watch.wait_idle()
    coming = None
    if results_per_second:
        stop_at = time.perf_counter() + duration
        coming = ResultsComing(page.stage, results_per_second, stop_at, random.Random(seed))
        coming.start()
    if watch is not None:
        watch.start()
    figures, _ = wrk.run(port, page.paths, clients, duration, unique_queries, identity, seed)
    if watch is not None:
        watch.stop()
    if coming is not None:
        coming.join()
    count = figures["requests"] or 1
    return Summary(
        figures["requests"] / (figures["duration_us"] / 1e6),
        *(figures[key] / 1000 for key in ("p50", "p95", "p99", "mean")),
        int(figures["errors"]),
        100 * figures["hits"] / count,
        figures["bytes"] / count / 1024,
    )


@dataclass
class Summary:
    """What a page's row reports: requests per second, latencies in milliseconds, errors, the share served from
    the page cache and the average size of an answer (bytes read, headers included with wrk)."""

    per_second: float
    p50: float
    p95: float
    p99: float
    mean: float
    errors: int
    cached: float
    kb: float


def summary_of(tally, duration):
    ms = [1000 * value for value in tally.latencies]
    count = len(ms) or 1
    return Summary(
        len(ms) / duration,
        percentile(ms, 0.5),
        percentile(ms, 0.95),
        percentile(ms, 0.99),
        statistics.fmean(ms) if ms else float("nan"),
        tally.errors,
        100 * tally.hits / count,
        tally.bytes / count / 1024,
    )


class CpuWatch:
    """The CPU seconds a server process and its children (gunicorn's master and workers) use between `start`
    and `stop` (`seconds`), read from /proc."""

    def __init__(self, pid):
        self.pid, self.started, self.seconds = pid, None, float("nan")

    def start(self):
        self.started = server_cpu_seconds(self.pid)

    def stop(self):
        if self.started is not None:
            self.seconds = server_cpu_seconds(self.pid) - self.started

    def wait_idle(self, seconds=0.3, timeout=120):
        """Wait until the server has used (almost) no CPU for `seconds`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            before = server_cpu_seconds(self.pid)
            time.sleep(seconds)
            if server_cpu_seconds(self.pid) - before < 0.05 * seconds:
                return

    def between(self, start_at, stop_at):
        time.sleep(max(0, start_at - time.perf_counter()))
        self.start()
        time.sleep(max(0, stop_at - time.perf_counter()))
        self.stop()


def server_cpu_seconds(pid):
    """CPU seconds (user and system) used so far by a local process and its children (gunicorn's master and its
    workers; a PostgreSQL backend), from /proc; NaN when it is not on this machine."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return float("nan")
    total = 0
    for process in [str(pid), *children]:
        try:
            fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / os.sysconf("SC_CLK_TCK")


def percentile(sorted_values, fraction):
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(fraction * len(sorted_values)))]


NAME_WIDTH = 22


def report_line(name, summary, server_cpu_ms=float("nan")):
    s = summary
    return (
        f"{name:<{NAME_WIDTH}}{s.per_second:>8.0f}{s.p50:>9.1f}{s.p95:>9.1f}{s.p99:>9.1f}{s.mean:>9.1f}{s.errors:>8}"
        f"{s.cached:>7.0f}%{s.kb:>9.0f}{server_cpu_ms:>10.2f}"
    )
