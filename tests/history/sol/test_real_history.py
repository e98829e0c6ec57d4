"""The real SoL history (see real_history) imported to the last row: every match, every Swiss standings row and
prize, every rate, against the figures SoL's own file carries.

Two readings differ from SoL's stored rows on purpose, each checked here: a competitor who withdrew before
playing any match is in SoL's ranking with nothing and in no standings of ours (they rank who played; the prize
still places them); and one stored row of 2011 no longer follows its tourney's matches (see STALE)."""

from collections import Counter, defaultdict
from decimal import Decimal

import pytest

from history.championships.models import Prize
from history.ratings.models import Rate
from history.sol.importing import import_file
from matches.scoring.models import Game
from stages.models import Match, Stage
from stages.selectors import stage_standings
from tests.history.sol.real_history import SolFigures, oriented, sol_documents, sol_history_zip
from tournaments.models import EntryMember, Tournament

pytestmark = pytest.mark.django_db

# 1° Torneo Amicizia Emiliana (2011-10-23): SoL keeps (6, 28, -20, 55) for this player, stored before a later
# edit of the tourney; SoL 5.26's own Tourney.computeRanking on the file's matches gives (6, 28, -32, 43).
STALE = {("a5c7c786841711e3ac012e92809967e5", ("9e3ee60c841711e3ac012e92809967e5",)): (6, 28, -32, 43)}


def sides():
    members = defaultdict(list)
    for entry, guid in EntryMember.objects.order_by("entry_id", "position").values_list("entry_id", "player__guid"):
        members[entry].append(guid)
    return {entry: tuple(guids) for entry, guids in members.items()}


def our_matches(tournament, side):
    """Counter of our matches and final games, in SolFigures.matches' terms."""
    found = Counter()
    games = defaultdict(list)
    for match_id, a, b in Game.objects.filter(match__stage__event__tournament=tournament).values_list(
        "match_id", "score_a", "score_b"
    ):
        games[match_id].append((a, b))
    for match in Match.objects.filter(stage__event__tournament=tournament).select_related("stage", "round"):
        a, b = side.get(match.entry_a_id), side.get(match.entry_b_id)
        if match.stage.order == 1:
            scores = (match.score_a, match.score_b) if match.is_decided else None
            found["match", match.round.number, a, b, scores] += 1
        elif games[match.pk]:
            for scores in games[match.pk]:
                found["game", *oriented(a, b, scores)] += 1
        else:
            found["final", *oriented(a, b, ())[:2]] += 1
    return found


def our_standings(tournament, side, ranked):
    swiss = Stage.objects.get(event__tournament=tournament, order=1)
    matches = list(swiss.matches.filter(round__number__lte=ranked))
    return {
        side[row.id]: (row.points, row.buchholz, row.net_score, row.total_score)
        for row in stage_standings(swiss, matches=matches)
    }


def test_the_real_sol_history_is_imported_with_sols_figures():
    backup = sol_history_zip()
    sol = SolFigures(sol_documents(backup))
    summary = import_file(backup, "2018-07-10.zip")
    assert (len(summary.tournaments), summary.players) == (499, 2121)
    side = sides()
    tournaments = {t.guid: t for t in Tournament.objects.all()}
    prizes = defaultdict(dict)
    for tournament, entry, amount in Prize.objects.values_list("event__tournament__guid", "entry_id", "amount"):
        prizes[tournament][side[entry]] = amount
    counts = Counter()
    wrong = defaultdict(list)
    for tourney in sol.tourneys:
        guid, tournament = tourney["guid"], tournaments[tourney["guid"]]
        expected, found = sol.matches(tourney), our_matches(tournament, side)
        counts["matches"] += len(tourney.get("matches") or [])
        if expected != found:
            wrong["matches"].append((guid, expected - found, found - expected))
        stored, ours = sol.standings(tourney), our_standings(tournament, side, tourney.get("rankedturn") or 0)
        for competitor in sol.competitors(tourney):
            counts["standings rows"] += 1
            figures = STALE.get((guid, competitor), stored[competitor])
            if competitor not in sol.played(tourney):
                figures = None if figures == (0, 0, 0, 0) else figures
            if ours.get(competitor) != figures:
                wrong["standings"].append((guid, competitor, figures, ours.get(competitor)))
        if prizes[guid] != sol.prizes(tourney):
            wrong["prizes"].append(guid)
    rates = Counter(Rate.objects.values_list("rating__guid", "player__guid", "date", "rate", "deviation", "volatility"))
    rates = Counter({(r, p, str(d), rate, dev, Decimal(v)): n for (r, p, d, rate, dev, v), n in rates.items()})
    assert dict(wrong) == {}
    assert rates == sol.rates
    assert (counts["matches"], counts["standings rows"], len(rates)) == (34457, 9777, 6067)
