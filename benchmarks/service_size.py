"""What a federation's service needs per 1,000 players: Redis memory, and the memory of a web and a worker process.

    .venv/bin/python -m benchmarks.service_size               # 1,000 players (a minute or two)
    .venv/bin/python -m benchmarks.service_size --players 2000

Builds a Swiss event of the given size (benchmarks/scale_data.py: five rounds played, a sixth paired) on its own
database (benchmarks/django_env.py) with the cache in a Redis of its own (started here, on a free port, and stopped
afterwards), then reads every public page of the event as anonymous visitors would on a busy day: the stage page
and its live fragment, every round, the event page, the printed standings, and every player's personal page. What
Redis holds then is the page cache of that event, with the pages' stamps and the link pages' rate-limit counters
(the broker's share is small beside it: a news is one row in the database and one task naming it). The web
process's memory is this process's after serving all of it; a Celery worker's is read from a worker started on the
same settings. README, "Deployment", sizes the service from these figures.
"""

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.django_env import DEFAULT_SQLITE, configure

ROOT = Path(__file__).resolve().parent.parent


def free_port():
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_redis():
    port = free_port()
    process = subprocess.Popen(
        ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    time.sleep(0.5)
    return process, f"redis://127.0.0.1:{port}/0"


def used_memory(url):
    import redis

    return redis.Redis.from_url(url).info("memory")["used_memory"]


def public_paths(stage):
    from django.urls import reverse

    from players.links import personal_token
    from tournaments.models import Player

    tournament = stage.event.tournament
    slug = tournament.slug
    paths = [
        reverse("stage-detail", args=[slug, stage.pk]),
        reverse("stage-detail", args=[slug, stage.pk]) + "?fragment=1",
        reverse("event-detail", args=[slug, stage.event_id]),
        reverse("print-standings", args=[slug, stage.pk]),
        reverse("tournament-detail", args=[slug]),
    ]
    paths += [reverse("round-detail", args=[slug, rnd.pk]) for rnd in stage.rounds.all()]
    players = Player.objects.filter(memberships__entry__event=stage.event)
    paths += [reverse("player-schedule", args=[slug, personal_token(tournament, player)]) for player in players]
    return paths


def read_all(paths):
    from django.test import Client

    client = Client(HTTP_HOST="127.0.0.1")
    statuses = {}
    for path in paths:
        status = client.get(path).status_code
        statuses[status] = statuses.get(status, 0) + 1
    return statuses


def worker_megabytes(environ):
    """Resident memory of a Celery worker (its main process and one child) once it is up."""
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "-c", "1", "-Q", "nothing", "--loglevel=warning"],
        cwd=ROOT,
        env=environ,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(12)
        pids = [worker.pid, *children(worker.pid)]
        return sum(rss_kib(pid) for pid in pids) / 1024, len(pids)
    finally:
        worker.terminate()
        worker.wait(timeout=30)


def children(pid):
    found = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in found.read_text().split()] if found.exists() else []


def rss_kib(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    options = parser.parse_args()

    redis_server, url = start_redis()
    os.environ["REDIS_URL"] = url
    try:
        configure(DEFAULT_SQLITE.with_name("carrom-service-size.sqlite3"))
        from benchmarks.scale_data import build_swiss

        stage = build_swiss(options.players, 5, next_round=True, say=lambda line: None)
        empty = used_memory(url)
        paths = public_paths(stage)
        started = time.perf_counter()
        statuses = read_all(paths)
        seconds = time.perf_counter() - started
        pages = used_memory(url) - empty
        web = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        worker, processes = worker_megabytes(dict(os.environ))
        load = os.getloadavg()[0]
    finally:
        redis_server.terminate()
        redis_server.wait(timeout=10)

    per_thousand = 1000 / options.players
    print(f"{options.players:,} players; {len(paths):,} public pages read in {seconds:.1f} s, answers {statuses}")
    print(f"Redis: page cache of the event {pages / 2**20:.1f} MiB ({pages * per_thousand / 2**20:.1f} MiB per 1,000)")
    print(f"web process after serving them: {web:.0f} MiB peak resident")
    print(f"Celery worker, {processes} processes (main and one child): {worker:.0f} MiB resident")
    print(f"load average {load:.2f}")


if __name__ == "__main__":
    main()
