"""Which final scores of a game a rule set can produce, for results entered without their boards.

A game's final score is the sum of its boards, so the laws bound it: a game ends the moment a player reaches the
points target (ICF 56(a)), so the loser stays below it and the winner passes it by at most one board's maximum
(ICF 55); a winner below the target needs a board limit or a time limit that ended the game (ICF 56(a), ECC 39),
and then all the points came from at most that many boards. Every rule set answers from its own parameters
(``game_length``, ``board_maximum``, ``time_limit``) and its own citations (``game``, ``board_maximum``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rules.board import MAX_COINS
from rules.errors import RuleError
from rules.params import GameLength
from rules.specials import SITUATIONS
from rules.translation import gettext as _

if TYPE_CHECKING:
    from rules.base import RuleSet


def board_most(rule_set: RuleSet) -> int:
    """The most points one board can give: the board maximum (ICF 55), or, where the rules set none (office),
    the loser's nine c/m (ICF B) plus the queen and the largest additional points a special finish allows."""
    if rule_set.board_maximum is not None:
        return rule_set.board_maximum
    specials = [SITUATIONS[key] for key in rule_set.special_endings]
    extra = max((max(s.additional_proper, s.additional_improper) for s in specials), default=0)
    return MAX_COINS * rule_set.coin_value + rule_set.queen_value + extra


def lengths_of(rule_set: RuleSet, round: str | None, stage: str | None) -> list[GameLength]:
    """The game lengths the score may come from: the round's or stage's, or every stage's when a rule set that
    plays by stage (office) is not told which."""
    try:
        return [rule_set.game_length(round=round, stage=stage)]
    except RuleError:
        if not rule_set.stages or round is not None or stage is not None:
            raise
        return [rule_set.game_length(stage=key) for key in rule_set.stages]


def final_score_problem(rule_set: RuleSet, score: Mapping[str, int], length: GameLength) -> str | None:
    """Why ``score`` ({"A", "B"}) cannot be a game's final score under ``length``, citing the law; None if it
    can."""
    game_law, board_law = rule_set.cite("game"), rule_set.cite("board_maximum")
    most = board_most(rule_set)
    high, low = max(score.values()), min(score.values())
    shown = f"{score['A']}-{score['B']}"
    target, limit = length.points_target, length.board_limit
    if length.single_board:
        if low != 0 or high > most:
            return _(
                "%(law)s: the game is one board: only its winner scores, at most %(most)s points (%(board_law)s), "
                "not %(shown)s"
            ) % {"law": game_law, "most": most, "board_law": board_law, "shown": shown}
        return None
    if target is not None and low >= target:
        return _("%(law)s: the game ends when a player reaches %(target)s points, so both cannot have %(target)s") % {
            "law": game_law,
            "target": target,
        }
    if target is not None and high >= target:
        if high > target - 1 + most:
            return _(
                "%(law)s, %(board_law)s: the game ends when a player reaches %(target)s points and a board gives "
                "at most %(most)s, so the winner has at most %(highest)s, not %(high)s"
            ) % {
                "law": game_law,
                "board_law": board_law,
                "target": target,
                "most": most,
                "highest": target - 1 + most,
                "high": high,
            }
        return None
    if limit is None and rule_set.time_limit is None:
        return _(
            "%(law)s: the game is played until a player reaches %(target)s points; %(shown)s is not a final score"
        ) % {"law": game_law, "target": target, "shown": shown}
    boards = (limit or 0) + (1 if length.on_tie == "extra_board" else 0)
    if limit is not None and high + low > boards * most:
        return _(
            "%(law)s, %(board_law)s: %(boards)s boards of at most %(most)s points cannot give %(total)s points "
            "(%(shown)s)"
        ) % {
            "law": game_law,
            "board_law": board_law,
            "boards": boards,
            "most": most,
            "total": high + low,
            "shown": shown,
        }
    return None


def check_final_score(rule_set: RuleSet, score: Mapping[str, int], round: str | None = None, stage: str | None = None):
    """Raise ``RuleError("games", ...)`` when no game of this round or stage can end ``score``."""
    problems = [final_score_problem(rule_set, score, length) for length in lengths_of(rule_set, round, stage)]
    if all(problems):
        raise RuleError("games", problems[0])


def score_example(rule_set: RuleSet, round: str | None = None, stage: str | None = None, games: int | None = None):
    """A match's final scores as a secretary types them ("25-10, 25-12"), that this rule set accepts for this
    round or stage: the examples and placeholders of every result form, so that an office match is never shown
    ICF's three games of 25 (office (Game Rules): one game, one board in the groups)."""
    length = lengths_of(rule_set, round, stage)[0]
    if length.single_board:
        candidates = [(min(8, board_most(rule_set)), 0)]
    elif length.points_target is not None:
        target = length.points_target
        candidates = [(target, round_half(target * 0.4)), (target, round_half(target * 0.48)), (target, 0)]
    else:  # a time limit alone ends the game (ECC 39): any two scores
        candidates = [(14, 9), (12, 7)]
    valid = [(a, b) for a, b in candidates if final_score_problem(rule_set, {"A": a, "B": b}, length) is None]
    wins = (games or rule_set.games_per_match) // 2 + 1
    return ", ".join(f"{a}-{b}" for a, b in (valid * wins)[:wins])


def round_half(value: float) -> int:
    return int(value + 0.5)
