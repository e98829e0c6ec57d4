"""The "personal page" rows of benchmarks/scale.py: a player's own page (players.views, their personal link) in a
Swiss of 10 rounds played and an 11th under way, at 1,000 and 10,000 players, a cache miss; beside it SoL's own
player page (benchmarks/sol_player_page.py) measured in the same run when SoL's virtualenv is there.

The figure is the CPU of one request in this process (time.process_time: with SQLite the database's work is
counted too; with PostgreSQL the server's is not, and the wall-clock time is printed beside it), the median over
at least RUNS runs (SoL's page too), after a result of the round under way is confirmed through the scoring
service, so that the page cache has nothing for the page. Two rows per size:

- "miss": a player's page right after another player's page was asked since that result. What every page of the
  stage has in common (each round's ranks, the chances' state) was worked out by that first page, once for the
  whole stage, and is read back (players.progress, players.chances): what most of the phones of a live round ask.
- "first after a result": the page that works out what they have in common: the match the result changed read
  again (core.piece_notes) and that round's standings continued from the tally of the round before
  (stages.draws.metrics.Tally); the other rounds' matches, results and standings, the entries and the chances'
  state are read as kept by the rounds' own stamps (stages.loading.kept_stage_rows, stages.kept_standings,
  stages.chances.state_stamp).

Printed beside them: the page after the tournament's stamp alone changed (every table kept), and the page with
every table worked out (none kept, as before they were kept). The process has frozen what it loaded before
measuring (core.memory.freeze_loaded), as a web worker does (config/gunicorn.conf.py).
"""

import os
import statistics
import time
from unittest import mock

KEYS = ("personal_1000", "personal_1000_first", "personal_10000", "personal_10000_first")
ROUNDS = 10
CHANCES_RUNS = 20
# Runs of each page, ours and SoL's, whatever `--repeat` says, if it says fewer: a page is a few hundredths of a
# second, and the median of five moved by a fifth between runs, across the 0.3× line.
RUNS = 15


class PersonalRow:
    """A row of benchmarks/scale.py's table (as its Row) whose value is a dict: `cpu` (seconds) and, for the
    1,000-player row, SoL's figure (`sol`), its target a ratio to SoL's when `of_sol`."""

    unit = "ms"
    higher_is_better = False

    def __init__(self, key, title, target, of_sol=False, figure="cpu"):
        self.key, self.title, self.target, self.of_sol, self.figure = key, title, target, of_sol, figure

    def shown(self, value):
        if value is None:
            return "-"
        if not isinstance(value, dict):  # the target
            return f"{value:.1f}× SoL's" if self.of_sol else f"{value * 1000:,.0f} ms"
        cpu = value[self.figure]
        text = f"{cpu * 1000:,.0f} ms"
        if self.of_sol:
            text += f" = {cpu / value['sol']:.2f}× SoL" if value.get("sol") else " (no SoL)"
        return text

    def met(self, value):
        if not isinstance(value, dict):
            return ""
        cpu = value[self.figure]
        if self.of_sol:
            return "" if not value.get("sol") else "met" if cpu <= self.target * value["sol"] else "NOT MET"
        return "met" if cpu <= self.target else "NOT MET"


ROWS = [
    PersonalRow("personal_1000", "personal page, 1,000 × 10 rounds, miss, CPU", 0.3, of_sol=True, figure="next_cpu"),
    PersonalRow("personal_1000_first", "  the same, first after a result", 0.3, of_sol=True),
    PersonalRow("personal_10000", "personal page, 10,000 × 10 rounds, miss, CPU", 0.100, figure="next_cpu"),
    PersonalRow("personal_10000_first", "  the same, first after a result", 0.100),
]


def run(wanted, repeat, say):
    """{key: figures} for the wanted rows: each builds its own event (benchmarks.scale_data.build_swiss)."""
    from benchmarks import sol_player_page

    repeat, figures = max(repeat, RUNS), {}
    for players in (1000, 10000):
        key = f"personal_{players}"
        if not wanted & {key, f"{key}_first"}:
            continue
        figures[key] = figures[f"{key}_first"] = measure(players, repeat, say)  # one measure, two rows
        if players == 1000:
            sol = sol_player_page.player_page(players, ROUNDS, repeat)
            figures[key]["sol"], figures[key]["sol_wall"] = sol.get("cpu"), sol.get("wall")
            figures[key]["sol_missing"] = sol.get("missing")
            said = f"{sol['cpu'] * 1000:.0f} ms CPU" if sol.get("cpu") else sol["missing"]
            say(f"  SoL's player page, {players:,} × {ROUNDS} turns: {said}")
    return figures


def measure(players, repeat, say):
    from django.contrib.auth import get_user_model
    from django.db.models import Q
    from django.test import Client
    from django.test.utils import override_settings
    from django.urls import reverse

    from benchmarks.scale_data import build_swiss
    from core import page_cache
    from core.memory import freeze_loaded
    from matches.scoring.services import record_result
    from players.links import personal_token
    from stages.chances import SwissState
    from stages.models import Match
    from tournaments.models import Player

    stage = build_swiss(players, ROUNDS, next_round=True, slug=f"personal-{players}", say=say)
    tournament = stage.event.tournament
    secretary = get_user_model().objects.get(username=f"{tournament.slug}-secretary")
    player = Player.objects.filter(memberships__entry__event=stage.event).order_by("pk")[players // 2]
    path = reverse("player-schedule", args=[tournament.slug, personal_token(tournament, player)])
    client = Client(HTTP_HOST="localhost")
    live = stage.rounds.get(number=ROUNDS + 1)
    own = Q(entry_a__members__player=player) | Q(entry_b__members__player=player)
    waiting = iter(live.matches.filter(status=Match.Status.SCHEDULED).exclude(own).order_by("number"))

    def timed(before):
        cpu, wall = [], []
        for _ in range(repeat):
            before()
            start_cpu, start = time.process_time(), time.perf_counter()
            response = client.get(path)
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start)
            if response.status_code != 200 or response.headers.get(page_cache.HIT_HEADER) == "hit":
                raise SystemExit(f"{path} answered {response.status_code} {response.headers}")
        return statistics.median(cpu), statistics.median(wall)

    def a_result():
        record_result(next(waiting), [(25, 7)], confirm=True, user=secretary)  # commits: the stamp changes

    other = Player.objects.filter(memberships__entry__event=stage.event).order_by("pk")[players // 3]
    other_path = reverse("player-schedule", args=[tournament.slug, personal_token(tournament, other)])

    def a_result_and_another_page():
        a_result()
        client.get(other_path)

    # The first request also loads code and templates, and works out the stage's chances (a Celery task where the
    # site is deployed, eager here), which then stay kept while round 11 is played: with fewer simulated endings
    # than the site's 1,000 (part of the state's key, so for the whole run), or at 10,000 players it would take
    # many minutes (its cost: benchmarks/chances.py).
    with mock.patch.object(SwissState, "runs", CHANCES_RUNS):
        client.get(path)
        freeze_loaded()  # as a web worker does once the site is loaded (config/gunicorn.conf.py)
        cpu, wall = timed(a_result)
        next_cpu, _ = timed(a_result_and_another_page)
        kept_cpu, _ = timed(lambda: page_cache.stamp([tournament.pk]))
        with override_settings(STANDINGS_CACHE_SECONDS=0):
            none_kept_cpu, _ = timed(lambda: page_cache.stamp([tournament.pk]))
    say(
        f"  personal page, {players:,} × {ROUNDS}: {next_cpu * 1000:.0f} ms CPU a page after a result, "
        f"{cpu * 1000:.0f} ms ({wall * 1000:.0f} ms wall) the first after it (the stage's tables for all); "
        f"{kept_cpu * 1000:.0f} ms after a change elsewhere (every table kept), {none_kept_cpu * 1000:.0f} ms with "
        f"no table kept; load average {os.getloadavg()[0]:.1f}"
    )
    return {"cpu": cpu, "wall": wall, "next_cpu": next_cpu, "kept_cpu": kept_cpu, "none_kept_cpu": none_kept_cpu}
