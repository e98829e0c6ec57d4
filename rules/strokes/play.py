"""Playing a board's strokes in order."""

from __future__ import annotations

from collections.abc import Iterable

from rules.board import BoardInput, check_scores, check_side
from rules.errors import RuleError
from rules.strokes import checks, office, umpired
from rules.strokes.state import BoardState, Opening, Played, Stroke
from rules.translation import gettext as _


def opening_state(rule_set, opening: Opening) -> BoardState:
    """The board before the break: every c/m on it, the breaker to play (ICF 41-43)."""
    breaker = check_side("breaker", opening.breaker, rule_set.cite("breaks"))
    scores = check_scores(rule_set, BoardInput(scores_before=opening.scores_before, stage=opening.stage))
    return BoardState(breaker=breaker, scores_before=scores, turn=breaker, stroke_seconds=rule_set.stroke_seconds)


def step(rule_set, board: BoardState, stroke: Stroke) -> BoardState:
    """The board after one more stroke; ``board`` itself is left as it was."""
    checks.check(rule_set, board, stroke)
    after = board.copy()
    engine = office if rule_set.stroke_laws.engine == "office" else umpired
    engine.advance(rule_set, after, stroke)
    checks.check_cover(rule_set, board, stroke, after)
    return after


def play_strokes(rule_set, opening: Opening, strokes: Iterable[Stroke]) -> Played:
    board = first = opening_state(rule_set, opening)
    states = []
    for number, stroke in enumerate(strokes, start=1):
        try:
            board = step(rule_set, board, stroke)
        except RuleError as error:
            raise RuleError(
                "strokes", _("stroke %(number)s: %(message)s") % {"number": number, "message": error.message}
            ) from None
        states.append(board)
    return Played(first, states)
