"""Every result form's example is a final score its rule set accepts for that round or stage, so an office match
is never shown ICF's "25-10, 25-12" (office (Game Rules): one game; in the groups, one board)."""

import pytest

from rules.base import all_rule_sets
from rules.final_score import lengths_of, score_example
from rules.match import GameResult, MatchInput


def places(rule_set):
    if rule_set.stages:
        return [{"stage": stage} for stage in rule_set.stages]
    return [{"round": "league"}, {"round": "final"}]


@pytest.mark.parametrize("rule_set", all_rule_sets(), ids=lambda r: r.key)
def test_each_rule_sets_example_is_a_match_it_accepts(rule_set):
    for place in places(rule_set):
        example = score_example(rule_set, **place)
        games = [tuple(int(x) for x in game.split("-")) for game in example.split(", ")]
        results = [
            GameResult(game_no=n, winner="A" if a > b else "B", score={"A": a, "B": b})
            for n, (a, b) in enumerate(games, 1)
        ]
        state = rule_set.match_state(
            MatchInput(toss_winner="A", toss_choice="break", games=results, **{"round": place.get("round")})
            if "round" in place
            else MatchInput(toss_winner="A", toss_choice="break", games=results)
        )
        assert state.match_over and state.winner == "A", (rule_set.key, place, example)
        assert lengths_of(rule_set, place.get("round"), place.get("stage"))


def test_the_examples_of_the_four_rule_sets():
    examples = {rule_set.key: score_example(rule_set, round="league") for rule_set in all_rule_sets()}
    assert examples["icf"] == "25-10, 25-12"  # ICF 57: the best of three games of 25 points (ICF 56)
    assert examples["office"] == "8-0"  # office (Game Rules): a group game is one board; only its winner scores
    assert score_example(next(r for r in all_rule_sets() if r.key == "office"), stage="final") == "29-12"
