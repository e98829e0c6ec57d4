import pytest

from rules.base import get_rule_set
from rules.errors import RuleError
from rules.match import GameResult, MatchInput


def test_a_competition_can_play_a_longer_match_than_the_rule_sets_default():
    """ECC plays one game; a Eurocup final can be best of three (ICF 57's form)."""
    rule_set = get_rule_set("ecc")
    one = GameResult(game_no=1, winner="A", score={"A": 25, "B": 10})
    assert rule_set.match_state(MatchInput(toss_winner="A", games=[one])).match_over
    longer = rule_set.match_state(MatchInput(toss_winner="A", games=[one], games_per_match=3))
    assert (longer.match_over, longer.next_game, longer.games_to_win) == (False, 2, 2)
    with pytest.raises(RuleError, match="odd number of games"):
        rule_set.match_state(MatchInput(toss_winner="A", games=[one], games_per_match=2))
