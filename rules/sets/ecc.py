"""ECC Laws for self-umpired games, Swiss Eurocup (shared/laws/ecc-self-umpired-eurocup.txt)."""

from rules.base import RuleSet, register
from rules.params import GameLength, LateArrival, Readings, StandingsPoints, TimeLimit, Walkover
from rules.specials import SITUATIONS
from rules.strokes.laws import ECC as ECC_STROKES
from rules.translation import gettext_lazy


@register
class ECC(RuleSet):
    key = "ecc"
    name = gettext_lazy("ECC Laws for Self-Umpired Games (Swiss Eurocup)")
    source = "ecc-self-umpired-eurocup.txt"
    law = "ECC"
    position = 2

    coin_value = 1  # ECC 33
    queen_value = 3  # ECC 33
    queen_counts_up_to = 21  # ECC 33, 37
    reduced_points = 1  # ECC 93-99
    board_maximum = 12  # ECC 38
    points_target = 25  # ECC 39
    board_limit = 8  # ECC 39
    on_tie = "draw"  # ECC 39 has no extra board: level after eight boards is a draw
    allows_draw = True
    games_per_match = 1  # ECC 18, 124: a match is one game, lost 25-0 by forfeit
    standings_points = StandingsPoints(win=2, draw=1, loss=0)  # not in the laws; our choice
    late_arrival = LateArrival(6, "start", "loses_match", "ECC 18")
    walkover = Walkover(score=(25, 0), law="ECC 18, 124")  # "loses the match 25-0"
    # ECC: self-umpired; its laws name no Umpire to intimate a protest to, no fee, no window, no decision time.
    no_protest_reason = gettext_lazy(
        "ECC laws for self-umpired games have no protest: there is no Umpire to receive one, no scrutiny fee "
        "and no decision time."
    )
    stroke_seconds = 15  # ECC 27, 30
    time_limit = TimeLimit(50, 7, "ECC 39-41")
    additional_points = "automatic"  # ECC 98-102: "shall be awarded to the opponent", no demand
    special_endings = frozenset(SITUATIONS) - {"cover_last_opp", "plays_on_during_appeal"}
    special_refusals = {
        "cover_last_opp": gettext_lazy(
            "the ECC laws have no counterpart of ICF 103 (covering the Queen with the opponent's last c/m)"
        ),
        "plays_on_during_appeal": gettext_lazy(
            "self-umpired games have no Umpire to appeal to; ICF 121(b) has no ECC counterpart"
        ),
    }
    # ECC 102 gives 3 points with no "22 or more" clause; the text wins (shared/laws/README.md).
    readings = Readings(rule_112_reduced_at_22=False)
    side_change_rule = gettext_lazy("ECC 17: the order of sitting continues throughout the match (one game)")
    stroke_laws = ECC_STROKES
    citations = {
        "slam": "ECC XXV, XXVI",
        "coins": "ECC 34",
        "winner": "ECC 32",
        "queen": "ECC 33, 37",
        "scoring": "ECC 32-38",
        "board_maximum": "ECC 38",
        "dues": "ECC 38",
        "game": "ECC 39",
        "time": "ECC 40",
        "second_bell": "ECC 41",
        "tie": "ECC 39",
        "match": "ECC 18",
        "toss": "ECC 16, 17",
        "breaks": "ECC 29",
        "special": "ECC 93-102",
        "additional": "ECC 98-102",
        "score_card": "ECC 39",
        "sides": "ECC 17",
        "queen_left": gettext_lazy(
            "ECC 97: a player who pockets his last c/m leaving the Queen on the board loses the board; "
            "enter it as the special ending 'last_own_queen_on_board'"
        ),
    }

    def special_law(self, situation, proper):
        return f"ECC {situation.ecc}"

    def game_length(self, round=None, stage=None):
        super().game_length(round, stage)
        return GameLength(25, 8, "draw")  # ECC 39: 25 points, eight boards or the time limit
