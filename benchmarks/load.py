"""Load benchmark of the public pages: a 1,000-player Swiss event with 10 rounds of results, served by gunicorn.

    .venv/bin/python -m benchmarks.load                       # build, serve, measure every page (a few minutes)
    .venv/bin/python -m benchmarks.load --reuse --pages standings --duration 10
    .venv/bin/python -m benchmarks.load --reuse --profile     # where one request's time goes (cProfile, queries)

1. Builds the event on its own database (benchmarks/django_env.py: a fresh SQLite file under /tmp, or DATABASE_URL)
   through the real services: the entry list through the CSV import, each round paired by the Swiss pairing
   service, published, and every result recorded and confirmed by `scoring.services.record_result` (ECC rules:
   one game to 25). An 11th round is paired and published without results, so every player has a next match.
   `--reuse` keeps the database of an earlier run instead.
2. Starts gunicorn (production settings: DEBUG off, a generated secret key) on a free port of the loopback.
3. For each page: `--clients` threads, each with its own keep-alive connection (http.client), request the page in
   a loop; `--warmup` seconds are thrown away, then `--duration` seconds are measured. Prints the latency
   percentiles (p50/p95/p99, milliseconds) and the requests per second, per page. With `--unique-queries N`,
   each page is loaded once more with `?x=<n>` added, n cycling over N values, as a client bypassing the page
   cache with made-up query strings would: its own row.

Pages are looked up by URL name, so a page that does not exist (yet) is skipped with a note: see PAGES.
"""

import argparse
import cProfile
import http.client
import io
import itertools
import os
import pstats
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.django_env import DEFAULT_SQLITE, configure, server_environment

SLUG = "load-benchmark"
ROOT = Path(__file__).resolve().parent.parent
COUNTRIES = ["IND", "FRA", "GER", "POL", "ITA", "CZE", "SUI", "NED", "GBR", "BEL", "USA", "SRI"]


# ---------------------------------------------------------------- the event


def entries_csv(players, rng):
    lines = ["first_name,last_name,country,club,rating"]
    for i in range(players):
        country = COUNTRIES[i % len(COUNTRIES)]
        club = f"Club {rng.randrange(players // 8 + 1)} {country}"
        lines.append(f"Player,Number {i:05d},{country},{club},{rng.randint(900, 2400)}")
    return "\n".join(lines) + "\n"


def build(players, rounds, seed=1):
    """The tournament, through the services a secretary's pages call. Returns the Swiss stage."""
    from datetime import date

    from scoring.services import record_result
    from stages.models import Match, Stage
    from stages.services import pair_swiss_round, publish_round
    from tournaments.models import Event, Tournament
    from tournaments.services import import_entries

    if Tournament.objects.filter(slug=SLUG).exists():
        raise SystemExit(f"This database already has the {SLUG!r} tournament: add --reuse, or use an empty database.")
    rng = random.Random(seed)
    start = time.perf_counter()
    today = date.today()
    tournament = Tournament.objects.create(
        name="Load benchmark open", slug=SLUG, start_date=today, end_date=today, status=Tournament.Status.PUBLISHED
    )
    event = Event.objects.create(tournament=tournament, name="Open singles", rule_set="ecc")
    import_entries(event, entries_csv(players, rng))
    stage = Stage.objects.create(event=event, order=1, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=rounds + 1)
    print(f"  {players:,} entries imported ({time.perf_counter() - start:.0f} s)", flush=True)
    for number in range(1, rounds + 2):
        rnd = publish_round(pair_swiss_round(stage, rng=rng))
        if number > rounds:
            break  # the next round: paired and published, not played yet
        for match in rnd.matches.exclude(status=Match.Status.BYE).select_related("stage__event"):
            # ECC: one game to 25; the loser scores 0-24.
            loser = rng.randrange(25)
            record_result(match, [(25, loser) if rng.random() < 0.5 else (loser, 25)], confirm=True)
        print(f"  round {number} paired and played ({time.perf_counter() - start:.0f} s)", flush=True)
    return stage


def existing_stage():
    from stages.models import Stage

    return Stage.objects.filter(event__tournament__slug=SLUG, kind=Stage.Kind.SWISS).first()


# ---------------------------------------------------------------- the pages


@dataclass
class Page:
    name: str
    paths: list = field(default_factory=list)
    note: str = ""
    stage: object = None


def url_or_none(name, *args):
    from django.urls import NoReverseMatch, reverse

    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return None


def standings_page(stage):
    return Page("standings", [url_or_none("stage-detail", SLUG, stage.pk)], "the Swiss stage page: standings, rounds")


def round_page(stage):
    current = stage.rounds.order_by("-number").first()
    path = url_or_none("round-detail", SLUG, current.pk)
    return Page("round", [path] if path else [], f"round-detail of round {current.number}")


def next_match_page(stage, players=200):
    """ "My next match": the personal links (players.views) of `players` players, taken in turn."""
    from players.links import personal_token
    from tournaments.models import Player

    chosen = Player.objects.filter(memberships__entry__event=stage.event).order_by("?")[:players]
    paths = [url_or_none("player-schedule", SLUG, personal_token(stage.event.tournament, player)) for player in chosen]
    paths = [path for path in paths if path]
    return Page("next match", paths, f"player-schedule, {len(paths)} players' personal links")


def event_page(stage):
    entries = stage.event.entries.count()
    return Page("event", [url_or_none("event-detail", SLUG, stage.event_id)], f"the event page: {entries:,} entries")


# Every page measured, by name; a page whose URL name does not resolve yet is skipped.
PAGES = {"standings": standings_page, "next": next_match_page, "round": round_page, "event": event_page}


# ---------------------------------------------------------------- the server


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_gunicorn(port, workers, threads):
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi:application",
        f"--bind=127.0.0.1:{port}",
        f"--workers={workers}",
        f"--threads={threads}",
        "--worker-class=gthread" if threads > 1 else "--worker-class=sync",
        "--log-level=warning",
    ]
    server = subprocess.Popen(command, cwd=ROOT, env=server_environment())
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/")
            if connection.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("gunicorn did not answer within 30 s")


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

        from scoring.services import record_result
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


def load(port, page, clients, warmup, duration, identity=False, results_per_second=0, seed=1, unique_queries=0):
    start = time.perf_counter()
    measure_from, stop_at = start + warmup, start + warmup + duration
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


def percentile(sorted_values, fraction):
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(fraction * len(sorted_values)))]


NAME_WIDTH = 22


def report_line(name, tally, duration):
    ms = [1000 * value for value in tally.latencies]
    count = len(ms) or 1
    return (
        f"{name:<{NAME_WIDTH}}{len(ms) / duration:>8.0f}{percentile(ms, 0.5):>9.1f}{percentile(ms, 0.95):>9.1f}"
        f"{percentile(ms, 0.99):>9.1f}{statistics.fmean(ms) if ms else float('nan'):>9.1f}{tally.errors:>8}"
        f"{100 * tally.hits / count:>7.0f}%{tally.bytes / count / 1024:>9.0f}"
    )


# ---------------------------------------------------------------- profiling one request


def profile(page, top=25):
    """One request to the page through Django's test client, profiled: the functions that take the time, and the
    number of SQL queries and their time. The page cache is off: a cached page would show nothing to profile."""
    from django.db import connection
    from django.test import Client as TestClient
    from django.test.utils import CaptureQueriesContext, override_settings

    client = TestClient(HTTP_HOST="127.0.0.1")
    client.get(page.paths[0])  # warm caches and imports
    profiler = cProfile.Profile()
    with override_settings(PAGE_CACHE_SECONDS=0), CaptureQueriesContext(connection) as queries:
        start, cpu_start = time.perf_counter(), time.process_time()
        profiler.enable()
        response = client.get(page.paths[0])
        profiler.disable()
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    sql_seconds = sum(float(q["time"]) for q in queries.captured_queries)
    print(
        f"\n{page.name}: {page.paths[0]} → {response.status_code}, {len(response.content):,} bytes; under the "
        f"profiler {1000 * elapsed:.0f} ms ({1000 * cpu:.0f} ms of CPU); {len(queries)} queries, "
        f"{1000 * sql_seconds:.0f} ms in SQL"
    )
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats(os.environ.get("PROFILE_SORT", "cumulative")).print_stats(top)
    print(out.getvalue())


# ---------------------------------------------------------------- main


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=10, help="rounds with results (one more is paired)")
    parser.add_argument("--pages", default=",".join(PAGES), help=f"among {', '.join(PAGES)}")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--duration", type=float, default=20)
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count(),
        help="gunicorn worker processes (default: one per core; cached pages are CPU-bound)",
    )
    parser.add_argument("--threads", type=int, default=1, help="threads per worker (more than 1: gthread workers)")
    parser.add_argument("--reuse", action="store_true", help="keep the database built by an earlier run")
    parser.add_argument("--identity", action="store_true", help="ask for plain responses, not gzip")
    parser.add_argument(
        "--results-per-second",
        type=float,
        default=0,
        help="confirm results of the unplayed round meanwhile (each drops the cached pages); needs a fresh build",
    )
    parser.add_argument(
        "--unique-queries",
        type=int,
        default=0,
        metavar="N",
        help="load each page once more with ?x=<n>, n cycling over N values (made-up query strings), its own row",
    )
    parser.add_argument("--profile", action="store_true", help="profile one request per page instead of loading")
    parser.add_argument("--sqlite", default=str(DEFAULT_SQLITE), help="the SQLite file (without DATABASE_URL)")
    args = parser.parse_args(argv)

    database = configure(args.sqlite, fresh=not args.reuse)
    stage = existing_stage() if args.reuse else None
    if stage is None:
        print(f"Building a {args.players:,}-player Swiss event with {args.rounds} rounds of results ...", flush=True)
        stage = build(args.players, args.rounds)
    pages = []
    for name in args.pages.split(","):
        page = PAGES[name](stage)
        page.stage = stage
        if page.paths:
            pages.append(page)
        else:
            print(f"  skipped {name}: no such page yet ({page.note})")

    if args.profile:
        for page in pages:
            profile(page)
        return

    print(
        f"\n{args.clients} clients, {args.warmup:g} s warm-up then {args.duration:g} s per page; gunicorn "
        f"{args.workers} worker(s) × {args.threads} thread(s); {database.split(':', 1)[0]}"
    )
    print(f"load average before: {os.getloadavg()[0]:.2f} (the machine's other work skews the figures)")
    print(
        f"{'page':<{NAME_WIDTH}}{'req/s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'mean ms':>9}{'errors':>8}"
        f"{'cached':>8}{'KB/resp':>9}"
    )
    runs = [(page, 0) for page in pages]
    if args.unique_queries:
        runs = [(page, queries) for page in pages for queries in (0, args.unique_queries)]
    for page, unique_queries in runs:
        # A fresh server per run: requests of a slow page still queued must not delay the next page's.
        port = free_port()
        server = start_gunicorn(port, args.workers, args.threads)
        try:
            tally = load(
                port,
                page,
                args.clients,
                args.warmup,
                args.duration,
                args.identity,
                args.results_per_second,
                unique_queries=unique_queries,
            )
        finally:
            server.send_signal(signal.SIGINT)  # gunicorn's quick shutdown: drop what is still queued
            server.wait(timeout=30)
        name = f"{page.name} ?x=<{unique_queries:,}>" if unique_queries else page.name
        print(report_line(name, tally, args.duration), flush=True)
    print("\n" + "\n".join(f"  {page.name}: {page.note}" for page in pages))


if __name__ == "__main__":
    main()
