"""Bytes sent for the public pages, the API and the exports of a 1,000-player Swiss event, plain and gzipped, with
the page cache off (as a signed-in official, or any visitor with PAGE_CACHE_SECONDS=0, gets them), and the server's
time to compress each one (gzip level 6, as GZipMiddleware).

    .venv/bin/python -m benchmarks.page_bytes                  # build the event on a fresh SQLite file, measure
    .venv/bin/python -m benchmarks.page_bytes --rounds 10

The event is benchmarks/scale_data.py's (`--rounds` played, one more paired and published). Each answer is asked
twice through Django's whole middleware stack (production settings, benchmarks/django_env.py): without
Accept-Encoding, and with `Accept-Encoding: gzip`. "before" is the plain answer, what every client was sent before
core.compression; "gzip cost" is compressing the plain body alone.
"""

import argparse
import statistics
import time

from benchmarks import django_env


def answers(client, path):
    """(plain bytes, gzipped bytes or None, milliseconds gzip takes over the plain body, median of five)."""
    from django.utils.text import compress_string

    plain = client.get(path)
    packed = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert plain.status_code == packed.status_code == 200, (path, plain.status_code)
    gzipped = len(packed.content) if packed.get("Content-Encoding") == "gzip" else None
    times = []
    for _ in range(5):
        start = time.perf_counter()
        compress_string(plain.content, max_random_bytes=100)  # as GZipMiddleware compresses
        times.append(time.perf_counter() - start)
    return len(plain.content), gzipped, statistics.median(times) * 1000


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args(argv)

    django_env.configure()
    from django.conf import settings
    from django.test import Client
    from django.urls import reverse

    from benchmarks.scale_data import build_swiss

    settings.PAGE_CACHE_SECONDS = 0
    print(f"Building a Swiss event of {args.players:,} players, {args.rounds} rounds played")
    stage = build_swiss(args.players, args.rounds, next_round=True, say=lambda line: None)
    slug, event = stage.event.tournament.slug, stage.event
    last_round = stage.rounds.order_by("-number").first()
    paths = {
        "stage page (standings, rounds)": stage.get_absolute_url(),
        "round page": reverse("round-detail", args=[slug, last_round.pk]),
        "event page (entries)": event.get_absolute_url(),
        "API: entries (JSON, first 100)": f"/api/tournaments/{slug}/events/{event.pk}/entries/",
        "API: standings (JSON)": f"/api/tournaments/{slug}/stages/{stage.pk}/standings/",
        "standings CSV": reverse("export-stage-standings-csv", args=[slug, stage.pk]),
    }
    client = Client(SERVER_NAME="127.0.0.1")
    print(f"\n{'answer':<34} {'before (plain)':>15} {'gzipped':>12} {'ratio':>7} {'gzip cost':>10}")
    for name, path in paths.items():
        plain, gzipped, extra_ms = answers(client, path)
        packed = f"{gzipped:,} B" if gzipped else "not gzipped"
        ratio = f"{plain / gzipped:.1f}×" if gzipped else "-"
        print(f"{name:<34} {plain:>13,} B {packed:>12} {ratio:>7} {extra_ms:>8.1f} ms")


if __name__ == "__main__":
    main()
