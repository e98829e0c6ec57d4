"""What the rules app is told of a match's round, and the score example its result forms show."""

from rules.final_score import score_example
from stages.draws.knockout import rules_round
from stages.models import Stage


def rules_round_of(match):
    """The rules app's round key: knockout rounds by name (ICF 56(b), 60 depend on it), others are league."""
    if match.stage.kind == Stage.Kind.KNOCKOUT and match.round.name:
        return rules_round(match.round.name)
    return "league"


def score_example_of(match):
    """The final scores of a match of this round as its rule set accepts them: "25-10, 25-12" for ICF's best of
    three, "8-0" for an office group game of one board (office (Game Rules))."""
    return score_example(match.stage.event.rules, round=rules_round_of(match), games=match.stage.games_per_match)


def league_score_example(stage):
    """The score example of the stage page's inline result forms, which list group and Swiss matches: games of
    a league round."""
    return score_example(stage.event.rules, round="league", games=stage.games_per_match)
