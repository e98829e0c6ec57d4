"""ECC time limit (ECC 39-41): 50 minutes to the first bell, 7 more to the second bell."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from rules.errors import RuleError
from rules.translation import gettext as _


@dataclass(frozen=True)
class UnfinishedBoard:
    """The board in play when the second bell rang: c/m left of each player and who held the Queen."""

    board_no: int
    coins_left: Mapping[str, int]
    queen_held_by: str | None = None


def bells(rule_set, started: datetime | None, first: datetime | None, second: datetime | None):
    """The first and second bell; computed from the start of the game when not given (ECC 39, 40)."""
    limit = rule_set.time_limit
    if first is None and started is not None:
        first = started + timedelta(minutes=limit.minutes)
    if second is None and first is not None:
        second = first + timedelta(minutes=limit.extra_minutes)
    if first is not None and second is not None and second < first:
        raise RuleError(
            "second_bell_at",
            _("%(law)s: the second bell rings after the first") % {"law": rule_set.cite("second_bell")},
        )
    return first, second


def check_board_times(rule_set, board_no: int, board, first: datetime | None, second: datetime | None) -> None:
    started, completed = board.started_at, board.completed_at
    if started and completed and completed < started:
        raise RuleError("boards", _("board %(board)s: a board is completed after it starts") % {"board": board_no})
    if started and first and started > first:
        raise RuleError(
            "boards",
            _("board %(board)s: %(law)s: after the first bell no other board may be started")
            % {"board": board_no, "law": rule_set.cite("time")},
        )
    if completed and second and completed > second:
        raise RuleError(
            "boards",
            _("board %(board)s: %(law)s: play stops at the second bell")
            % {"board": board_no, "law": rule_set.cite("second_bell")},
        )


def time_limit_award(rule_set, unfinished: UnfinishedBoard, boards_played: int) -> dict | None:
    """ECC 41: at the second bell the difference in c/m left is counted, the Queen excluded; it goes to the
    player with fewer c/m left. ``None`` when both have as many left."""
    law = rule_set.cite("second_bell")
    if unfinished.board_no != boards_played + 1:
        raise RuleError(
            "unfinished_board_at_second_bell",
            _("%(law)s: the unfinished board is board %(board)s, the one after the last completed board")
            % {"law": law, "board": boards_played + 1},
        )
    coins = unfinished.coins_left
    if not isinstance(coins, Mapping) or set(coins) != {"A", "B"}:
        raise RuleError(
            "unfinished_board_at_second_bell", _("%(law)s: give the c/m left of 'A' and 'B'") % {"law": law}
        )
    for value in coins.values():
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9:
            raise RuleError(
                "unfinished_board_at_second_bell", _("%(law)s: each player has 0 to 9 c/m left") % {"law": law}
            )
    if unfinished.queen_held_by not in (None, "A", "B"):
        raise RuleError(
            "unfinished_board_at_second_bell", _("%(law)s: queen_held_by is 'A', 'B' or null") % {"law": law}
        )
    difference = coins["B"] - coins["A"]
    if difference == 0:
        return None
    return {"player": "A" if difference > 0 else "B", "points": abs(difference)}
