"""Match progression: games won, who breaks first in each game, whether the match is over (ICF 39, 49, 57)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from rules.board import SIDES, check_side, other
from rules.errors import RuleError
from rules.translation import gettext as _

CHOICES = ("break", "side")


@dataclass(frozen=True)
class GameResult:
    """A finished game: its number, winner (None for a draw where the rule set allows draws) and score."""

    game_no: int
    winner: str | None
    score: Mapping[str, int] | None = None


@dataclass(frozen=True)
class MatchInput:
    """The toss (ICF 39: the winner chooses the break or the side) and the games played so far, in order."""

    toss_winner: str
    toss_choice: str = "break"
    games: Sequence[GameResult] = ()
    round: str | None = None
    # A competition may play longer matches than its rule set's default (a Eurocup final, best of three).
    games_per_match: int | None = None


@dataclass
class MatchState:
    match_over: bool = False
    winner: str | None = None
    draw: bool = False
    games_won: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    games_played: int = 0
    games_to_win: int = 2
    first_breaker_by_game: dict[int, str] = field(default_factory=dict)
    next_game: int | None = 1
    next_first_breaker: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def match_state(rule_set, match: MatchInput) -> MatchState:
    toss_law = rule_set.cite("toss")
    match_law = rule_set.cite("match")
    toss_winner = check_side("toss", match.toss_winner, toss_law)
    if match.toss_choice not in CHOICES:
        raise RuleError("toss", _("%(law)s: the winner of the toss chooses 'break' or 'side'") % {"law": toss_law})
    # ICF 39(a), (c): choosing the side leaves the break to the loser of the toss.
    first = toss_winner if match.toss_choice == "break" else other(toss_winner)
    games_per_match = match.games_per_match or rule_set.games_per_match
    if games_per_match < 1 or games_per_match % 2 == 0:
        raise RuleError(
            "games_per_match", _("%(law)s: a match is played over an odd number of games") % {"law": match_law}
        )
    needed = games_per_match // 2 + 1  # ICF 57: best of three
    state = MatchState(games_to_win=needed, first_breaker_by_game=rule_set.first_breaker_by_game(first))
    for index, game in enumerate(match.games, start=1):
        if not isinstance(game, GameResult):
            game = GameResult(**game)
        if state.match_over:
            raise RuleError(
                "games", _("game %(game)s: %(law)s: the match is already over") % {"game": index, "law": match_law}
            )
        if game.game_no != index:
            raise RuleError(
                "games",
                _("game %(game)s: %(law)s: games are numbered 1, 2, 3 in order") % {"game": index, "law": match_law},
            )
        winner = _check_game(rule_set, index, game, match.round)
        state.games_played = index
        if winner is not None:
            state.games_won[winner] += 1
        if winner is not None and state.games_won[winner] >= needed:
            state.match_over, state.winner = True, winner
        elif index >= games_per_match:
            state.match_over = True
            ahead = [s for s in SIDES if state.games_won[s] > state.games_won[other(s)]]
            state.winner = ahead[0] if ahead else None
            state.draw = not ahead
    if not state.match_over:
        state.next_game = state.games_played + 1
        state.next_first_breaker = state.first_breaker_by_game.get(state.next_game)
    else:
        state.next_game = None
    return state


def _check_game(rule_set, index: int, game: GameResult, round: str | None) -> str | None:
    law = rule_set.cite("match")
    if game.winner is not None:
        check_side("games", game.winner, _("game %(game)s: %(law)s") % {"game": index, "law": law})
    score = game.score
    if score is None:
        if game.winner is None and not rule_set.allows_draw:
            raise RuleError(
                "games",
                _("game %(game)s: %(law)s: every game has a winner") % {"game": index, "law": rule_set.cite("game")},
            )
        return game.winner
    if not isinstance(score, Mapping) or set(score) != set(SIDES):
        raise RuleError(
            "games", _("game %(game)s: %(law)s: give the score of 'A' and 'B'") % {"game": index, "law": law}
        )
    for value in score.values():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RuleError(
                "games",
                _("game %(game)s: %(law)s: scores are whole numbers, not negative") % {"game": index, "law": law},
            )
    try:  # a score the boards cannot add up to (ICF 55, 56(a)), e.g. 999-0
        rule_set.check_final_score(score, round=round)
    except RuleError as error:
        raise RuleError(
            error.field, _("game %(game)s: %(message)s") % {"game": index, "message": error.message}
        ) from None
    if score["A"] != score["B"]:
        higher = "A" if score["A"] > score["B"] else "B"
        if game.winner != higher:
            raise RuleError(
                "games",
                _("game %(game)s: %(law)s: the winner is the player with more points")
                % {"game": index, "law": rule_set.cite("game")},
            )
        return higher
    if game.winner is None:
        if not rule_set.allows_draw:
            if rule_set.on_tie == "extra_board":
                message = _("game %(game)s: %(law)s: a level game is decided by an extra board")
            else:
                message = _("game %(game)s: %(law)s: a level game is decided by a tie-breaker")
            raise RuleError("games", message % {"game": index, "law": rule_set.cite("game")})
        return None
    if rule_set.allows_draw:
        raise RuleError(
            "games",
            _("game %(game)s: %(law)s: a level game is a draw, it has no winner")
            % {"game": index, "law": rule_set.cite("game")},
        )
    return game.winner  # decided by an extra board (ICF 56(b)) or a tie-breaker (queen2 ¶12-15)
