"""ICF Laws of Carrom (shared/laws/icf-laws-of-carrom.txt): umpired international play."""

from rules.base import RuleSet, register
from rules.params import GameLength, LateArrival, StandingsPoints, Walkover
from rules.translation import gettext_lazy

EIGHT_BOARD_ROUNDS = (
    "league",
    "pre_quarter_final",
)  # ICF 56(b), 60(a): "up to and including pre-quarter finals"


@register
class ICF(RuleSet):
    key = "icf"
    name = gettext_lazy("ICF Laws of Carrom")
    source = "icf-laws-of-carrom.txt"
    law = "ICF"
    position = 1

    coin_value = 1  # ICF 52(b)(ii)
    queen_value = 3  # ICF 52(b)(i)
    queen_counts_up_to = 21  # ICF 52(b)(i), 54: lost once the player has reached 22
    reduced_points = 1  # ICF 102-112: "If the score is 22 or more he shall win by 1 point"
    board_maximum = 12  # ICF 55
    points_target = 25  # ICF 56(a)
    board_limit = 8  # ICF 56(a), (b)
    on_tie = "extra_board"  # ICF 56(b)
    games_per_match = 3  # ICF 57: best of three games
    standings_points = StandingsPoints(win=2, draw=1, loss=0)  # not in the laws; our choice
    late_arrival = LateArrival(15, "announced", "loses_match", "ICF 143(i)")
    # ICF 143: the player "shall be liable to lose the entire match", no score: the win counts, nothing else.
    walkover = Walkover(score=None, law="ICF 143")
    protest_window_minutes = 15  # ICF 146
    protest_decision_minutes = 60  # ICF 151(c)
    stroke_seconds = 15  # ICF 46, 50
    side_change_rule = gettext_lazy(
        "ICF 58-60: sides change at the end of each game; in the third game after the 4th board or when a "
        "player reaches 13 points, whichever is earlier (up to pre-quarter-finals), from quarter-finals only "
        "when a player reaches 13 points"
    )
    citations = {
        "slam": "ICF 26",
        "coins": "ICF 52",
        "winner": "ICF 52(a)",
        "queen": "ICF 52(b), 54",
        "scoring": "ICF 52-55",
        "board_maximum": "ICF 55",
        "dues": "ICF 55",
        "game": "ICF 56",
        "tie": "ICF 56(b)",
        "match": "ICF 57",
        "toss": "ICF 39",
        "breaks": "ICF 49",
        "special": "ICF 102-112",
        "additional": "ICF 87(b)",
        "score_card": "ICF XIX (score card)",
        "sides": "ICF 58-60",
        "protest_fee": "ICF 145",
        "protest_window": "ICF 146",
        "protest_decision": "ICF 151(c)",
        "queen_left": gettext_lazy(
            "ICF 107: a player who pockets his last c/m while the Queen is on the board loses the board; "
            "enter it as the special ending 'last_own_queen_on_board'"
        ),
    }

    def game_length(self, round=None, stage=None):
        super().game_length(round, stage)
        if round is None or round in EIGHT_BOARD_ROUNDS:
            # ICF 56(b): eight boards, an extra board after a tie (toss for the break).
            return GameLength(25, 8, "extra_board")
        # ICF 56(b) limits the eight-board game to rounds up to pre-quarter-finals: later games go to 25
        # points.
        return GameLength(25, None, "none")

    def change_sides_after(self, game_no, round, totals):
        # ICF 58, 59: change at the end of each game; ICF 60: within the third game.
        if game_no != 3:
            return None
        for board_no, score in enumerate(totals, start=1):
            if max(score.values()) >= 13:  # ICF 60(a), (b): "after any player/pair has scored 13 points"
                return board_no
            if board_no == 4 and (round is None or round in EIGHT_BOARD_ROUNDS):  # ICF 60(a)
                return board_no
        return None
