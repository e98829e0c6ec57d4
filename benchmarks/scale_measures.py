"""The measurements of benchmarks/scale.py, inside Django (configured by the caller): each row's operation run
through the service or the page a person would use, on the events benchmarks/scale_data.py builds."""

import random
import statistics
import time
from unittest import mock

from django.db import transaction
from django.test import Client
from django.urls import reverse

from benchmarks import live_round, load, personal_page, sol_history, wrk
from benchmarks.scale_data import build_swiss
from core import page_cache
from matches.scoring.services import record_result
from printing import qr
from stages.draws import swiss
from stages.models import Match
from stages.services import pair_swiss_round, publish_round, swiss_field
from stages.signals import match_news

PLAYED_ROUNDS = 5
RESULTS_TIMED = 50
LOAD_CLIENTS = 20
SMALL = ("pair_1000", "record", "stage_page", "cached_pages", "standings_pdf", "standings_pdf_cached")
SMALL += ("score_cards", "round_page")
LARGE = ("pair_10000", "optimal_10000")


class RolledBack(Exception):
    pass


def timed(operation, repeat):
    """The median wall-clock seconds of `operation` over `repeat` runs, each in a transaction rolled back."""
    seconds = []
    for _ in range(repeat):
        try:
            with transaction.atomic():
                start = time.perf_counter()
                operation()
                seconds.append(time.perf_counter() - start)
                raise RolledBack
        except RolledBack:
            pass
    return statistics.median(seconds)


def run(wanted, repeat, duration, say):
    figures = {}
    if wanted & set(SMALL):
        figures.update(small_event(wanted, repeat, duration, say))
    if wanted & set(LARGE):
        figures.update(large_event(wanted, max(1, min(repeat, 3)), say))
    if "live_round" in wanted:
        figures["live_round"] = live_round.in_scale(say)
    if wanted & set(sol_history.KEYS):
        figures.update(sol_history.run(wanted, repeat, say))
    if wanted & set(personal_page.KEYS):
        figures.update(personal_page.run(wanted, repeat, say))
    return figures


def small_event(wanted, repeat, duration, say):
    figures = {}
    stage = build_swiss(1000, PLAYED_ROUNDS, say=say)
    if "pair_1000" in wanted:
        figures["pair_1000"] = timed(lambda: pair_swiss_round(stage), repeat)
        say(f"  pair next round, 1,000: {figures['pair_1000']:.3f} s")
    with mock.patch.object(match_news, "send"):  # telling 1,000 players is the background task's work
        rnd = publish_round(pair_swiss_round(stage, rng=random.Random(6)))
    tournament = stage.event.tournament
    secretary = tournament.secretaries.get()
    public = Client(HTTP_HOST="localhost")
    officials = Client(HTTP_HOST="localhost")
    officials.force_login(secretary)
    pages = {
        "stage_page": (public, reverse("stage-detail", args=[tournament.slug, stage.pk])),
        "standings_pdf": (public, reverse("print-standings", args=[tournament.slug, stage.pk])),
        "score_cards": (officials, reverse("print-round-score-cards", args=[tournament.slug, rnd.pk])),
        "round_page": (officials, reverse("round-detail", args=[tournament.slug, rnd.pk])),
    }
    for key, (client, path) in pages.items():
        if key in wanted:
            figures[key] = page_time(client, path, tournament, repeat)
            say(f"  {key}: {figures[key] * 1000:.0f} ms")
    cached = {"cached_pages": load.PAGES["standings"](stage), "standings_pdf_cached": load.PAGES["pdf"](stage)}
    for key, page in cached.items():
        page.stage = stage
        if key in wanted:
            figures[key] = under_load(page, duration)
            say(f"  {key}: {figures[key]['rps']:,.0f} req/s, p95 {figures[key]['p95']:.1f} ms")
    if "record" in wanted:
        figures["record"] = record_time(rnd, secretary)
        say(f"  record one confirmed result: {figures['record'] * 1000:.1f} ms")
    return figures


def record_time(rnd, secretary):
    """Median seconds of the scoring service confirming one result as an umpire's page does: in its own
    transaction, committed (what runs on commit included: the pages' stamp), a different match each time. Done
    last: it leaves RESULTS_TIMED results in the round."""
    seconds = []
    for match in list(rnd.matches.filter(status=Match.Status.SCHEDULED)[:RESULTS_TIMED]):
        start = time.perf_counter()
        record_result(match, [(25, 7)], confirm=True, user=secretary)  # its own transaction, as the page calls it
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds)


def page_time(client, path, tournament, repeat):
    """Median seconds to answer `path` afresh: the tournament is stamped as changed before each request, so a
    public page is a cache miss (the officials' pages are never cached), and the QR codes kept for reprints are
    dropped."""
    seconds = []
    client.get(path)  # the first request also loads code and fonts
    for _ in range(repeat):
        page_cache.stamp([tournament.pk])
        qr.qr_path.cache_clear()  # a round's cards printed for the first time: every code made afresh
        start = time.perf_counter()
        response = client.get(path)
        seconds.append(time.perf_counter() - start)
        if response.status_code != 200:
            raise SystemExit(f"{path} answered {response.status_code}")
    return statistics.median(seconds)


def under_load(page, duration):
    """Requests per second and the 95th percentile latency of `page` served from the page cache by gunicorn (two
    sync workers, one per core) under 20 clients: wrk when it is installed, else the Python client threads."""
    use_wrk = wrk.available()
    summary, server_cpu_ms = load.measure(page, LOAD_CLIENTS, 3, duration, use_wrk, workers=2)
    client = "wrk" if use_wrk else "Python threads"
    return {"rps": summary.per_second, "p95": summary.p95, "p95_target": 20, "cpu_ms": server_cpu_ms, "by": client}


def large_event(wanted, repeat, say):
    figures = {}
    stage = build_swiss(10000, PLAYED_ROUNDS, say=say)
    if "pair_10000" in wanted:
        figures["pair_10000"] = timed(lambda: pair_swiss_round(stage), repeat)
        say(f"  pair next round, 10,000: {figures['pair_10000']:.3f} s")
    if "optimal_10000" in wanted:
        competitors, matches = swiss_field(stage)
        played = [(m.entry_a_id, m.entry_b_id) for m in matches]
        seconds = []
        for _ in range(repeat):
            start = time.perf_counter()
            swiss.SwissPairer("optimal").pair(competitors, played=played, round_no=PLAYED_ROUNDS + 1)
            seconds.append(time.perf_counter() - start)
        figures["optimal_10000"] = statistics.median(seconds)
        say(f"  optimal, 10,000: {figures['optimal_10000']:.3f} s")
    return figures
