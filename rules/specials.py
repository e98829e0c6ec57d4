"""The special finishes of ICF 102-112 and 121(b), as data.

Each situation says who gets the points (the striker or his opponent, for a proper and an improper stroke),
how the fixed points are counted, and how many additional points the beneficiary may demand (ICF 87(b)).

``base`` is one of:
- ``"win_points"``: 3 points (the queen's value), or 1 point when the score is 22 or more (e.g. ICF 102, 105,
  107);
- ``"one"``: always 1 point (ICF 110);
- ``"coins_and_queen"``: the striker's c/m left on the board plus the queen's value, c/m only at 22 or more
  (ICF 103, 106, 111);
- ``"coins_and_queen_if_on_board"``: like ``coins_and_queen`` but the queen only if it lies on the board (ICF
  121(b): "with the points of the Queen, as per Laws, if it is lying on the C/B").
"""

from dataclasses import dataclass

from rules.translation import gettext_lazy


@dataclass(frozen=True)
class Situation:
    key: str
    icf: str  # ICF rule number
    ecc: str | None  # ECC counterpart, if the ECC laws have one
    proper_to: str  # "striker" or "opponent"
    improper_to: str
    base: str
    additional_proper: int
    additional_improper: int
    description: str  # shown to people: translated when read


# fmt: off
SITUATIONS: dict[str, Situation] = {
    s.key: s
    for s in [
        Situation(
            "cover_last_own_and_last_opp", "102", "93", "striker", "opponent", "win_points", 0, 1,
            gettext_lazy("While covering the Queen, pockets his last c/m together with the opponent's last c/m"),
        ),
        Situation(
            "cover_last_opp", "103", None, "opponent", "opponent", "coins_and_queen", 0, 1,
            gettext_lazy("While covering the Queen, pockets the opponent's last c/m"),
        ),
        Situation(
            "queen_last_own_last_opp", "104", "94", "striker", "opponent", "win_points", 0, 1,
            gettext_lazy("Pockets the Queen with his last c/m and the opponent's last c/m"),
        ),
        Situation(
            "last_own_last_opp_queen_on_board", "105", "95", "opponent", "opponent", "win_points", 0, 1,
            gettext_lazy("Pockets his last c/m and the opponent's last c/m while the Queen is on the board"),
        ),
        Situation(
            "last_opp_queen_on_board", "106", "96", "opponent", "opponent", "coins_and_queen", 0, 1,
            gettext_lazy("Pockets the opponent's last c/m while the Queen is on the board"),
        ),
        Situation(
            "last_own_queen_on_board", "107", "97", "opponent", "opponent", "win_points", 0, 1,
            gettext_lazy("Pockets his last c/m leaving the Queen on the board"),
        ),
        Situation(
            "last_own_with_striker_queen_on_board", "108", "98", "opponent", "opponent", "win_points", 1, 2,
            gettext_lazy("Pockets his last c/m with the Striker leaving the Queen on the board"),
        ),
        Situation(
            "queen_last_own_last_opp_with_striker", "109", "99", "opponent", "opponent", "win_points", 1, 2,
            gettext_lazy("Pockets the Queen, his last c/m and the opponent's last c/m together with the Striker"),
        ),
        Situation(
            "last_own_last_opp_with_striker_queen_covered_by_striker", "110", "100", "opponent", "opponent",
            "one", 1, 2,
            gettext_lazy("Pockets his last c/m and the opponent's last c/m with the Striker; he had covered the Queen"),
        ),
        Situation(
            "last_opp_with_striker_queen_on_board", "111", "101", "opponent", "opponent", "coins_and_queen",
            1, 2,
            gettext_lazy("Pockets the opponent's last c/m with the Striker leaving the Queen on the board"),
        ),
        Situation(
            "last_own_last_opp_with_striker_queen_covered_by_opponent", "112", "102", "opponent", "opponent",
            "win_points", 1, 2,
            gettext_lazy(
                "Pockets his last c/m and the opponent's last c/m with the Striker; "
                "the opponent had covered the Queen"
            ),
        ),
        Situation(
            "plays_on_during_appeal", "121(b)", None, "opponent", "opponent", "coins_and_queen_if_on_board",
            0, 0,
            gettext_lazy("Plays on during an appeal before the Umpire has ordered 'Play'"),
        ),
    ]
}
# fmt: on
