import pytest

from stages.draws.metrics import LOSS, METRICS, OUTCOMES, Context, Metric, register
from stages.draws.standings import MatchResult, Standing, standings


def comps(names):
    return [{"id": x, "name": x} for x in names]


def context_for(names, matches, points_for=(2, 1, 0)):
    rows = {x: Standing(x, x) for x in names}
    return Context(rows, matches, points_for)


def test_a_metric_registered_by_key_orders_the_standings(restore_metrics):
    @register
    class FewestLosses(Metric):
        key, name, descending = "fewest_losses", "Fewest losses", False

        def figures(self, context):
            return {ident: games[OUTCOMES].count(LOSS) for ident, games in context.games.items()}

    assert isinstance(METRICS["fewest_losses"], FewestLosses)
    # A and B on 2 points: A by a win and a loss, B by two draws. Fewer losses puts B first.
    matches = [
        MatchResult("A", "C", 25, 0),
        MatchResult("A", "D", 0, 25),
        MatchResult("B", "C", 10, 10),
        MatchResult("B", "D", 10, 10),
    ]
    rows = standings(comps("ABCD"), matches, precedence=["points", "fewest_losses"])
    assert [(r.id, r.points, r.rank) for r in rows] == [("D", 3, 1), ("B", 2, 2), ("A", 2, 3), ("C", 1, 4)]


def test_unregistered_key_is_still_refused():
    with pytest.raises(ValueError, match="Unknown tie-break metrics: fewest_losses"):
        standings(comps("AB"), [], ["points", "fewest_losses"])


def test_metrics_compute_their_figures_from_the_games_not_the_rows():
    # The rows are fresh (every figure 0): the metrics must work from the results themselves.
    context = context_for(
        "ABC",
        [MatchResult("A", "B", 25, 10), MatchResult("C", None, 25, 0), MatchResult("B", "C", 12, 12)],
    )
    assert METRICS["points"].figures(context) == {"A": 2, "B": 1, "C": 3}
    assert METRICS["wins"].figures(context) == {"A": 1, "B": 0, "C": 1}
    assert METRICS["net_score"].figures(context) == {"A": 15, "B": -15, "C": 25}
    assert METRICS["total_score"].figures(context) == {"A": 25, "B": 22, "C": 37}
    # Buchholz: the opponents' points; C's bye opponent counts 0.
    assert METRICS["buchholz"].figures(context) == {"A": 1, "B": 5, "C": 1}


def test_figures_are_computed_once_per_standings(restore_metrics):
    calls = []

    @register
    class Counted(Metric):
        key, name = "counted", "Counted"

        def figures(self, context):
            calls.append(1)
            return dict.fromkeys(context.rows, 0)

    # Two tied groups after points: the metric is asked for each group, but computes its figures once.
    matches = [MatchResult("A", "B", 25, 0), MatchResult("C", "D", 25, 0)]
    standings(comps("ABCD"), matches, precedence=["points", "counted"])
    assert len(calls) == 1


def test_double_forfeit_is_a_loss_for_each_side():
    # Both sides absent (ICF 143(i), ECC 18): a loss for each, whatever the scores say.
    context = context_for("AB", [MatchResult("A", "B", 0, 0, both_lose=True)], points_for=(3, 1, 0))
    assert METRICS["points"].figures(context) == {"A": 0, "B": 0}
    assert METRICS["wins"].figures(context) == {"A": 0, "B": 0}


def test_float_scores_add_up_in_match_order():
    # Net and total scores are running totals in match order, as they always were: 0.1 then 0.2 makes
    # 0.30000000000000004, never a rounded 0.3.
    rows = standings(comps("AB"), [MatchResult("A", "B", 0.1, 0), MatchResult("A", "B", 0.2, 0)])
    a = next(r for r in rows if r.id == "A")
    assert a.net_score == 0.1 + 0.2
    assert a.total_score == 0.1 + 0.2
    assert repr(a.net_score) == "0.30000000000000004"


def test_head_to_head_has_no_figures_outside_a_tied_group():
    context = context_for("AB", [MatchResult("A", "B", 25, 0)])
    with pytest.raises(TypeError):
        METRICS["head_to_head"].figures(context)
    rows = [Standing("A"), Standing("B")]
    assert METRICS["head_to_head"].values(rows, context) == {"A": 2, "B": 0}
