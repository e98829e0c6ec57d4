"""Slams: a board finished in one turn (ICF 26; ECC XXV, XXVI).

ICF 26(a): a "White Slam" (also "Break to Finish") is pocketing all nine white c/m and the Queen as per the Laws in
the first turn of play; the breaker has the white c/m (ICF 43, 49; ECC 22), so only the breaker makes one, and he
has covered the Queen. ICF 26(b): a "Black Slam" is pocketing all the remaining black c/m, with or without the
Queen, as per the Laws in the first turn of play: the breaker's opponent, in his first turn, after the break. The
readings are in rules/README.md ("Slams").

Plain Python: ``check_slam(rule_set, board)`` refuses a slam the board cannot have been; ``slam_side`` names the
side that made it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.errors import RuleError
from rules.translation import gettext as _

if TYPE_CHECKING:
    from rules.base import RuleSet
    from rules.board import BoardInput

WHITE, BLACK = "white", "black"
SLAMS = (WHITE, BLACK)


def slam_side(slam: str | None, breaker: str | None) -> str | None:
    """The side that made `slam`: the breaker for a white slam, his opponent for a black one (ICF 26, 43)."""
    if slam not in SLAMS or breaker not in ("A", "B"):
        return None
    if slam == WHITE:
        return breaker
    return "B" if breaker == "A" else "A"


def check_slam(rule_set: RuleSet, board: BoardInput) -> None:
    """Refuse a slam (`board.slam`) the board cannot have been; a board without one passes. The breaker must be
    known (`board.breaker`): the slam's colour says whose first turn it was."""
    slam = board.slam
    if slam in (None, ""):
        return
    law = rule_set.cite("slam")
    if slam not in SLAMS:
        raise RuleError("slam", _("%(law)s: a slam is 'white' or 'black'") % {"law": law})
    if board.breaker not in ("A", "B"):
        raise RuleError(
            "slam", _("%(law)s: say who broke the board; a slam's colour is the breaker's or not") % {"law": law}
        )
    if board.special_ending is not None:
        # ICF 26: "as per the Laws"; a special finish (ICF 102-112) is a stroke the laws punish, not a slam.
        raise RuleError(
            "slam", _("%(law)s: a slam pockets every c/m as per the Laws; a special finish is none") % {"law": law}
        )
    maker = slam_side(slam, board.breaker)
    if board.winner != maker:
        if slam == WHITE:
            message = _("%(law)s: a white slam is the breaker's; the board's winner did not break it")
        else:
            message = _("%(law)s: a black slam is made by the breaker's opponent; the board's winner broke it")
        raise RuleError("slam", message % {"law": law})
    if slam == WHITE and board.queen != "covered_by_winner":
        # ICF 26(a): all nine white c/m and the Queen.
        raise RuleError(
            "slam", _("%(law)s: a white slam pockets the Queen too: it is covered by the winner") % {"law": law}
        )
    if slam == BLACK and board.queen not in ("covered_by_winner", "covered_by_loser"):
        # ICF 26(b): with or without the Queen; either way it was covered (ICF 107: none finishes leaving it).
        raise RuleError("slam", _("%(law)s: say who covered the Queen in a black slam") % {"law": law})
