"""Recording a final result: its queries (the games are read once and written once; nothing is read back) and
what it leaves behind, the same whether it is a first result or a correction: games, totals, audit, page stamp,
bracket."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches.models import ResultChange
from matches.scoring.models import Game
from matches.scoring.services import record_result
from stages.models import Match
from tests.helpers import knockout, make_match

pytestmark = pytest.mark.django_db
S = Match.Status


def recorded(match, games, **kwargs):
    """record_result's queries, by table, leaving out transaction control."""
    with CaptureQueriesContext(connection) as captured:
        record_result(match, games, **kwargs)
    sql = [q["sql"] for q in captured.captured_queries]
    return [q for q in sql if not q.startswith(("SAVEPOINT", "RELEASE", "BEGIN", "COMMIT"))]


def on(table, queries, verb=""):
    return [q for q in queries if f'"{table}"' in q and q.startswith(verb)]


def test_a_first_result_reads_the_games_once_and_writes_them_once(tournament, secretary):
    match = make_match(tournament)
    queries = recorded(match, [(25, 3), (10, 25), (25, 0)], confirm=True, user=secretary)
    assert len(on("matches_game", queries, "SELECT")) == 1
    assert len(on("matches_game", queries, "INSERT")) == 1  # the three games at once
    assert not on("matches_game", queries, "DELETE")
    assert len(on("matches_match", queries, "UPDATE")) == 1
    assert len(on("matches_resultchange", queries, "INSERT")) == 1


def test_queries_do_not_grow_with_the_games(tournament, secretary):
    two, three = make_match(tournament), make_match(tournament)
    assert len(recorded(two, [(25, 3), (25, 0)], confirm=True, user=secretary)) == len(
        recorded(three, [(25, 3), (10, 25), (25, 0)], confirm=True, user=secretary)
    )


def test_a_correction_replaces_the_games_and_logs_before_and_after(tournament, secretary):
    match = make_match(tournament)
    record_result(match, [(25, 3), (10, 25), (25, 0)], confirm=True, user=secretary)
    queries = recorded(match, [(3, 25), (0, 25)], confirm=True, user=secretary, correct=True, reason="typo")
    assert on("matches_game", queries, "DELETE")
    match.refresh_from_db()
    assert [(g.number, g.score_a, g.score_b, g.winner_side) for g in match.games.order_by("number")] == [
        (1, 3, 25, "B"),
        (2, 0, 25, "B"),
    ]
    assert (match.score_a, match.score_b, match.games_a, match.games_b) == (3, 50, 0, 2)
    assert match.winner_id == match.entry_b_id and match.status == S.CONFIRMED
    change = match.changes.filter(what=ResultChange.What.RESULT).latest("pk")
    assert change.before["games"] == [[25, 3], [10, 25], [25, 0]]
    assert change.before["score_a"] == 60 and change.before["winner"] == match.entry_a_id
    assert change.after == {
        "status": S.CONFIRMED,
        "score_a": 3,
        "score_b": 50,
        "games_a": 0,
        "games_b": 2,
        "winner": match.entry_b_id,
        "games": [[3, 25], [0, 25]],
    }
    assert change.reason == "typo" and change.user == secretary


@pytest.mark.django_db(transaction=True)
def test_a_result_stamps_the_tournament_pages_when_it_commits(tournament, secretary):
    match = make_match(tournament)
    tournament.refresh_from_db()
    version = tournament.page_version
    record_result(match, [(25, 3), (25, 0)], confirm=True, user=secretary)
    tournament.refresh_from_db()
    assert tournament.page_version != version


def test_a_confirmed_knockout_result_moves_the_winner_on(tournament, secretary):
    stage = knockout(tournament, size=4)
    semi = stage.matches.filter(round__number=1).order_by("number").first()
    record_result(semi, [(25, 3), (25, 0)], confirm=True, user=secretary)
    final = stage.matches.get(round__number=2)
    assert semi.entry_a_id in (final.entry_a_id, final.entry_b_id)
    assert Game.objects.filter(match=semi).count() == 2
