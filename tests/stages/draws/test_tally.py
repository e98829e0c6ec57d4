"""The standings after each round from the round before (stages.draws.metrics.Tally) and every player's rank read
without the rows (stages.draws.standings.ranks): the same figures, to the last bit of a float, and the same order
and ranks as the whole table worked out afresh, whatever the results, byes, walk-overs and tie-breaks."""

from hypothesis import given, settings
from hypothesis import strategies as st

from stages.draws.metrics import METRICS, Metric, register
from stages.draws.standings import MatchResult, ranks, standings, table, tally

PLAIN = ["points", "buchholz", "net_score", "total_score", "boards", "wins", "rating", "name"]
# Scores of tenths as well as whole points: a running total of floats depends on the order it is added in.
SCORES = st.one_of(st.integers(0, 25), st.sampled_from([0.1, 0.2, 0.3, 0.7, 12.5]))


@st.composite
def stages_played(draw):
    size = draw(st.integers(1, 12))
    competitors = [
        {
            "id": ident,
            "name": draw(st.sampled_from(["Anil", "Bea", "Chen", ""])),  # names repeat: a shared rank stays possible
            "rating": draw(st.one_of(st.none(), st.sampled_from([1500, 1600.5, 1700]))),
        }
        for ident in range(size)
    ]
    rounds = []
    for _ in range(draw(st.integers(0, 4))):
        results = []
        for _ in range(draw(st.integers(0, size))):
            a = draw(st.integers(0, size - 1))
            b = draw(st.one_of(st.none(), st.integers(0, size - 1).filter(lambda x, a=a: x != a)))
            kind = draw(st.sampled_from(["score", "score", "score", "walkover", "both_lose", "boards"]))
            score_a, score_b = draw(SCORES), draw(SCORES)
            if b is None:
                results.append(MatchResult(a, None, score_a, 0, bye_margin=draw(st.sampled_from([None, 10, 0.5]))))
            elif kind == "walkover":
                results.append(MatchResult(a, b, walkover=draw(st.sampled_from("ab"))))
            elif kind == "both_lose":
                results.append(MatchResult(a, b, 0, 0, both_lose=True))
            elif kind == "boards":
                results.append(MatchResult(a, b, score_a, score_b, boards_a=draw(SCORES), boards_b=draw(SCORES)))
            else:
                results.append(MatchResult(a, b, score_a, score_b))
        rounds.append(results)
    precedence = draw(st.lists(st.sampled_from(PLAIN), unique=True, max_size=5))
    points_for = draw(st.sampled_from([(2, 1, 0), (3, 1, 0), (1, 0.5, 0)]))
    return competitors, rounds, precedence, points_for


def by_round(competitors, rounds, points_for):
    """Each round's tally, each continued from the round before's."""
    found, before = [], None
    for results in rounds:
        before = tally(competitors, results, points_for, before)
        found.append(before)
    return found


@settings(max_examples=300, deadline=None)
@given(stages_played())
def test_a_round_added_to_the_tally_before_it_gives_the_table_worked_out_afresh(played):
    competitors, rounds, precedence, points_for = played
    counted = []
    for results, kept in zip(rounds, by_round(competitors, rounds, points_for), strict=True):
        counted += results
        whole = tally(competitors, counted, points_for)
        assert kept.figures == whole.figures
        assert [repr(v) for f in kept.figures.values() for v in f.values()] == [
            repr(v) for f in whole.figures.values() for v in f.values()
        ]
        assert kept.games == whole.games
        fresh = standings(competitors, counted, precedence, points_for)
        assert [vars(row) for row in table(competitors, kept, precedence)] == [vars(row) for row in fresh]


@settings(max_examples=300, deadline=None)
@given(stages_played())
def test_every_players_rank_read_alone_is_the_tables(played):
    competitors, rounds, precedence, points_for = played
    counted = [result for results in rounds for result in results]
    rows = {row.id: row for row in standings(competitors, counted, precedence, points_for)}
    found = ranks(competitors, tally(competitors, counted, points_for), precedence)
    assert found == ([rows[c["id"]].rank for c in competitors], [rows[c["id"]].points for c in competitors])


def test_a_metric_that_reads_who_is_tied_is_ranked_by_the_table():
    # head_to_head is not plain: its values depend on the tied group, so ranks() asks the table.
    competitors = [{"id": x, "name": x} for x in "ABC"]
    results = [MatchResult("A", "B", 0, 25), MatchResult("B", "C", 0, 25), MatchResult("C", "A", 0, 25)]
    results.append(MatchResult("B", "C", 25, 0))  # B and C on 4 points, B beat C once and lost once
    precedence = ["points", "head_to_head", "name"]
    rows = {row.id: row for row in standings(competitors, results, precedence)}
    assert ranks(competitors, tally(competitors, results), precedence) == (
        [rows[x].rank for x in "ABC"],
        [rows[x].points for x in "ABC"],
    )


def test_a_new_metric_is_plain_only_when_it_says_so(restore_metrics):
    @register
    class Played(Metric):  # reads a row's field that the table fills: not plain
        key, name = "played_games", "Played"

        def figures(self, context):
            return {ident: len(games) // 5 for ident, games in context.games.items()}

    assert not METRICS["played_games"].plain
    competitors = [{"id": x, "name": x} for x in "ABC"]
    results = [MatchResult("A", "B", 25, 0), MatchResult("A", None, 25, 0)]
    rows = {row.id: row for row in standings(competitors, results, ["played_games"])}
    assert ranks(competitors, tally(competitors, results), ["played_games"])[0] == [rows[x].rank for x in "ABC"]
