"""The real SoL history that SoL 5.26 ships for its own tests (tests/scr/2018-07-10.zip in its sdist: 499
tourneys, 2,121 players, 34,457 matches), fetched at test time with pip, never kept in this repository (SoL is
GPL), and the figures it carries: SoL's own, read from its file."""

import io
import json
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections import Counter, defaultdict
from decimal import Decimal
from pathlib import Path

import pytest

SDIST = "sol-5.26.tar.gz"
MEMBER = "sol-5.26/tests/scr/2018-07-10.zip"
CACHE = Path(tempfile.gettempdir()) / "carrom-sol-5.26"


def sol_history_zip():
    """The backup's bytes, from SoL 5.26's sdist (downloaded once into CACHE); skips when pip cannot get it."""
    sdist = CACHE / SDIST
    if not sdist.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "pip", "download", "SoL==5.26", "--no-deps", "--no-binary", ":all:"]
        try:
            subprocess.run([*command, "-d", str(CACHE)], check=True, capture_output=True, timeout=300)
        except (OSError, subprocess.SubprocessError) as error:
            pytest.skip(f"SoL 5.26's sdist cannot be downloaded: {error}")
    with tarfile.open(sdist) as archive:
        return archive.extractfile(MEMBER).read()


def sol_documents(backup):
    with zipfile.ZipFile(io.BytesIO(backup)) as archive:
        return json.loads(archive.read("everything.sol"))


def team(players, references):
    return tuple(players[reference - 1]["guid"] for reference in references)


def oriented(a, b, scores):
    """A final's leg the same way round whichever side SoL or we name first."""
    return (a, b, scores) if a <= b else (b, a, scores[::-1])


class SolFigures:
    """What SoL's file says, by guid: each tourney's matches and competitors' figures, each rating's rates."""

    def __init__(self, documents):
        lists, self.tourneys = documents[0], documents[1:]
        self.players, ratings = lists["players"], lists["ratings"]
        self.rates = Counter(
            (
                ratings[rate["rating"] - 1]["guid"],
                self.players[rate["player"] - 1]["guid"],
                rate["date"],
                rate["rate"],
                rate["deviation"],
                Decimal(rate["volatility"]),
            )
            for rate in lists["rates"]
        )

    def competitors(self, tourney):
        return [team(self.players, c["players"]) for c in tourney.get("competitors") or []]

    def matches(self, tourney):
        """Counter of what each SoL match becomes here. A match of the Swiss turns: ("match", turn, side a, side
        b, scores), without scores when its turn was not ranked yet (nothing decided), a bye with the score of
        its card. A final: ("game", side a, side b, scores) for each leg played; a leg never played (0-0) is no
        game, and a final with no leg played is a match without result ("final", side a, side b)."""
        sides = self.competitors(tourney)
        ranked = tourney.get("rankedturn") or 0
        expected, finals = Counter(), defaultdict(list)
        for m in tourney.get("matches") or []:
            a = sides[m["competitor1"] - 1]
            b = sides[m["competitor2"] - 1] if m.get("competitor2") else None
            scores = (m.get("score1") or 0, m.get("score2") or 0)
            if m.get("final"):
                finals[frozenset((a, b))].append((a, b, scores))
            elif b is None:
                expected["match", m["turn"], a, None, scores] += 1
            else:
                expected["match", m["turn"], a, b, scores if m["turn"] <= ranked else None] += 1
        for legs in finals.values():
            played = [(a, b, scores) for a, b, scores in legs if any(scores)]
            for a, b, scores in played:
                expected["game", *oriented(a, b, scores)] += 1
            if not played:
                expected["final", *oriented(*legs[0])[:2]] += 1
        return expected

    def standings(self, tourney):
        """{side: (points, Buchholz, net score, total score)} as SoL stored them after the ranked turn."""
        return {
            side: (c["points"], c["bucholz"], c["netscore"], c["totscore"])
            for side, c in zip(self.competitors(tourney), tourney.get("competitors") or [], strict=True)
        }

    def prizes(self, tourney):
        if not tourney.get("prized"):
            return {}
        return {
            side: Decimal(str(c.get("prize") or 0))
            for side, c in zip(self.competitors(tourney), tourney["competitors"], strict=True)
        }

    def played(self, tourney):
        """The sides with at least one match."""
        sides = self.competitors(tourney)
        return {
            sides[m[key] - 1]
            for m in tourney.get("matches") or []
            for key in ("competitor1", "competitor2")
            if m.get(key)
        }
