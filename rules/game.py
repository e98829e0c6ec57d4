"""Game progression: feed a game's boards in order and learn where the game stands (ICF 49, 56, 58-60; ECC
39-41;
queen2 ¶12-16; office Game Rules)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime
from typing import Any

from rules.board import SIDES, BoardInput, BoardResult, check_side, other
from rules.errors import RuleError
from rules.tiebreak import TieBreaker, sudden_death_result, tie_breaker_result
from rules.timing import UnfinishedBoard, bells, check_board_times, time_limit_award
from rules.translation import gettext as _

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


@dataclass(frozen=True)
class GameInput:
    """One game. ``first_breaker`` breaks the first board of this game (see
    ``RuleSet.first_breaker_by_game``).
    The ECC fields (times, unfinished board) and the queen2 fields (tie-breaker, sudden death) are
    optional."""

    boards: Sequence[BoardInput] = ()
    round: str | None = None
    stage: str | None = None
    game_no: int = 1
    first_breaker: str = "A"
    game_started_at: datetime | None = None
    first_bell_at: datetime | None = None
    second_bell_at: datetime | None = None
    unfinished_board_at_second_bell: UnfinishedBoard | None = None
    tie_breaker: TieBreaker | None = None
    sudden_death: Sequence[Mapping[str, bool]] | None = None


@dataclass
class GameState:
    """Where a game stands after its boards. ``ended_by`` is ``points_target``, ``eight_boards`` (the board
    limit, named by its number: ``four_boards`` in queen2), ``extra_board``, ``time_limit``, ``single_board``
    or None."""

    running_totals: list[dict[str, int]] = field(default_factory=list)
    boards: list[BoardResult] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    game_over: bool = False
    ended_by: str | None = None
    decided_by: str | None = None
    winner: str | None = None
    draw: bool = False
    final_score: dict[str, int] | None = None
    boards_played: int = 0
    next_board: int | None = 1
    next_breaker: str | None = None
    toss_for_break: bool = False
    extra_board_needed: bool = False
    tie_breaker_needed: bool = False
    sudden_death_needed: bool = False
    change_sides_after_board: int | None = None
    time_limit_award: dict | None = None
    first_bell_at: datetime | None = None
    second_bell_at: datetime | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def finish(self, ended_by: str, winner: str | None) -> None:
        self.game_over, self.ended_by, self.winner = True, ended_by, winner
        self.draw = winner is None


def leader(scores: dict[str, int]) -> str | None:
    if scores["A"] == scores["B"]:
        return None
    return "A" if scores["A"] > scores["B"] else "B"


def play_game(rule_set, game: GameInput) -> GameState:
    """Score the boards of a game in order and say whether it is over, why, and what comes next."""
    length = rule_set.game_length(game.round, game.stage)
    first_breaker = check_side("first_breaker", game.first_breaker, rule_set.cite("breaks"))
    if isinstance(game.game_no, bool) or not isinstance(game.game_no, int) or game.game_no < 1:
        raise RuleError("game_no", _("%(law)s: game numbers start at 1") % {"law": rule_set.cite("match")})
    timed = rule_set.time_limit is not None
    first_bell = second_bell = None
    if timed:
        first_bell, second_bell = bells(rule_set, game.game_started_at, game.first_bell_at, game.second_bell_at)
    state = GameState(first_bell_at=first_bell, second_bell_at=second_bell)
    limit, target = length.board_limit, length.points_target
    tie_pending = False
    for board_no, board in enumerate(game.boards, start=1):
        if state.game_over or (tie_pending and length.on_tie != "extra_board"):
            raise RuleError(
                "boards",
                _(
                    "board %(board)s: %(law)s: the game is over after board %(last)s (%(ended_by)s); "
                    "no further board can be played"
                )
                % {
                    "board": board_no,
                    "law": rule_set.cite("game"),
                    "last": board_no - 1,
                    "ended_by": state.ended_by or _("tie-breaker"),
                },
            )
        # ICF 49(a)(i): the break alternates; a board says who broke it only after a toss (ICF 56(b)).
        breaker = first_breaker if board_no % 2 else other(first_breaker)
        result = _score(rule_set, board_no, board, state.scores, game.stage, breaker)
        if timed:
            check_board_times(rule_set, board_no, board, first_bell, second_bell)
        state.boards.append(result)
        state.scores = dict(result.scores_after)
        state.running_totals.append(dict(state.scores))
        ahead = leader(state.scores)
        if length.single_board:
            state.finish("single_board", result.awarded_to)  # office: a group game is one board
        elif target is not None and max(state.scores.values()) >= target:
            state.finish("points_target", ahead)  # ICF 56(a): first to 25 points
        elif tie_pending:
            state.finish("extra_board", ahead or result.awarded_to)  # ICF 56(b): the extra board decides
        elif limit is not None and board_no >= limit:
            if ahead is not None:
                state.finish(f"{NUMBER_WORDS.get(limit, limit)}_boards", ahead)  # ICF 56(a): leads after 8 boards
            elif length.on_tie == "draw":
                state.finish(f"{NUMBER_WORDS.get(limit, limit)}_boards", None)  # ECC 39: level is a draw
            else:
                tie_pending = True
    state.boards_played = len(state.boards)
    if timed:
        _apply_time_limit(rule_set, game, state, first_bell)
    elif game.unfinished_board_at_second_bell is not None:
        raise RuleError(
            "unfinished_board_at_second_bell",
            _("%(law)s: this rule set has no time limit") % {"law": rule_set.cite("game")},
        )
    if tie_pending and not state.game_over:
        if length.on_tie == "extra_board":
            state.extra_board_needed = state.toss_for_break = True  # ICF 56(b): toss to choose break only
        elif length.on_tie == "tie_breaker":
            _apply_tie_breaker(rule_set, game, state, limit)
    elif game.tie_breaker is not None or game.sudden_death:
        raise RuleError(
            "tie_breaker",
            _("%(law)s: a tie-breaker follows only a tie after the last board") % {"law": rule_set.cite("tie")},
        )
    _finish_state(rule_set, game, state, first_breaker, tie_pending)
    return state


def _score(
    rule_set, board_no: int, board: BoardInput, scores: dict[str, int], stage: str | None, breaker: str
) -> BoardResult:
    if not isinstance(board, BoardInput):
        board = BoardInput.from_dict(board)
    if board.breaker is None:
        board = replace(board, breaker=breaker)
    if board.scores_before is not None and dict(board.scores_before) != scores:
        raise RuleError(
            "boards",
            _("board %(board)s: %(law)s: scores_before %(given)s do not match the running total %(scores)s")
            % {
                "board": board_no,
                "law": rule_set.cite("score_card"),
                "given": dict(board.scores_before),
                "scores": scores,
            },
        )
    try:
        result = rule_set.score_board(replace(board, scores_before=dict(scores), stage=stage))
    except RuleError as error:
        raise RuleError(
            "boards", _("board %(board)s: %(message)s") % {"board": board_no, "message": error.message}
        ) from error
    if not result.board_over:
        raise RuleError("boards", _("board %(board)s: %(message)s") % {"board": board_no, "message": result.note})
    return result


def _apply_time_limit(rule_set, game: GameInput, state: GameState, first_bell: datetime | None) -> None:
    unfinished = game.unfinished_board_at_second_bell
    if unfinished is not None:
        if state.game_over:
            raise RuleError(
                "unfinished_board_at_second_bell",
                _("%(law)s: the game was already over") % {"law": rule_set.cite("game")},
            )
        award = time_limit_award(rule_set, unfinished, state.boards_played)
        if award is not None:
            state.scores[award["player"]] += award["points"]
        state.time_limit_award = award
        state.finish("time_limit", leader(state.scores))  # ECC 39: the leader after the final bell wins
    elif not state.game_over and first_bell is not None and state.boards:
        last = game.boards[-1]
        completed = last.completed_at if isinstance(last, BoardInput) else None
        if completed is not None and completed >= first_bell:
            state.finish("time_limit", leader(state.scores))  # ECC 40: no board may start after the first bell


def _apply_tie_breaker(rule_set, game: GameInput, state: GameState, limit: int) -> None:
    law = rule_set.cite("tie")
    if game.tie_breaker is None:
        if game.sudden_death:
            raise RuleError("sudden_death", _("%(law)s: sudden death follows the tie-breaker") % {"law": law})
        state.tie_breaker_needed = state.toss_for_break = True
        return
    winner, finished = tie_breaker_result(law, game.tie_breaker)
    if winner is not None:
        if game.sudden_death:
            raise RuleError("sudden_death", _("%(law)s: the tie-breaker already decided the set") % {"law": law})
        state.finish(f"{NUMBER_WORDS.get(limit, limit)}_boards", winner)
        state.decided_by = "tie_breaker"
        return
    if not finished:
        if game.sudden_death:
            raise RuleError("sudden_death", _("%(law)s: sudden death follows the tie-breaker") % {"law": law})
        state.tie_breaker_needed = True
        return
    winner = sudden_death_result(law, game.sudden_death or [])
    if winner is None:
        state.sudden_death_needed = True
        return
    state.finish(f"{NUMBER_WORDS.get(limit, limit)}_boards", winner)
    state.decided_by = "sudden_death"


def _finish_state(rule_set, game: GameInput, state: GameState, first_breaker: str, tie_pending: bool) -> None:
    state.change_sides_after_board = rule_set.change_sides_after(game.game_no, game.round, state.running_totals)
    if state.game_over:
        state.draw = state.winner is None
        state.final_score = dict(state.scores)
        state.next_board = state.next_breaker = None
        state.toss_for_break = False
        if state.decided_by is None:
            state.decided_by = "points_target" if state.ended_by == "points_target" else "boards"
        return
    if state.tie_breaker_needed or state.sudden_death_needed:
        state.next_board = None
        return
    state.next_board = state.boards_played + 1
    if not state.toss_for_break:
        # ICF 49(a)(i): the turn to break passes alternately during the game.
        state.next_breaker = first_breaker if state.next_board % 2 else other(first_breaker)


__all__ = ["SIDES", "GameInput", "GameState", "play_game"]
