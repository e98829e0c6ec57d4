"""Scoring one board: ordinary finishes (ICF 52-55) and special finishes (ICF 102-112, 121(b); ECC 93-102).

Plain Python: ``score_board(rule_set, BoardInput(...)) -> BoardResult``. Rule sets supply the numbers and the
law citations; the logic that is the same for every federation lives here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from rules.errors import RuleError
from rules.slams import check_slam
from rules.specials import SITUATIONS
from rules.translation import gettext as _
from rules.translation import ngettext

if TYPE_CHECKING:
    from rules.base import RuleSet

SIDES = ("A", "B")
QUEEN_STATES = ("covered_by_winner", "covered_by_loser", "on_board")
STROKES = ("proper", "improper")
MAX_COINS = 9  # ICF B: nine white and nine black c/m


def other(side: str) -> str:
    """The other side: ``other("A") == "B"``."""
    return "B" if side == "A" else "A"


@dataclass(frozen=True)
class SpecialEnding:
    """A board decided by one of the special finishes of ICF 102-112 / 121(b) (see ``rules.specials``)."""

    situation: str
    striker: str
    stroke: str = "proper"
    striker_coins_left: int = 0
    additional_points_demanded: int = 0


@dataclass(frozen=True)
class BoardInput:
    """How a board ended. ``scores_before`` defaults to 0-0. ``queen`` is where the Queen is at the finish
    (``None``: not stated, no queen credit). With a ``special_ending``, ``winner`` and ``coins_left_of_loser``
    are ignored. ``slam``: "white" or "black" when the board was a slam (ICF 26, ``rules.slams``), checked against
    ``breaker`` (in a game, the breaker by ICF 49 when not given)."""

    scores_before: Mapping[str, int] | None = None
    winner: str | None = None
    coins_left_of_loser: int = 0
    queen: str | None = None
    loser_outstanding_dues: int = 0
    stage: str | None = None
    special_ending: SpecialEnding | None = None
    started_at: datetime | None = None
    completed_at: datetime | None = None
    breaker: str | None = None
    slam: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BoardInput:
        """Build from the JSON shape of the API (``special_ending`` as a nested dict)."""
        values = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        special = values.get("special_ending")
        if isinstance(special, Mapping):
            names = SpecialEnding.__dataclass_fields__
            values["special_ending"] = SpecialEnding(**{k: v for k, v in special.items() if k in names})
        return cls(**values)


@dataclass(frozen=True)
class BoardResult:
    """The outcome of a board. ``winner`` is the player who pocketed all his c/m first (None when a special
    finish decides the board); ``awarded_to`` is the side credited with ``points``. ``coin_points``,
    ``queen_points``, ``fixed_points`` and ``additional_points`` are counted before the board maximum;
    ``points`` is what is written on the score card."""

    winner: str | None
    awarded_to: str | None
    points: int
    coin_points: int
    queen_points: int
    fixed_points: int
    additional_points: int
    capped: bool
    scores_before: dict[str, int]
    scores_after: dict[str, int]
    board_over: bool = True
    law: str = ""
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def check_count(field_name: str, value: Any, law: str, maximum: int | None = None) -> int:
    """An integer between 0 and ``maximum``, or a RuleError citing ``law``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(field_name, _("%(law)s: must be a whole number") % {"law": law})
    if value < 0:
        raise RuleError(field_name, _("%(law)s: cannot be negative") % {"law": law})
    if maximum is not None and value > maximum:
        raise RuleError(
            field_name,
            _("%(law)s: at most %(maximum)s c/m can be left on the board") % {"law": law, "maximum": maximum},
        )
    return value


def check_side(field_name: str, value: Any, law: str) -> str:
    if value not in SIDES:
        raise RuleError(field_name, _("%(law)s: must be 'A' or 'B'") % {"law": law})
    return value


def check_scores(rule_set: RuleSet, board: BoardInput) -> dict[str, int]:
    """The scores before the board; refuse a board once the game is over (points target reached)."""
    raw = board.scores_before if board.scores_before is not None else {"A": 0, "B": 0}
    if not isinstance(raw, Mapping) or set(raw) != set(SIDES):
        raise RuleError(
            "scores_before", _("%(law)s: give the scores of 'A' and 'B'") % {"law": rule_set.cite("score_card")}
        )
    scores = {side: check_count("scores_before", raw[side], rule_set.cite("score_card")) for side in SIDES}
    if board.stage is not None or not rule_set.stages:
        target = rule_set.game_length(stage=board.stage).points_target
        if target is not None and max(scores.values()) >= target:
            raise RuleError(
                "scores_before",
                _("%(law)s: the game is over once a player reaches %(target)s points; no further board can be played")
                % {"law": rule_set.cite("game"), "target": target},
            )
    return scores


def score_board(rule_set: RuleSet, board: BoardInput) -> BoardResult:
    """Score one board under ``rule_set``."""
    scores = check_scores(rule_set, board)
    check_count("loser_outstanding_dues", board.loser_outstanding_dues, rule_set.cite("dues"))
    if board.queen is not None and board.queen not in QUEEN_STATES:
        raise RuleError(
            "queen",
            _("%(law)s: must be one of %(states)s")
            % {"law": rule_set.cite("queen"), "states": ", ".join(QUEEN_STATES)},
        )
    check_slam(rule_set, board)  # ICF 26
    if board.special_ending is not None:
        return _score_special(rule_set, board, scores)
    return _score_ordinary(rule_set, board, scores)


def _score_ordinary(rule_set: RuleSet, board: BoardInput, scores: dict[str, int]) -> BoardResult:
    # ICF 52(a): the player who pockets all his c/m first wins the board.
    winner = check_side("winner", board.winner, rule_set.cite("winner"))
    coins = check_count("coins_left_of_loser", board.coins_left_of_loser, rule_set.cite("coins"), MAX_COINS)
    if board.queen == "on_board":
        note = rule_set.queen_left_on_board()  # raises where the law makes it a special finish (ICF 107)
        return BoardResult(None, None, 0, 0, 0, 0, 0, False, scores, dict(scores), board_over=False, note=note)
    # ICF 53(a): the loser's c/m on the board are the winner's points.
    coin_points = coins * rule_set.coin_value
    # ICF 53(b), (c), 54: the queen only for the board winner, and only up to and including 21 points.
    queen_points = 0
    if board.queen == "covered_by_winner" and rule_set.queen_counts(_test_score(rule_set, scores[winner], coin_points)):
        queen_points = rule_set.queen_value
    # ICF 55: the loser's outstanding dues are written off (not counted).
    return _result(rule_set, scores, winner, winner, coin_points, queen_points, 0, 0, rule_set.cite("scoring"))


def _score_special(rule_set: RuleSet, board: BoardInput, scores: dict[str, int]) -> BoardResult:
    special = board.special_ending
    situation = SITUATIONS.get(special.situation)
    if situation is None:
        raise RuleError(
            "special_ending",
            _("%(law)s: unknown situation %(situation)s; one of %(situations)s")
            % {
                "law": rule_set.cite("special"),
                "situation": repr(special.situation),
                "situations": ", ".join(SITUATIONS),
            },
        )
    rule_set.check_special_allowed(situation)
    striker = check_side("special_ending", special.striker, _("%(law)s (striker)") % {"law": rule_set.cite("special")})
    if special.stroke not in STROKES:
        raise RuleError(
            "special_ending",
            _("%(law)s: stroke must be 'proper' or 'improper'") % {"law": rule_set.cite("special")},
        )
    coins = check_count("special_ending", special.striker_coins_left, rule_set.cite("coins"), MAX_COINS)
    proper = special.stroke == "proper" or rule_set.additional_points == "automatic"
    law = rule_set.special_law(situation, proper)
    role = situation.proper_to if proper else situation.improper_to
    beneficiary = striker if role == "striker" else other(striker)
    additional = _additional(rule_set, situation, proper, special.additional_points_demanded, law)

    # Whose score the "22 or more" clause tests (rules/README.md, readings 1 and 3).
    tested = beneficiary
    readings = rule_set.readings
    if readings.special_22_score_of == "striker":
        tested = striker
    if situation.icf == "104" and not proper and readings.rule_104b_edition == "older":
        tested = striker
    coin_points = queen_points = fixed_points = 0
    if situation.base in ("coins_and_queen", "coins_and_queen_if_on_board"):
        # ICF 103, 106, 111: the striker's c/m on the board plus the queen (c/m only at 22 or more);
        # ICF 121(b): the queen only if it lies on the board.
        coin_points = coins * rule_set.coin_value
        queen_here = situation.base == "coins_and_queen" or board.queen == "on_board"
        if queen_here and rule_set.queen_counts(_test_score(rule_set, scores[tested], coin_points)):
            queen_points = rule_set.queen_value
    elif situation.base == "one":
        fixed_points = 1  # ICF 110
    elif situation.icf == "112" and not readings.rule_112_reduced_at_22:
        fixed_points = rule_set.queen_value  # ECC 102: 3 points, no "22 or more" clause
    else:
        # e.g. ICF 102, 105, 107: 3 points (the queen's value), 1 point at 22 or more.
        counts = rule_set.queen_counts(_test_score(rule_set, scores[tested], 0))
        fixed_points = rule_set.queen_value if counts else rule_set.reduced_points
    return _result(rule_set, scores, None, beneficiary, coin_points, queen_points, fixed_points, additional, law)


def _additional(rule_set: RuleSet, situation, proper: bool, demanded: Any, law: str) -> int:
    if rule_set.additional_points == "automatic":
        return situation.additional_proper  # ECC 98-102: the extra point is given without a demand
    available = situation.additional_proper if proper else situation.additional_improper
    demanded = check_count("special_ending", demanded, f"{rule_set.cite('additional')}, {law}")
    if demanded > available:
        raise RuleError(
            "special_ending",
            ngettext(
                "%(law)s: at most %(available)s additional point(s) can be demanded",
                "%(law)s: at most %(available)s additional point(s) can be demanded",
                available,
            )
            % {"law": f"{law}, {rule_set.cite('additional')}", "available": available},
        )
    return demanded  # ICF 87(b): demanded fully or partially


def _test_score(rule_set: RuleSet, score_before: int, coin_points: int) -> int:
    """The score the queen limit tests (reading: the score before the board)."""
    if rule_set.readings.queen_score_basis == "with_board_coins":
        return score_before + coin_points
    return score_before


def _result(
    rule_set: RuleSet,
    scores: dict[str, int],
    winner: str | None,
    awarded_to: str,
    coin_points: int,
    queen_points: int,
    fixed_points: int,
    additional: int,
    law: str,
) -> BoardResult:
    # ICF 55: at most 12 points in a board (reading 2: additional points included).
    maximum = rule_set.board_maximum
    base = coin_points + queen_points + fixed_points
    if maximum is None:
        points = base + additional
    elif rule_set.readings.cap_includes_additional:
        points = min(base + additional, maximum)
    else:
        points = min(base, maximum) + additional
    capped = points < base + additional
    after = dict(scores)
    after[awarded_to] += points
    return BoardResult(
        winner,
        awarded_to,
        points,
        coin_points,
        queen_points,
        fixed_points,
        additional,
        capped,
        scores,
        after,
        law=law,
    )
