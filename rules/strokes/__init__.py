"""A board kept stroke by stroke: the laws applied as the umpire sees each stroke (ICF 44-112).

    from rules.strokes import Opening, Stroke, play_strokes
    played = play_strokes(get_rule_set("icf"), Opening(breaker="A"), [Stroke(own=1), ...])
    played.states[-1].as_dict(); played.result  # the BoardResult of rule_set.score_board once the board is over

An invalid stroke is a ``RuleError`` on ``strokes`` whose message starts "stroke n:" and cites the law."""

from rules.strokes.play import opening_state, play_strokes, step
from rules.strokes.state import BoardState, Follows, Opening, Played, Stroke

__all__ = ["BoardState", "Follows", "Opening", "Played", "Stroke", "opening_state", "play_strokes", "step"]
