"""SoL's own player page (`/lit/player/<guid>`, its public "lit" pages), timed as the "personal page" row of
benchmarks/scale.py is: what a player opens to see where they stand, a 1,000-player Swiss of 10 rounds.

SoL (GPL) is never part of this repository: it is installed from PyPI into a throwaway virtualenv outside it
(SOL_VENV, by default /tmp/sol-venv), and the script below, run by that virtualenv's Python, builds SoL's own
tourney in a SQLite file under /tmp through SoL's models (its competitors ranked by SoL's updateRanking after each
turn, the prizes given, since SoL's player page lists a player's tourneys once prized) and asks SoL's WSGI
application for one player's page `repeat` times: the median CPU seconds of one request (SoL's database is SQLite,
in the same process, so its CPU is counted too; nothing is cached by SoL between two requests).

    .venv/bin/python -m benchmarks.sol_player_page --install    # once: the virtualenv, `pip install SoL==5.26`
    .venv/bin/python -m benchmarks.sol_player_page              # the figure alone
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

SOL_VERSION = "5.26"
SOL_VENV = Path(os.environ.get("SOL_VENV", "/tmp/sol-venv"))

# Run by SoL's Python: argv = players, turns, repeat, work folder. Prints {"cpu": [...], "wall": [...]} (seconds).
SOL_SCRIPT = r"""
import json, random, statistics, sys, time
from datetime import date
from pathlib import Path

from pyramid.request import Request
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from sol import main
from sol.models import Base, Championship, Club, Competitor, Match, Player, Tourney

players, turns, repeat, work = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])
url = f"sqlite:///{work / 'sol.sqlite'}"
engine = create_engine(url)
Base.metadata.create_all(engine)
rng = random.Random(1)
with Session(engine) as session:
    club = Club(description="Benchmark club")
    championship = Championship(description="Benchmark championship", club=club)
    tourney = Tourney(date=date.today(), description="Benchmark open", championship=championship)
    for i in range(players):
        player = Player(firstname="Player", lastname=f"Number {i:05d}", nationality="ITA", club=club)
        tourney.competitors.append(Competitor(player1=player))
    session.add(tourney)
    session.flush()
    met = set()

    def pairs_of(ranked):
        # Each competitor with the next one in the ranking not met yet, as a Swiss pairs them (SoL allows no
        # rematch); None when the last ones have all met.
        left, pairs = list(ranked), []
        while left:
            a = left.pop(0)
            b = next((c for c in left if frozenset((a.idcompetitor, c.idcompetitor)) not in met), None)
            if b is None:
                return None
            left.remove(b)
            pairs.append((a, b))
        return pairs

    for turn in range(1, turns + 1):
        ranked = tourney.ranking
        while (pairs := pairs_of(ranked)) is None:
            tail = ranked[-20:]
            rng.shuffle(tail)
            ranked = ranked[:-20] + tail
        met.update(frozenset((a.idcompetitor, b.idcompetitor)) for a, b in pairs)
        for board, (a, b) in enumerate(pairs, 1):
            loser = rng.randrange(25)
            first_wins = rng.random() < 0.55
            score1, score2 = (25, loser) if first_wins else (loser, 25)
            session.add(Match(tourney=tourney, turn=turn, board=board, competitor1=a, competitor2=b,
                              score1=score1, score2=score2))
        tourney.currentturn = turn
        session.flush()
        tourney.updateRanking()
        session.flush()
    tourney.assignPrizes()
    session.commit()
    guid = tourney.ranking[players // 2].player1.guid

settings = {
    "sqlalchemy.url": url, "mako.directories": "sol:views", "available_languages": "en_GB",
    "pyramid.default_locale_name": "en_GB", "pyramid.reload_templates": "false",
    "pyramid.includes": "pyramid_tm\nmetapensiero.sqlalchemy.proxy.pyramid",
    "session.secret": "benchmark", "sol.admin.user": "admin", "sol.admin.password": "admin",
    "sol.guest.user": "guest", "sol.guest.password": "guest", "sol.signer_secret_key": "benchmark",
    "sol.portraits_dir": str(work / "portraits"), "sol.emblems_dir": str(work / "emblems"),
    "sol.backups_dir": str(work / "backups"), "desktop.title": "SoL", "desktop.domain": "sol-client",
    "desktop.debug": "false", "desktop.manifest": str(work / "manifest.json"),
}
app = main({}, **settings)
path = f"/lit/player/{guid}"
cpu, wall = [], []
for attempt in range(repeat + 1):  # the first also loads the templates
    start_cpu, start = time.process_time(), time.perf_counter()
    response = Request.blank(path).get_response(app)
    if attempt:
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
    if response.status_code != 200 or "Number" not in response.text:
        sys.exit(f"SoL answered {response.status} to {path}")
print(json.dumps({"cpu": cpu, "wall": wall}))
"""


def sol_python():
    return SOL_VENV / "bin" / "python"


def install():
    """The throwaway virtualenv with SoL from PyPI."""
    if not sol_python().exists():
        venv.create(SOL_VENV, with_pip=True)
    subprocess.run([sol_python(), "-m", "pip", "install", "-q", f"SoL=={SOL_VERSION}"], check=True, timeout=1200)


def player_page(players=1000, turns=10, repeat=5):
    """SoL's player page: {"cpu": median CPU seconds, "wall": median seconds}, or {"missing": why} when SoL's
    virtualenv is not there or SoL fails."""
    if not sol_python().exists():
        return {"missing": f"no SoL at {SOL_VENV} (python -m benchmarks.sol_player_page --install)"}
    with tempfile.TemporaryDirectory(prefix="sol-page-") as work:
        script = Path(work) / "sol_player_page.py"
        script.write_text(SOL_SCRIPT)
        done = subprocess.run(
            [sol_python(), script, str(players), str(turns), str(repeat), work],
            capture_output=True, text=True, timeout=1800,
        )  # fmt: skip
    if done.returncode != 0:
        return {"missing": "SoL failed: " + (done.stderr.strip().splitlines() or ["?"])[-1]}
    times = json.loads(done.stdout.strip().splitlines()[-1])
    median = sorted(times["cpu"])[len(times["cpu"]) // 2]
    return {"cpu": median, "wall": sorted(times["wall"])[len(times["wall"]) // 2]}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--install", action="store_true", help=f"make {SOL_VENV} with SoL {SOL_VERSION} first")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    if args.install:
        install()
    print(json.dumps(player_page(args.players, args.turns, args.repeat)))


if __name__ == "__main__":
    sys.exit(main())
