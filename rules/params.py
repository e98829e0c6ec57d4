"""Parameter groups of a rule set, as plain data. Every value cites the law it comes from in the rule-set
class."""

from dataclasses import dataclass


@dataclass(frozen=True)
class GameLength:
    """How long one game lasts for a given round or stage.

    ``on_tie`` says what happens when the scores are level once ``board_limit`` boards are played:
    ``"extra_board"`` (ICF 56(b)), ``"tie_breaker"`` (queen2), ``"draw"`` (ECC 39) or ``"none"``.
    ``single_board`` means the game is one board and the board's winner wins the game (office group stage).
    """

    points_target: int | None
    board_limit: int | None
    on_tie: str = "none"
    single_board: bool = False


@dataclass(frozen=True)
class LateArrival:
    """When a late player loses: ``minutes`` counted from ``reference`` (``"announced"``: after the match is
    announced, ``"start"``: after "Start" is called, ``"planned_before"``: this many minutes *before* the
    planned time). What the match lost so is worth is the rule set's ``walkover``."""

    minutes: int
    reference: str
    consequence: str = "loses_match"
    law: str = ""


@dataclass(frozen=True)
class Walkover:
    """A match won by walk-over: one side did not play it (late arrival, withdrawal, a loss of the entire match
    under ICF 143). ``score`` is the score written for each game the winner needs where the law gives one (ECC 18,
    124: "loses the match 25-0"); None where it gives none (ICF 143, queen2 ¶10 and ¶21: the player "shall lose
    the entire match", no score): the win counts in the table, no score is written and the score tie-breaks (net
    score, total score) take nothing from it. ``law`` names the text."""

    score: tuple[int, int] | None
    law: str = ""

    @property
    def counts_in_scores(self) -> bool:
        return self.score is not None

    def figures(self, games_per_match: int, absent_side: str) -> tuple:
        """(score_a, score_b, games_a, games_b) when ``absent_side`` ("a" or "b") loses: the score for each game
        the winner needs (a best of ``games_per_match``), or (None, None, 0, 0) where the law gives no score."""
        if self.score is None:
            return None, None, 0, 0
        games = games_per_match // 2 + 1
        won, lost = (games * self.score[0], games), (games * self.score[1], 0)
        (score_a, games_a), (score_b, games_b) = (lost, won) if absent_side == "a" else (won, lost)
        return score_a, score_b, games_a, games_b


@dataclass(frozen=True)
class TimeLimit:
    """ECC 39-41: a game stops ``minutes`` after it starts (first bell) plus ``extra_minutes`` (second
    bell)."""

    minutes: int
    extra_minutes: int
    law: str = ""


@dataclass(frozen=True)
class StandingsPoints:
    """Points in a league table for a match won, drawn or lost."""

    win: int
    draw: int
    loss: int


@dataclass(frozen=True)
class Readings:
    """How this rule set reads the places where the texts are ambiguous (see rules/README.md).

    - ``queen_score_basis``: ``"before_board"`` - the queen limit (ICF 52(b)(i), 54) and the "22 or more"
      clauses of ICF 102-112 test the score before the board; ``"with_board_coins"`` - the score plus this
      board's c/m.
    - ``special_22_score_of``: whose score the "22 or more" clauses of ICF 102-112 test: ``"beneficiary"``
      (the side the points go to) or ``"striker"``.
    - ``cap_includes_additional``: the board maximum (ICF 55) also limits the additional points demanded (ICF
      87(b)).
    - ``rule_104b_edition``: ``"current"`` - in ICF 104(b) the opponent "shall win by 1 point" (his score is
      tested); ``"older"`` - the striker "shall lose by 1 point" (the striker's score is tested).
    - ``rule_112_reduced_at_22``: the finish of ICF 112 / ECC 102 drops from 3 points to 1 at 22 or more.
    - ``protest_hour_from``: the instant from which ICF 151(c)'s hour for the decision runs: ``"written"`` - the
      written protest handed in (ICF 144, 146, 149, 150), ``"oral"`` - the oral protest intimated (ICF 145).
    """

    queen_score_basis: str = "before_board"
    special_22_score_of: str = "beneficiary"
    cap_includes_additional: bool = True
    rule_104b_edition: str = "current"
    rule_112_reduced_at_22: bool = True
    protest_hour_from: str = "written"
