"""Live round: how soon a confirmed result shows on the public standings and on both players' personal pages while
the whole field's phones are open, served by gunicorn.

    .venv/bin/python -m benchmarks.live_round              # 500 players, 4 minutes of results (about 5 minutes)
    .venv/bin/python -m benchmarks.live_round --duration 60 --worker-class sync --workers 2
    .venv/bin/python -m benchmarks.live_round --worker-class gthread --workers 2 --threads 8

1. Builds a 500-player Swiss event (benchmarks/scale_data.py: the CSV import, five rounds paired, published and
   played, a sixth paired and published without results: 250 matches to play) on its own database
   (benchmarks/django_env.py: a fresh SQLite file under /tmp, or DATABASE_URL).
2. Starts gunicorn (production settings) on a free port of the loopback, as deployed (config/gunicorn.conf.py),
   or `--workers` processes of `--worker-class` with `--threads`.
3. Phones: every player's phone polls the live part of their personal page as static/js/live.js does (every 15 s,
   the page's data-live-interval, with the version it shows: 204 while unchanged), and `--standings` screens poll
   the stage page's standings (every 20 s). Each phone opens a new connection for each poll, as a phone does after
   15 s (gunicorn keeps a connection 2 s). They start at random moments of their interval.
4. After `--warmup` seconds, results come in: one match of the unplayed round confirmed every second for
   `--duration` seconds by `matches.scoring.services.record_result`, the service the umpire's page calls, committed
   in this process. After each commit, three watchers (the two players, someone at the standings) poll the
   match's player pages and the stage page every `--probe-interval` seconds, with the version they show, until
   the answer shows the result: the player's "Next match" no longer lists that match, the stage page's match is
   decided. Freshness is the time from the commit to that answer (so it includes up to one probe interval).

Prints freshness p50/p95 (each page kind and all together), the phones' poll latency p50/p95/p99, errors (an answer
other than 200/204, or none within `--timeout` seconds), the server's CPU per request (gunicorn's processes, from
/proc, over every request of the measured seconds: phones' and watchers') and the load average: the machine may
be shared, and the client (asyncio, aiohttp) runs on it too.

The cache is each process's own memory unless REDIS_URL is set (as deployed): a new page stamp reaches the other
worker within PAGE_VERSION_SECONDS.
"""

import argparse
import asyncio
import os
import random
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

from benchmarks.django_env import configure
from benchmarks.load import free_port, start_gunicorn, stop
from benchmarks.load_clients import CpuWatch, percentile

PLAYERS = 500
PLAYED_ROUNDS = 5
PHONE_SECONDS = 15  # players/templates/players/schedule.html, data-live-interval
STANDINGS_SECONDS = 20  # stages/templates/stages/detail.html, data-live-interval
PROBE_GIVE_UP = 60
FRESHNESS_TARGET = 2.0
PAGE_P95_TARGET = 0.200
DEFAULT_SQLITE = "/tmp/carrom-live-round.sqlite3"
SCALE_SECONDS = 60  # `make benchmark` runs a minute of the four


# ---------------------------------------------------------------- the event


@dataclass
class Round:
    slug: str
    stage_path: str
    phone_paths: list  # every player's personal page fragment
    matches: list  # (match, path of side A's player page, of side B's) of the unplayed round


def prepare(players, say=print):
    """The event and the paths the phones poll (the 500-player event is built when this database lacks it)."""
    from django.urls import reverse

    from benchmarks.scale_data import build_swiss, existing_stage
    from players.links import personal_links, token_of
    from stages.models import Match
    from tournaments.models import EntryMember

    stage = existing_stage(players) or build_swiss(players, PLAYED_ROUNDS, next_round=True, say=say)
    tournament = stage.event.tournament
    members = EntryMember.objects.filter(entry__event=stage.event).select_related("player")
    player_of_entry = {member.entry_id: member.player for member in members}
    links = personal_links(tournament, player_of_entry.values())
    page_of_entry = {
        entry: reverse("player-schedule", args=[tournament.slug, token_of(links[player.pk])]) + "?fragment=1"
        for entry, player in player_of_entry.items()
    }
    current = stage.rounds.order_by("-number").first()
    waiting = current.matches.filter(status=Match.Status.SCHEDULED).select_related("stage__event").order_by("number")
    return Round(
        slug=tournament.slug,
        stage_path=reverse("stage-detail", args=[tournament.slug, stage.pk]) + "?fragment=1",
        phone_paths=sorted(page_of_entry.values()),
        matches=[(m, page_of_entry[m.entry_a_id], page_of_entry[m.entry_b_id]) for m in waiting],
    )


def shows_result(kind, body, match):
    """Whether an answer shows the confirmed match: on a player's page it is no longer the next match (the round
    has no other), on the stage page its line is decided (stages/jinja2/stages/_match_list.html)."""
    if kind == "standings":
        return f'class="match decided" id="match-{match.pk}"' in body
    return "next-match status-" not in body


# ---------------------------------------------------------------- the clients (asyncio, in a thread of their own)


@dataclass
class Figures:
    latencies: list = field(default_factory=list)  # the phones' polls within the measured seconds
    errors: int = 0
    requests: int = 0  # every request within the measured seconds, the watchers' too
    freshness: dict = field(default_factory=lambda: {"standings": [], "player": []})
    outcomes: Counter = field(default_factory=Counter)  # the phones' answers by X-Page-Cache and status
    failed: Counter = field(default_factory=Counter)  # every request's errors, by X-Page-Cache and status
    never: int = 0  # pages that did not show their result within PROBE_GIVE_UP seconds
    measuring: bool = False


class Clients:
    def __init__(self, port, live_round, standings_screens, probe_interval, timeout, seed=1):
        self.base = f"http://127.0.0.1:{port}"
        self.round, self.screens, self.probe_interval = live_round, standings_screens, probe_interval
        self.timeout, self.rng = timeout, random.Random(seed)
        self.figures = Figures()
        self.loop = asyncio.new_event_loop()
        self.running = True
        self.probes = []
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self.main(),), daemon=True)

    async def get(self, path, version):
        """(status, body, version, seconds, the page cache's outcome) of one poll as live.js makes it; status 0 when
        there was no answer in time."""
        import aiohttp

        headers = {"X-Requested-With": "XMLHttpRequest", "Accept-Encoding": "gzip"}
        if version:
            headers["X-Live-Version"] = version
        start = time.perf_counter()
        try:
            async with self.session.get(self.base + path, headers=headers) as response:
                body = await response.text()
                status, version = response.status, response.headers.get("X-Live-Version", version)
                outcome = response.headers.get("X-Page-Cache", "none")
        except (TimeoutError, aiohttp.ClientError):
            status, body, outcome = 0, "", "error"
        if self.figures.measuring:
            self.figures.requests += 1
            if status not in (200, 204):
                self.figures.errors += 1
                self.figures.failed[f"{outcome} {status}"] += 1
        return status, body, version, time.perf_counter() - start, outcome

    async def phone(self, path, seconds):
        """One open page: a poll every `seconds` (live.js's setInterval; a poll still waiting skips its turn)."""
        version = ""
        next_at = time.perf_counter() + self.rng.uniform(0, seconds)
        while self.running:
            await asyncio.sleep(max(0, next_at - time.perf_counter()))
            measured = self.figures.measuring
            status, _, version, seconds_taken, outcome = await self.get(path, version)
            if measured and self.figures.measuring:
                self.figures.latencies.append(seconds_taken)
                self.figures.outcomes[f"{outcome} {status}"] += 1
            next_at += seconds * (1 + int(seconds_taken // seconds))

    async def probe(self, kind, path, match, committed_at):
        """Someone watching one page for the result: polls until the answer shows it."""
        version = ""
        while time.perf_counter() - committed_at < PROBE_GIVE_UP:
            status, body, new_version, *_ = await self.get(path, version)
            if status == 200:
                version = new_version
                if shows_result(kind, body, match):
                    self.figures.freshness[kind].append(time.perf_counter() - committed_at)
                    return
            await asyncio.sleep(self.probe_interval)
        self.figures.never += 1

    def watch(self, match, path_a, path_b, committed_at):
        """From the results' thread: watch the three pages that show this result."""
        watched = [("player", path_a), ("player", path_b), ("standings", self.round.stage_path)]
        for kind, path in watched:
            self.probes.append(asyncio.run_coroutine_threadsafe(self.probe(kind, path, match, committed_at), self.loop))

    async def main(self):
        import aiohttp

        connector = aiohttp.TCPConnector(limit=0, force_close=True)
        timeout = aiohttp.ClientTimeout(total=self.timeout)
        async with aiohttp.ClientSession(connector=connector, timeout=timeout, auto_decompress=True) as session:
            self.session = session
            tasks = [self.phone(path, PHONE_SECONDS) for path in self.round.phone_paths]
            tasks += [self.phone(self.round.stage_path, STANDINGS_SECONDS) for _ in range(self.screens)]
            await asyncio.gather(*tasks)

    def start(self):
        self.thread.start()

    def finish(self):
        for probe in self.probes:
            try:
                probe.result(timeout=PROBE_GIVE_UP + self.timeout)
            except Exception:  # noqa: BLE001 (a watcher that failed counts as never fresh)
                self.figures.never += 1
        self.running = False
        self.thread.join(timeout=PHONE_SECONDS + self.timeout + 5)


# ---------------------------------------------------------------- the run


def run(
    players=PLAYERS,
    duration=240,
    warmup=10,
    standings_screens=50,
    workers=2,
    worker_class="sync",
    threads=1,
    use_config=False,
    probe_interval=0.5,
    timeout=30,
    say=print,
):
    """Build (or find) the event, serve it, load it while results come in; returns the figures as a dict."""
    from matches.scoring.services import record_result

    live_round = prepare(players, say=say)
    if len(live_round.matches) < duration:
        duration = len(live_round.matches)
        say(f"  {duration} matches left to play: the results stop after {duration} s")
    port = free_port()
    server = start_gunicorn(port, workers, threads, worker_class, use_config)
    clients = Clients(port, live_round, standings_screens, probe_interval, timeout)
    watch = CpuWatch(server.pid)
    rng = random.Random(1)
    load_before = os.getloadavg()
    try:
        clients.start()
        time.sleep(warmup)
        clients.figures.measuring = True
        watch.start()
        start = time.perf_counter()
        for n, (match, path_a, path_b) in enumerate(live_round.matches[:duration]):
            time.sleep(max(0, start + n - time.perf_counter()))
            loser = rng.randrange(25)
            record_result(match, [(25, loser) if rng.random() < 0.5 else (loser, 25)], confirm=True)
            clients.watch(match, path_a, path_b, time.perf_counter())
        time.sleep(max(0, start + duration - time.perf_counter()))
        clients.figures.measuring = False
        watch.stop()
        clients.finish()
    finally:
        clients.running = False
        stop(server)
    return summary(clients.figures, watch.seconds, duration, load_before, os.getloadavg())


def summary(figures, cpu_seconds, duration, load_before, load_after):
    standings, player = sorted(figures.freshness["standings"]), sorted(figures.freshness["player"])
    both = sorted(standings + player)
    latencies = sorted(figures.latencies)
    return {
        "fresh_p50": percentile(both, 0.5),
        "fresh_p95": percentile(both, 0.95),
        "standings_p50": percentile(standings, 0.5),
        "standings_p95": percentile(standings, 0.95),
        "player_p50": percentile(player, 0.5),
        "player_p95": percentile(player, 0.95),
        "never": figures.never,
        "page_p50": percentile(latencies, 0.5),
        "page_p95": percentile(latencies, 0.95),
        "page_p99": percentile(latencies, 0.99),
        "polls": len(latencies),
        "requests": figures.requests,
        "per_second": figures.requests / duration,
        "errors": figures.errors,
        "outcomes": dict(figures.outcomes),
        "failed": dict(figures.failed),
        "cpu_ms": 1000 * cpu_seconds / figures.requests if figures.requests else float("nan"),
        "cpu_cores": cpu_seconds / duration,
        "load_before": load_before[0],
        "load_after": load_after[0],
    }


def met(figures):
    return (
        figures["fresh_p95"] <= FRESHNESS_TARGET
        and figures["page_p95"] <= PAGE_P95_TARGET
        and figures["errors"] == 0
        and figures["never"] == 0
    )


def report(figures):
    f = figures
    return (
        f"freshness p50 {f['fresh_p50']:.2f} s, p95 {f['fresh_p95']:.2f} s (standings {f['standings_p50']:.2f} / "
        f"{f['standings_p95']:.2f} s, players' pages {f['player_p50']:.2f} / {f['player_p95']:.2f} s; "
        f"{f['never']} never within {PROBE_GIVE_UP} s)\n"
        f"phones' polls: {f['polls']:,}, p50 {1000 * f['page_p50']:.0f} ms, p95 {1000 * f['page_p95']:.0f} ms, "
        f"p99 {1000 * f['page_p99']:.0f} ms; {f['requests']:,} requests ({f['per_second']:.0f}/s), "
        f"{f['errors']} errors; server CPU {f['cpu_ms']:.1f} ms per request, {f['cpu_cores']:.2f} of a core; "
        f"load average {f['load_before']:.2f} before, {f['load_after']:.2f} after\n"
        f"phones' answers by the page cache: "
        + ", ".join(f"{outcome} {count:,}" for outcome, count in sorted(f["outcomes"].items()))
        + "".join(f"; {error}: {count:,}" for error, count in sorted(f["failed"].items()))
    )


def in_scale(say):
    """The row of `make benchmark` (benchmarks/scale.py): the same round for SCALE_SECONDS only (LIVE_ROUND_SECONDS
    in the environment), with gunicorn as deployed; the figures, with their own wording for the table."""
    seconds = int(os.environ.get("LIVE_ROUND_SECONDS", SCALE_SECONDS))
    figures = run(duration=seconds, use_config=True, say=say)
    say("  live round, " + report(figures).replace("\n", "\n  "))
    shown = (
        f"p50/p95 {figures['fresh_p50']:.1f}/{figures['fresh_p95']:.1f} s, "
        f"page p95 {1000 * figures['page_p95']:.0f} ms, {figures['errors']} errors, {figures['cpu_ms']:.0f} ms CPU/req"
    )
    return {**figures, "shown": shown, "met": met(figures)}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument("--duration", type=int, default=240, help="seconds of results, one a second")
    parser.add_argument("--warmup", type=float, default=10, help="seconds of phones before the first result")
    parser.add_argument("--standings", type=int, default=50, help="screens with the stage page open")
    parser.add_argument(
        "--worker-class", help="gunicorn's (sync, gthread, gevent, ...); left out: as deployed, config/gunicorn.conf.py"
    )
    parser.add_argument("--workers", type=int, default=2, help="with --worker-class")
    parser.add_argument("--threads", type=int, default=1, help="with --worker-class")
    parser.add_argument("--probe-interval", type=float, default=0.5)
    parser.add_argument("--timeout", type=float, default=30, help="seconds a poll waits before it is an error")
    parser.add_argument("--sqlite", default=DEFAULT_SQLITE, help="the SQLite file (without DATABASE_URL)")
    parser.add_argument("--reuse", action="store_true", help="keep the database (its unplayed round must be)")
    args = parser.parse_args(argv)
    database = configure(args.sqlite, fresh=not args.reuse)
    use_config = args.worker_class is None
    server = "config/gunicorn.conf.py" if use_config else f"{args.workers} × {args.worker_class} × {args.threads}"
    print(
        f"Live round: {args.players} players' phones every {PHONE_SECONDS} s, {args.standings} standings screens "
        f"every {STANDINGS_SECONDS} s, a result a second for {args.duration} s; gunicorn {server}; "
        f"{database.split(':', 1)[0]}",
        flush=True,
    )
    figures = run(
        args.players,
        args.duration,
        args.warmup,
        args.standings,
        args.workers,
        args.worker_class,
        args.threads,
        use_config,
        args.probe_interval,
        args.timeout,
        say=lambda text: print(text, flush=True),
    )
    print(report(figures))
    print("targets: freshness p95 ≤ 2 s, page p95 ≤ 200 ms, no errors:", "met" if met(figures) else "NOT MET")


if __name__ == "__main__":
    main()
