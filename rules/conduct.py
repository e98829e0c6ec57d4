"""The laws of conduct of each rule set: what an umpire may record at the board, as data.

ICF 136-143 (shared/laws/icf-laws-of-carrom.txt): the rest before the deciding game (ICF 138), conceding a game
or the match (ICF 139), the loss of the entire match for indiscipline (ICF 143 (a)-(h); (i), late arrival, is
the check-in desk's) and the disciplinary action a protest in abusive language invites (ICF 148). queen2 takes
them all from the ICF laws ("All the rules & regulations except those listed above", queen2 ¶21). The ECC laws
for self-umpired games have one counterpart: abandoning the game loses the entire match (ECC 124, section P).
A rule set without a counterpart offers no action, and says why (`refusal`).

Each rule set's catalogue is declared below under its key; `conduct_laws(rule_set)` looks it up."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.translation import gettext_lazy

# A player's second warning for distraction: ICF 143(h), "more than twice, despite Umpire's warning", read as the
# third distraction losing the match once the first two were warned. The other reading (three warnings first,
# the fourth loses) is listed in rules/README.md.
DISTRACTION_WARNINGS_NEEDED = 2


@dataclass(frozen=True)
class Clause:
    """A sub-clause under which a player loses the entire match. `warnings_needed`: the umpire's warnings for
    the same clause the player must have had in this match before it is offered (ICF 143(h))."""

    key: str
    law: str
    label: str
    warnings_needed: int = 0
    by_umpire: bool = True  # False: applied by the periodic task (ICF 143(b)), not offered on the card


@dataclass(frozen=True)
class ConductLaws:
    """A rule set's laws of conduct. Every `None` law has its reason in `refusals` under the same name."""

    losses: tuple[Clause, ...] = ()
    warning_law: str | None = None  # what a warning cites; its clause is the one `warnings_needed` counts
    warning_clause: str | None = None
    concession_law: str | None = None
    # What a conceded game is worth: the law gives no score, so the game goes to the opponent and the points
    # stand as they were on the card ("as_it_stands").
    conceded_game: str = "as_it_stands"
    rest_minutes: int | None = None
    rest_law: str | None = None
    rest_loss_clause: str | None = None  # the clause applied to a player not back in time
    abusive_protest: str | None = None
    refusals: dict[str, str] = field(default_factory=dict)

    def clause(self, key):
        return next((clause for clause in self.losses if clause.key == key), None)

    def refusal(self, action):
        return str(self.refusals.get(action, ""))


def _icf_clauses(suffix=""):
    def law(number):
        return f"ICF {number}{suffix}"

    return (
        Clause("left_board_area", law("143(a)"), gettext_lazy("Left the match board area without permission")),
        Clause(
            "rest_time",
            law("143(b)"),
            gettext_lazy("Not back when the rest before the deciding game ended"),
            by_umpire=False,
        ),
        Clause("refused_decision", law("143(c)"), gettext_lazy("Refused to abide by the decision of an official")),
        Clause("insulting_remarks", law("143(d)"), gettext_lazy("Insulting remarks against officials")),
        Clause("intoxication", law("143(e)"), gettext_lazy("Smoking, intoxicating drinks or drugs while at play")),
        Clause("uncertified_striker", law("143(f)"), gettext_lazy("Played with an uncertified striker")),
        Clause("discontinued_play", law("143(g)"), gettext_lazy("Discontinued play without permission")),
        Clause(
            "distraction",
            law("143(h)"),
            gettext_lazy("Distracted the opponent more than twice, despite warnings"),
            warnings_needed=DISTRACTION_WARNINGS_NEEDED,
        ),
    )


def _icf(suffix=""):
    return ConductLaws(
        losses=_icf_clauses(suffix),
        warning_law=f"ICF 143(h){suffix}",
        warning_clause="distraction",
        concession_law=f"ICF 139{suffix}",
        rest_minutes=10,  # ICF 138
        rest_law=f"ICF 138{suffix}",
        rest_loss_clause="rest_time",
        abusive_protest=f"ICF 148{suffix}",
    )


NO_UMPIRE = gettext_lazy(
    "the ECC laws for self-umpired games have no umpire's warning and no counterpart of ICF 143(h)"
)
NONE_IN_OFFICE = gettext_lazy("the office league rules have no laws of conduct")

CATALOGUE = {
    "icf": _icf(),
    "queen2": _icf(" (queen2 ¶21)"),
    "ecc": ConductLaws(
        # ECC 124 (section P): "A player may lose the entire match 25-0 for: Abandoning the game, failing to
        # appear..."; failing to appear is the check-in desk's (ECC 18).
        losses=(Clause("discontinued_play", "ECC 124 (P)", gettext_lazy("Abandoned the game")),),
        refusals={
            "warning": NO_UMPIRE,
            "concession": gettext_lazy(
                "the ECC laws have no counterpart of ICF 139 (conceding); a player who stops abandons the game "
                "(ECC 124)"
            ),
            "rest": gettext_lazy("the ECC laws have no counterpart of ICF 138: a match is one game (ECC 18, 39)"),
            "abusive_protest": gettext_lazy("the ECC laws for self-umpired games have no protests (ICF 148)"),
            "loss": gettext_lazy("the ECC laws list only abandoning the game and late arrival (ECC 124, 18)"),
        },
    ),
}


def conduct_laws(rule_set) -> ConductLaws:
    """The laws of conduct of `rule_set` (a RuleSet); a rule set not in the catalogue has none."""
    found = CATALOGUE.get(rule_set.key)
    if found is not None:
        return found
    reason = NONE_IN_OFFICE if rule_set.key == "office" else gettext_lazy("this rule set has no laws of conduct")
    actions = ("warning", "concession", "rest", "abusive_protest", "loss")
    return ConductLaws(refusals=dict.fromkeys(actions, reason))


def concede_game(state, conceding: str):
    """ICF 139: the game a player (side "A" or "B") concedes is over, won by the opponent, worth what the
    catalogue's `conceded_game` says: "as_it_stands", the points on the card when it was conceded (the law gives
    the game no score of its own). Mutates and returns the rules.game.GameState."""
    if not state.game_over:
        state.finish("conceded", "B" if conceding == "A" else "A")
        state.final_score = dict(state.scores)
        state.next_board = state.next_breaker = None
        state.extra_board_needed = state.tie_breaker_needed = state.sudden_death_needed = False
    return state
