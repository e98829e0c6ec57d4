"""What the stroke tests share: a board played stroke by stroke, checked against the board-level scoring once it
is over (both routes must give the same result, whatever the law)."""

import pytest

from rules.base import get_rule_set
from rules.errors import RuleError
from rules.strokes import Opening, Stroke, play_strokes


def play(key, *strokes, breaker="A", scores=None, stage=None):
    """Play ``strokes`` from the break; the striker of each is whoever has the turn. ``scores``: the game's
    scores before the board, a side not named at 0."""
    rule_set = get_rule_set(key)
    scores = {"A": 0, "B": 0, **scores} if scores else None
    played = play_strokes(rule_set, Opening(breaker=breaker, scores_before=scores, stage=stage), list(strokes))
    if played.result is not None:
        assert rule_set.score_board(played.board_input) == played.result
    return played


def laws(state):
    """The laws the state's follows cite, in order."""
    return [item.law for item in state.follows]


def cited(state, law):
    """Whether a follow of ``state`` cites ``law`` (alone or beside another law)."""
    return any(law in item for item in laws(state))


def outcome(played):
    """Who the board's points go to, how many, and the law that says so."""
    return played.result.awarded_to, played.result.points, played.result.law


def refused(key, *strokes, match, **opening):
    """The strokes are refused with a message naming the law."""
    with pytest.raises(RuleError, match=match) as caught:
        play(key, *strokes, **opening)
    assert caught.value.field == "strokes"
    return caught.value.message


S = Stroke

# Boards built up to the last c/m of each player, A to play (A breaks and has the white c/m, ICF 43).
# A has 1 c/m left, B has 1, the Queen on the board.
LAST_EACH_QUEEN_ON_BOARD = (S(own=8), S(opponent=8), S())
# A has 1, B has 1, A covered the Queen (ICF 97(a): the Queen and a c/m of his together).
LAST_EACH_QUEEN_BY_A = (S(own=7), S(queen=True, own=1), S(opponent=8), S())
# A has 1, B has 1, B covered the Queen.
LAST_EACH_QUEEN_BY_B = (S(own=8), S(), S(own=7), S(queen=True, own=1), S())
# A has 2, B has 1, the Queen on the board.
TWO_AND_ONE_QUEEN_ON_BOARD = (S(own=7), S(opponent=8), S())
