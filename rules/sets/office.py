"""Office league rules (shared/laws/office-league-rules.txt). Sections are cited by their headings."""

from rules.base import RuleSet, register
from rules.errors import RuleError
from rules.params import GameLength, StandingsPoints, Walkover
from rules.strokes.laws import OFFICE as OFFICE_STROKES
from rules.translation import gettext as _
from rules.translation import gettext_lazy

STAGES = ("group", "knockout", "semi_final", "final")
ROUND_TO_STAGE = {
    "league": "group",
    "pre_quarter_final": "knockout",
    "quarter_final": "knockout",
    "semi_final": "semi_final",
    "final": "final",
}


@register
class Office(RuleSet):
    key = "office"
    name = gettext_lazy("Office league")
    source = "office-league-rules.txt"
    law = "office"
    position = 4

    coin_value = 1  # office (Scoring): 1 point for each opponent's piece left
    queen_value = 5  # office (Scoring): a bonus of 5 points for covering the Queen
    queen_counts_up_to = 23  # office (Scoring): only while the winner has less than 24 points
    board_maximum = None  # no maximum
    points_target = None  # depends on the stage
    board_limit = None
    stages = STAGES
    games_per_match = 1  # office (Game Rules): a match is one game (1 board, 15 or 29 points)
    standings_points = StandingsPoints(win=2, draw=1, loss=0)  # not in the rules; our choice
    special_endings = frozenset()
    # The league's sheet says nothing of a side that does not play, nor of protests.
    walkover = Walkover(score=None, law="office")
    no_protest_reason = gettext_lazy("The office league rules lay down no protest procedure.")
    side_change_rule = gettext_lazy("none (office rules do not change sides)")
    stroke_laws = OFFICE_STROKES
    citations = {
        "slam": "ICF 26 (office: the breaker plays white)",
        "coins": "office (Scoring)",
        "winner": "office (Scoring)",
        "queen": "office (Covering the Queen, Scoring)",
        "scoring": "office (Scoring)",
        "board_maximum": "office (Scoring)",
        "dues": "office (Fouls): owed penalties",
        "game": "office (Game Rules)",
        "tie": "office (Game Rules)",
        "match": "office (Game Rules)",
        "toss": "office (Game Rules)",
        "breaks": "office (Game Rules)",
        "special": "office (Fouls)",
        "additional": "office (Fouls)",
        "score_card": "office (Scoring)",
    }

    def check_special_allowed(self, situation):
        raise RuleError(
            "special_ending",
            _(
                "office (Fouls): there are no special finishes; pocketing the opponent's final piece, "
                "or one's own "
                "final piece before the Queen is covered, is a foul and play continues"
            ),
        )

    def queen_left_on_board(self):
        return _(
            "office (Fouls): pocketing the final piece before the Queen has been covered is a foul; "
            "the piece "
            "and a penalty piece go back to the centre and play continues"
        )

    def game_length(self, round=None, stage=None):
        stage = stage or ROUND_TO_STAGE.get(round)
        if stage not in STAGES:
            raise RuleError(
                "stage", _("office (Game Rules): stage must be one of %(stages)s") % {"stages": ", ".join(STAGES)}
            )
        if stage == "group":
            return GameLength(None, 1, "none", single_board=True)  # each group game is 1 board
        if stage == "knockout":
            return GameLength(15, None)  # earlier knockout rounds: a match of 15 points
        return GameLength(29, None)  # semi-final and final: 29 points
