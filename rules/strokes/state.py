"""The shapes of a board kept stroke by stroke: how it opens, one stroke as the umpire sees it, and the board's
state after each stroke. Plain data; the engine that advances a state is ``rules.strokes.umpired`` (ICF, ECC,
queen2) or ``rules.strokes.office``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from rules.board import MAX_COINS, SIDES, BoardInput, BoardResult, other

KINDS = ("stroke", "foul", "time_out")
QUEEN_ON_BOARD, AWAITING_COVER, COVERED, HELD = "on_board", "awaiting_cover", "covered", "held"


@dataclass(frozen=True)
class Opening:
    """How the board opens: who breaks (he has the white c/m, ICF 43), the game's scores before it (the "22 or
    more" clauses read them) and, for the office league, the stage."""

    breaker: str = "A"
    scores_before: Mapping[str, int] | None = None
    stage: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Opening:
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


@dataclass(frozen=True)
class Stroke:
    """One event at the board as the umpire sees it.

    ``kind`` "stroke": what went into the pockets (``own`` and ``opponent`` c/m counted from the striker's side,
    ``queen``, ``striker``); ``foul`` names the law the stroke broke (an improper stroke); ``missed``: a break
    attempt that touched no c/m (ICF 45). ``kind`` "foul": a foul named by its law (``foul``), committed by
    ``by`` (the player whose turn it is, if not given). ``kind`` "time_out": the player whose turn it is took
    longer than the stroke clock allows. ``covers``: the umpire says this stroke covers the Queen (checked).
    ``additional_points_demanded``: what the beneficiary demands if this stroke ends the board (ICF 87(b))."""

    kind: str = "stroke"
    own: int = 0
    opponent: int = 0
    queen: bool = False
    striker: bool = False
    foul: str | None = None
    by: str | None = None
    missed: bool = False
    covers: bool | None = None
    additional_points_demanded: int = 0

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Stroke:
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})

    def as_dict(self) -> dict[str, Any]:
        """Only what differs from a plain stroke: the stored form stays short."""
        plain = Stroke()
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != getattr(plain, f.name)}

    @property
    def pockets_anything(self) -> bool:
        return bool(self.own or self.opponent or self.queen or self.striker)


@dataclass(frozen=True)
class Follows:
    """One thing that follows from a stroke, with the law that says so."""

    law: str
    text: str

    def as_dict(self) -> dict[str, str]:
        return {"law": self.law, "text": str(self.text)}


@dataclass
class BoardState:
    """A board between two strokes. ``on_board``: each side's c/m on the board; ``dues``: c/m each side owes
    that cannot be taken out yet (ICF 72(c)); ``queen``: on the board, awaiting its cover by ``queen_by``,
    covered by ``queen_by``, or (queen2, office before the turn ends) held by ``queen_by``. ``turn_no`` counts the
    turns of play (a slam is made in the first turn, ICF 26)."""

    breaker: str
    scores_before: dict[str, int]
    turn: str
    on_board: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SIDES, MAX_COINS))
    has_pocketed: dict[str, bool] = field(default_factory=lambda: dict.fromkeys(SIDES, False))
    dues: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SIDES, 0))
    queen: str = QUEEN_ON_BOARD
    queen_by: str | None = None
    broken: bool = False
    break_attempts: int = 0
    turn_no: int = 1
    strokes_in_turn: int = 0
    queen_returns: bool = False  # office: pocketed before it was allowed, it returns at the end of the turn
    finished_first: str | None = None  # queen2 ¶9: who has pocketed all his c/m while the Queen is on the board
    follows: list[Follows] = field(default_factory=list)
    board_input: BoardInput | None = None
    result: BoardResult | None = None
    stroke_seconds: int | None = None
    # The side the stroke that made this state is charged with a foul to (a penalty or Due, an improper stroke, a
    # time-out the laws make a foul, the office sheet's fouls), None if none: what the statistics count.
    fouled_by: str | None = None

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def covering(self) -> bool:
        """The Queen awaits the cover of the player whose turn it is (ICF 15, 96)."""
        return self.queen == AWAITING_COVER and self.queen_by == self.turn

    @property
    def colours(self) -> dict[str, str]:
        return {self.breaker: "white", other(self.breaker): "black"}  # ICF 43

    def copy(self) -> BoardState:
        """A copy to advance: the dictionaries are new, the rest is immutable."""
        twin = BoardState(**{f.name: getattr(self, f.name) for f in fields(self)})
        for name in ("on_board", "has_pocketed", "dues"):
            setattr(twin, name, dict(getattr(self, name)))
        twin.follows, twin.fouled_by = [], None
        return twin

    def as_dict(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "breaker": self.breaker,
            "colours": self.colours,
            "on_board": dict(self.on_board),
            "queen": self.queen,
            "queen_by": self.queen_by,
            "dues": dict(self.dues),
            "broken": self.broken,
            "break_attempts": self.break_attempts,
            "turn_no": self.turn_no,
            "over": self.over,
            "result": self.result.as_dict() if self.result else None,
            "follows": [item.as_dict() for item in self.follows],
            "stroke_seconds": self.stroke_seconds,
            "fouled_by": self.fouled_by,
        }


@dataclass(frozen=True)
class Played:
    """A board's strokes played: the state before any stroke, after each, and the result once it is over."""

    opening_state: BoardState
    states: list[BoardState]

    @property
    def state(self) -> BoardState:
        return self.states[-1] if self.states else self.opening_state

    @property
    def result(self) -> BoardResult | None:
        return self.state.result

    @property
    def board_input(self) -> BoardInput | None:
        return self.state.board_input

    def as_dict(self) -> dict[str, Any]:
        return {
            "opening": self.opening_state.as_dict(),
            "states": [state.as_dict() for state in self.states],
            "over": self.state.over,
            "result": self.result.as_dict() if self.result else None,
        }
