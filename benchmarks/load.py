"""Load benchmark of the public pages: a 1,000-player Swiss event with 10 rounds of results, served by gunicorn.

    .venv/bin/python -m benchmarks.load                       # build, serve, measure every page (a few minutes)
    .venv/bin/python -m benchmarks.load --reuse --pages standings --duration 10
    .venv/bin/python -m benchmarks.load --reuse --profile     # where one request's time goes (cProfile, queries)
    .venv/bin/python -m benchmarks.load --reuse --sqlite /tmp/scale.sqlite3 --slug scale-1000   # an event built by
                                                              # benchmarks/scale_data.py (build_swiss), in seconds

1. Builds the event on its own database (benchmarks/django_env.py: a fresh SQLite file under /tmp, or DATABASE_URL)
   through the real services: the entry list through the CSV import, each round paired by the Swiss pairing
   service, published, and every result recorded and confirmed by `scoring.services.record_result` (ECC rules:
   one game to 25). An 11th round is paired and published without results, so every player has a next match.
   `--reuse` keeps the database of an earlier run instead, and `--slug` names the tournament to load there.
2. Starts gunicorn (production settings: DEBUG off, a generated secret key) on a free port of the loopback.
3. For each page: `--clients` connections request the page in a loop; `--warmup` seconds are thrown away, then
   `--duration` seconds are measured. Prints the latency percentiles (p50/p95/p99, milliseconds), the requests per
   second and the server's CPU per request (gunicorn's processes, from /proc), per page. The load comes from wrk
   when it is on the PATH (`--client wrk`: 2 threads, benchmarks/wrk.py; its latencies are wrk's own), else from
   Python threads, each with its own keep-alive connection (`--client python`): on a 2-core machine these take a
   core from the server, so the two clients give different figures; each run says which it used. With
   `--unique-queries N`, each page is loaded once more with `?x=<n>` added, n cycling over N values, as a client
   bypassing the page cache with made-up query strings would: its own row.

Pages are looked up by URL name, so a page that does not exist (yet) is skipped with a note: see PAGES.
"""

import argparse
import cProfile
import http.client
import io
import os
import pstats
import random
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks import wrk
from benchmarks.django_env import DEFAULT_SQLITE, configure, server_environment
from benchmarks.load_clients import NAME_WIDTH, CpuWatch, load, load_with_wrk, report_line, summary_of

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

    from matches.scoring.services import record_result
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


def existing_stage(slug=SLUG):
    from stages.models import Stage

    return Stage.objects.filter(event__tournament__slug=slug, kind=Stage.Kind.SWISS).first()


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


def slug_of(stage):
    return stage.event.tournament.slug


def standings_page(stage):
    path = url_or_none("stage-detail", slug_of(stage), stage.pk)
    return Page("standings", [path], "the Swiss stage page: standings, rounds")


def standings_pdf_page(stage):
    path = url_or_none("print-standings", slug_of(stage), stage.pk)
    return Page("standings pdf", [path] if path else [], "the printed standings (print-standings, PDF)")


def round_page(stage):
    current = stage.rounds.order_by("-number").first()
    path = url_or_none("round-detail", slug_of(stage), current.pk)
    return Page("round", [path] if path else [], f"round-detail of round {current.number}")


def next_match_page(stage, players=200):
    """ "My next match": the personal links (players.views) of `players` players, taken in turn."""
    from players.links import personal_token
    from tournaments.models import Player

    chosen = Player.objects.filter(memberships__entry__event=stage.event).order_by("?")[:players]
    slug = slug_of(stage)
    paths = [url_or_none("player-schedule", slug, personal_token(stage.event.tournament, player)) for player in chosen]
    paths = [path for path in paths if path]
    return Page("next match", paths, f"player-schedule, {len(paths)} players' personal links")


def event_page(stage):
    entries = stage.event.entries.count()
    path = url_or_none("event-detail", slug_of(stage), stage.event_id)
    return Page("event", [path], f"the event page: {entries:,} entries")


# Every page measured, by name; a page whose URL name does not resolve yet is skipped.
PAGES = {
    "standings": standings_page,
    "next": next_match_page,
    "round": round_page,
    "event": event_page,
    "pdf": standings_pdf_page,
}


# ---------------------------------------------------------------- the server


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_gunicorn(port, workers, threads, worker_class=None, use_config=False):
    """gunicorn on the loopback, once it answers: as deployed (config/gunicorn.conf.py) with `use_config`, else
    `workers` processes of `worker_class` (gthread with `threads` > 1, else sync by default)."""
    command = [sys.executable, "-m", "gunicorn", f"--bind=127.0.0.1:{port}", "--log-level=warning"]
    if use_config:
        command += ["-c", "config/gunicorn.conf.py"]
    else:
        worker_class = worker_class or ("gthread" if threads > 1 else "sync")
        # An asyncio worker (uvicorn_worker.UvicornWorker) serves Django's ASGI application, the others its WSGI one.
        app = "config.asgi:application" if "uvicorn" in worker_class.lower() else "config.wsgi:application"
        command += [app, f"--workers={workers}", f"--worker-class={worker_class}", f"--threads={threads}"]
    return answering(subprocess.Popen(command, cwd=ROOT, env=server_environment()), port)


def stop(server):
    """Graceful: the requests being answered finish (a quick shutdown interrupts them and logs each one as a server
    error); the ones still queued are dropped."""
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def answering(server, port):
    """The gunicorn `server` once it answers its home page at `port` (within 30 s, else it is stopped)."""
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


def measure(page, clients, warmup, duration, use_wrk, workers=2, threads=1, identity=False, **load_options):
    """Load `page` on a fresh gunicorn (requests of a slow page still queued must not delay the next page's):
    returns the Summary and the server's CPU milliseconds per request over the measured seconds (what an answer
    costs the server, whatever time it spent waiting for a core)."""
    port = free_port()
    server = start_gunicorn(port, workers, threads)
    run = load_with_wrk if use_wrk else load
    watch = CpuWatch(server.pid)
    try:
        result = run(port, page, clients, warmup, duration, identity, watch=watch, **load_options)
    finally:
        stop(server)
    summary = result if use_wrk else summary_of(result, duration)
    requests = summary.per_second * duration
    return summary, 1000 * watch.seconds / requests if requests else float("nan")


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
    parser.add_argument(
        "--slug",
        default=SLUG,
        help="with --reuse: the tournament whose Swiss stage is loaded (e.g. scale-1000, benchmarks/scale_data.py)",
    )
    parser.add_argument(
        "--client",
        choices=("auto", "wrk", "python"),
        default="auto",
        help="what drives the load: wrk (when on the PATH, the default) or the Python client threads",
    )
    args = parser.parse_args(argv)
    use_wrk = args.client == "wrk" or (args.client == "auto" and wrk.available())

    database = configure(args.sqlite, fresh=not args.reuse)
    stage = existing_stage(args.slug) if args.reuse else None
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
    client = f"wrk ({wrk.THREADS} threads, {args.clients} connections)" if use_wrk else f"{args.clients} Python threads"
    print(f"load client: {client}; load average before: {os.getloadavg()[0]:.2f} (other work skews the figures)")
    print(
        f"{'page':<{NAME_WIDTH}}{'req/s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'mean ms':>9}{'errors':>8}"
        f"{'cached':>8}{'KB/resp':>9}{'srv CPU ms':>11}"
    )
    runs = [(page, 0) for page in pages]
    if args.unique_queries:
        runs = [(page, queries) for page in pages for queries in (0, args.unique_queries)]
    for page, unique_queries in runs:
        summary, server_cpu_ms = measure(
            page,
            args.clients,
            args.warmup,
            args.duration,
            use_wrk,
            workers=args.workers,
            threads=args.threads,
            identity=args.identity,
            results_per_second=args.results_per_second,
            unique_queries=unique_queries,
        )
        name = f"{page.name} ?x=<{unique_queries:,}>" if unique_queries else page.name
        print(report_line(name, summary, server_cpu_ms), flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print("\n" + "\n".join(f"  {page.name}: {page.note}" for page in pages))


if __name__ == "__main__":
    main()
