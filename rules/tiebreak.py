"""queen2 tie-breaker and sudden death (queen2 ¶12-16), after four boards with equal scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.errors import RuleError
from rules.translation import gettext as _

CHANCES = 3  # queen2 ¶12: three chances each, alternately


@dataclass(frozen=True)
class TieBreaker:
    """``first`` took the first chance (decided by toss, queen2 ¶16); ``attempts`` lists each player's
    chances in
    order, ``True`` when the c/m was pocketed."""

    first: str
    attempts: Mapping[str, Sequence[bool]]


def tie_breaker_result(law: str, tie_breaker: TieBreaker) -> tuple[str | None, bool]:
    """``(winner, finished)``. Finished without a winner means still level after three chances each
    (sudden death follows, queen2 ¶14). A player wins early once the other cannot catch up."""
    if tie_breaker.first not in ("A", "B"):
        raise RuleError("tie_breaker", _("%(law)s: 'first' must be 'A' or 'B'") % {"law": law})
    attempts = tie_breaker.attempts
    if not isinstance(attempts, Mapping) or set(attempts) - {"A", "B"}:
        raise RuleError("tie_breaker", _("%(law)s: attempts are given for 'A' and 'B'") % {"law": law})
    taken = {side: list(attempts.get(side, [])) for side in ("A", "B")}
    for side, chances in taken.items():
        if len(chances) > CHANCES:
            raise RuleError(
                "tie_breaker",
                _("%(law)s: each player has only %(chances)s chances (%(side)s has %(taken)s)")
                % {"law": law, "chances": CHANCES, "side": side, "taken": len(chances)},
            )
        if any(not isinstance(c, bool) for c in chances):
            raise RuleError("tie_breaker", _("%(law)s: each chance is true (pocketed) or false") % {"law": law})
    second = "B" if tie_breaker.first == "A" else "A"
    if len(taken[tie_breaker.first]) - len(taken[second]) not in (0, 1):
        raise RuleError(
            "tie_breaker",
            _("%(law)s: the players take their chances alternately, %(first)s first")
            % {"law": law, "first": tie_breaker.first},
        )
    hits = {side: sum(chances) for side, chances in taken.items()}
    left = {side: CHANCES - len(chances) for side, chances in taken.items()}
    for side, rival in (("A", "B"), ("B", "A")):
        if hits[side] > hits[rival] + left[rival]:
            return side, True
    return None, left["A"] == 0 and left["B"] == 0


def sudden_death_result(law: str, rounds: Sequence[Mapping[str, bool]]) -> str | None:
    """The winner of the sudden death (queen2 ¶15): the first round in which one pockets and the other
    fails."""
    for number, chance in enumerate(rounds, start=1):
        if not isinstance(chance, Mapping) or set(chance) != {"A", "B"}:
            raise RuleError("sudden_death", _("%(law)s: each round gives a chance to 'A' and to 'B'") % {"law": law})
        if any(not isinstance(v, bool) for v in chance.values()):
            raise RuleError("sudden_death", _("%(law)s: each chance is true (pocketed) or false") % {"law": law})
        if chance["A"] != chance["B"]:
            if number != len(rounds):
                raise RuleError(
                    "sudden_death",
                    _("%(law)s: the set was decided in round %(round)s; no more rounds")
                    % {"law": law, "round": number},
                )
            return "A" if chance["A"] else "B"
    return None
