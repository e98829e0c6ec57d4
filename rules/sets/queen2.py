"""Queen 2 points variant (shared/laws/queen-two-point-variant.txt), on top of the ICF laws.

The text is unnumbered; we cite its paragraphs as ``queen2 ¶n`` counting non-empty lines from the top.
"""

from rules.base import RuleSet, register
from rules.params import GameLength, LateArrival, StandingsPoints, Walkover
from rules.strokes.laws import QUEEN2 as QUEEN2_STROKES
from rules.translation import gettext_lazy

NOT_OVER = gettext_lazy(
    "queen2 ¶9: the board is not over while the Queen is on the board; "
    "the Queen can still be pocketed as the "
    "last piece"
)
NO_COVER = gettext_lazy("queen2 ¶5: the Queen need not be covered, so there is no finish 'while covering the Queen'")


@register
class Queen2(RuleSet):
    key = "queen2"
    name = gettext_lazy("Queen 2 points variant")
    source = "queen-two-point-variant.txt"
    law = "queen2"
    position = 3

    coin_value = 1  # ICF 52(b)(ii) (queen2 ¶21)
    queen_value = 2  # queen2 ¶4
    queen_counts_up_to = None  # queen2 ¶6: two points at all stages of the set
    board_maximum = 11  # queen2 ¶3
    points_target = 25  # ICF 56(a) (queen2 ¶21)
    board_limit = 4  # queen2 ¶12: sets of four boards
    on_tie = "tie_breaker"  # queen2 ¶12-15
    games_per_match = 3  # ICF 57 (queen2 ¶21): best of three sets
    standings_points = StandingsPoints(win=2, draw=1, loss=0)  # not in the laws; our choice
    late_arrival = LateArrival(5, "planned_before", "loses_match", "queen2 ¶10")
    # queen2 ¶10 "he will lose the entire match", ICF 143 (¶21): no score.
    walkover = Walkover(score=None, law="queen2 ¶10, ICF 143 (queen2 ¶21)")
    protest_window_minutes = 5  # queen2 ¶18
    protest_decision_minutes = None  # queen2 ¶18: "at the earliest possible"
    stroke_seconds = 10  # queen2 ¶2
    youth_time_limit = {"set_minutes": 20, "match_minutes": 70}  # queen2 ¶19: cadets, sub-juniors, juniors
    special_endings = frozenset(
        {
            "queen_last_own_last_opp",
            "last_opp_queen_on_board",
            "queen_last_own_last_opp_with_striker",
            "last_own_last_opp_with_striker_queen_covered_by_striker",
            "last_opp_with_striker_queen_on_board",
            "last_own_last_opp_with_striker_queen_covered_by_opponent",
            "plays_on_during_appeal",
        }
    )
    special_refusals = {
        "cover_last_own_and_last_opp": NO_COVER,
        "cover_last_opp": NO_COVER,
        "last_own_last_opp_queen_on_board": NOT_OVER,
        "last_own_queen_on_board": NOT_OVER,
        "last_own_with_striker_queen_on_board": NOT_OVER,
    }
    side_change_rule = gettext_lazy(
        "queen2 ¶1: in the third set the sides change after two boards; ICF 58, 59 between sets"
    )
    stroke_laws = QUEEN2_STROKES
    citations = {
        "slam": "ICF 26 (queen2 ¶21)",
        "coins": "ICF 52 (queen2 ¶21)",
        "winner": "ICF 52(a) (queen2 ¶21)",
        "queen": "queen2 ¶4-6",
        "scoring": "queen2 ¶3-6, ICF 52-53",
        "board_maximum": "queen2 ¶3",
        "dues": "queen2 ¶3",
        "game": "queen2 ¶12, ICF 56(a)",
        "tie": "queen2 ¶12-16",
        "match": "ICF 57 (queen2 ¶21)",
        "toss": "ICF 39 (queen2 ¶21)",
        "breaks": "ICF 49 (queen2 ¶21)",
        "special": "ICF 102-112 (queen2 ¶20-21)",
        "additional": "ICF 87(b) (queen2 ¶21)",
        "score_card": "ICF XIX (score card)",
        "sides": "queen2 ¶1",
        "protest_fee": "ICF 145 (queen2 ¶21)",
        "protest_window": "queen2 ¶18",
        "protest_decision": "queen2 ¶18",
    }

    def queen_left_on_board(self):
        return str(NOT_OVER)

    def game_length(self, round=None, stage=None):
        super().game_length(round, stage)
        return GameLength(25, 4, "tie_breaker")

    def change_sides_after(self, game_no, round, totals):
        # queen2 ¶1: "After two boards, sides will be shuffled in the 3rd set."
        if game_no == 3 and len(totals) >= 2:
            return 2
        return None

    def parameters(self):
        data = super().parameters()
        data["youth_time_limit"] = self.youth_time_limit
        return data
