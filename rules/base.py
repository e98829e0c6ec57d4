"""The RuleSet base class and the registry of rule sets by key.

A federation's rules are one subclass of ``RuleSet`` decorated with ``@register``: class attributes hold every
parameter as data, and a few methods answer the questions that differ between federations. Scoring, game and
match progression call these; they never test the key.
"""

from __future__ import annotations

from dataclasses import asdict, is_dataclass
from typing import Any

from rules.errors import RuleError, UnknownRuleSet
from rules.params import GameLength, LateArrival, Readings, StandingsPoints, TimeLimit, Walkover
from rules.specials import SITUATIONS, Situation
from rules.strokes.laws import ICF as ICF_STROKES
from rules.strokes.laws import StrokeLaws
from rules.translation import gettext as _

ROUNDS = ("league", "pre_quarter_final", "quarter_final", "semi_final", "final")

_registry: dict[str, type[RuleSet]] = {}


def register(cls: type[RuleSet]) -> type[RuleSet]:
    """Class decorator: make the rule set available under ``cls.key``."""
    if cls.key in _registry:
        raise ValueError(f"A rule set is already registered under the key {cls.key!r}")
    _registry[cls.key] = cls
    return cls


def _load() -> None:
    import rules.sets  # noqa: F401  (registers the built-in rule sets)


def get_rule_set(key: str) -> RuleSet:
    """The rule set registered under ``key``; raises ``UnknownRuleSet``."""
    _load()
    try:
        return _registry[key]()
    except KeyError:
        raise UnknownRuleSet(key) from None


def all_rule_sets() -> list[RuleSet]:
    """Every registered rule set, in registration order."""
    _load()
    return sorted((cls() for cls in _registry.values()), key=lambda rule_set: rule_set.position)


class RuleSet:
    """The laws of one federation. Subclasses override the class attributes and, where needed, the hooks."""

    key: str = ""
    name: str = ""
    source: str = ""  # file in shared/laws/
    law: str = ""  # prefix used in citations, e.g. "ICF"
    position: int = 100  # order in listings

    coin_value: int = 1
    queen_value: int = 3
    queen_counts_up_to: int | None = 21  # None: the queen counts at every score
    reduced_points: int = 1  # the "1 point" of ICF 102-112 at 22 or more
    board_maximum: int | None = 12
    points_target: int | None = 25
    board_limit: int | None = 8
    on_tie: str = "none"
    stages: tuple[str, ...] = ()  # office: group, knockout, semi_final, final
    games_per_match: int = 3
    allows_draw: bool = False
    standings_points: StandingsPoints = StandingsPoints(win=2, draw=1, loss=0)
    late_arrival: LateArrival | None = None
    walkover: Walkover = Walkover(score=None)
    protest_window_minutes: int | None = None  # None: the texts lay down no protest (see no_protest_reason)
    protest_decision_minutes: int | None = None
    no_protest_reason: str = ""  # why the protest actions are not offered, where protest_window_minutes is None
    stroke_seconds: int | None = None
    time_limit: TimeLimit | None = None
    additional_points: str = "on_demand"  # or "automatic" (ECC)
    special_endings: frozenset[str] = frozenset(SITUATIONS)
    special_refusals: dict[str, str] = {}
    readings: Readings = Readings()
    citations: dict[str, str] = {}
    stroke_laws: StrokeLaws = ICF_STROKES  # what each stroke costs (rules.strokes)

    # --- hooks ------------------------------------------------------------------------------------
    def cite(self, topic: str) -> str:
        """The law for a topic, e.g. ``cite("coins") == "ICF 52"``."""
        return self.citations.get(topic, self.law)

    def queen_counts(self, score: int) -> bool:
        """Whether the queen is credited to a player with this score (ICF 52(b)(i), 54)."""
        return self.queen_counts_up_to is None or score <= self.queen_counts_up_to

    def queen_left_on_board(self) -> str:
        """A player finished his c/m with the Queen still on the board in an ordinary finish. Raise a
        RuleError
        where the law makes this a special finish; return a note where the board simply goes on."""
        raise RuleError("queen", str(self.cite("queen_left")))

    def check_special_allowed(self, situation: Situation) -> None:
        if situation.key not in self.special_endings:
            law = self.cite("special")
            refusal = self.special_refusals.get(situation.key)
            if refusal is None:
                message = _("%(law)s: the finish of ICF %(icf)s is not part of the %(rule_set)s") % {
                    "law": law,
                    "icf": situation.icf,
                    "rule_set": self.name,
                }
            else:
                message = f"{law}: {refusal}"
            raise RuleError("special_ending", message)

    def special_law(self, situation: Situation, proper: bool) -> str:
        return f"ICF {situation.icf}({'a' if proper else 'b'})" if "(" not in situation.icf else f"ICF {situation.icf}"

    def game_length(self, round: str | None = None, stage: str | None = None) -> GameLength:
        """How long a game lasts in this round or stage."""
        if round is not None and round not in ROUNDS:
            raise RuleError(
                "round",
                _("%(law)s: round must be one of %(rounds)s") % {"law": self.cite("game"), "rounds": ", ".join(ROUNDS)},
            )
        return GameLength(self.points_target, self.board_limit, self.on_tie)

    def check_final_score(self, score, round: str | None = None, stage: str | None = None) -> None:
        """Refuse a game's final score ({"A", "B"}) that no game of this round or stage can end with (ICF 55,
        56(a)): a ``RuleError`` on ``games`` citing the law."""
        from rules.final_score import check_final_score

        check_final_score(self, score, round, stage)

    def change_sides_after(self, game_no: int, round: str | None, totals: list[dict[str, int]]) -> int | None:
        """The board after which the players change sides within this game, if they do (ICF 60)."""
        return None

    def first_breaker_by_game(self, first: str) -> dict[int, str]:
        """Who breaks the first board of each game, given who breaks the first board of the match (ICF
        49(a))."""
        second = "B" if first == "A" else "A"
        return {n: first if n % 2 else second for n in range(1, self.games_per_match + 1)}

    # --- public API -------------------------------------------------------------------------------
    def score_board(self, board):
        """Score one board: ``BoardInput -> BoardResult``."""
        from rules.board import score_board

        return score_board(self, board)

    def play_game(self, game):
        """Feed a game's boards in order: ``GameInput -> GameState``."""
        from rules.game import play_game

        return play_game(self, game)

    def match_state(self, match):
        """Progress of a match: ``MatchInput -> MatchState``."""
        from rules.match import match_state

        return match_state(self, match)

    def play_strokes(self, opening, strokes):
        """A board kept stroke by stroke: ``Opening`` and ``Stroke``s -> ``Played`` (``rules.strokes``)."""
        from rules.strokes import play_strokes

        return play_strokes(self, opening, strokes)

    def stroke_fouls(self) -> list:
        """The fouls an umpire may name at the board under these laws."""
        return list(self.stroke_laws.fouls)

    def parameters(self) -> dict[str, Any]:
        """Every parameter as JSON-ready data."""

        def plain(value):
            if is_dataclass(value):
                return asdict(value)
            if isinstance(value, frozenset):
                return sorted(value)
            if isinstance(value, tuple):
                return list(value)
            return value

        names = [
            "coin_value", "queen_value", "queen_counts_up_to", "reduced_points", "board_maximum",
            "points_target", "board_limit", "on_tie", "stages", "games_per_match", "allows_draw",
            "standings_points", "late_arrival", "walkover", "protest_window_minutes", "protest_decision_minutes",
            "stroke_seconds", "time_limit", "additional_points", "special_endings", "readings",
        ]  # fmt: skip
        data = {name: plain(getattr(self, name)) for name in names}
        data["game_lengths"] = self.game_lengths()
        data["side_changes"] = str(self.side_change_rule)  # in the reader's language
        data["stroke_fouls"] = [foul.as_dict() for foul in self.stroke_fouls()]
        return data

    side_change_rule: str = ""

    def game_lengths(self) -> dict[str, dict]:
        keys = self.stages or ROUNDS
        if self.stages:
            return {k: asdict(self.game_length(stage=k)) for k in keys}
        return {k: asdict(self.game_length(round=k)) for k in keys}

    def describe(self) -> dict[str, Any]:
        return {"key": self.key, "name": str(self.name), "source": self.source, "parameters": self.parameters()}
