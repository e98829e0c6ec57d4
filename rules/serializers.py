"""DRF serializers for the stateless engine endpoints. They check shapes and types only; the laws are
checked by the engine, whose RuleError becomes a 400 ``{"field": ["message"]}``."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from rules.board import MAX_COINS, BoardInput, SpecialEnding
from rules.game import GameInput
from rules.match import GameResult, MatchInput
from rules.specials import SITUATIONS
from rules.tiebreak import TieBreaker
from rules.timing import UnfinishedBoard

SCORES = serializers.DictField(child=serializers.IntegerField())
# ICF 87(b): no special finish lets the beneficiary demand more than this (ICF 108-112, improper stroke: 2).
MOST_ADDITIONAL = max(max(s.additional_proper, s.additional_improper) for s in SITUATIONS.values())


def count_field(maximum, negative, too_many, **kwargs):
    """A count the laws bound: a negative or absurd number is a field error naming the law, before the engine
    runs (ECC, whose additional point is automatic, would otherwise ignore it silently). `negative` and
    `too_many` are the whole messages (lazy); DRF fills in ``{max_value}``."""
    messages = {"min_value": negative, "max_value": too_many}
    return serializers.IntegerField(min_value=0, max_value=maximum, error_messages=messages, **kwargs)


class RulesSpecialEndingSerializer(serializers.Serializer):
    situation = serializers.CharField()
    striker = serializers.CharField()
    stroke = serializers.CharField(required=False, default="proper")
    striker_coins_left = count_field(
        MAX_COINS,
        gettext_lazy("ICF 52: the striker's c/m left on the board cannot be negative."),
        gettext_lazy("ICF 52: the striker's c/m left on the board is at most {max_value}."),
        required=False,
        default=0,
    )
    additional_points_demanded = count_field(
        MOST_ADDITIONAL,
        gettext_lazy("ICF 87(b): the additional points demanded cannot be negative."),
        gettext_lazy("ICF 87(b): the additional points demanded is at most {max_value}."),
        required=False,
        default=0,
    )


class RulesBoardSerializer(serializers.Serializer):
    """A board. A special finish's own fields sent beside the board instead of inside ``special_ending`` are
    refused: left out silently, a demand of additional points would be lost without a word."""

    scores_before = serializers.DictField(child=serializers.IntegerField(), required=False, allow_null=True)
    winner = serializers.CharField(required=False, allow_null=True)
    coins_left_of_loser = serializers.IntegerField(required=False, default=0)
    queen = serializers.CharField(required=False, allow_null=True)
    loser_outstanding_dues = serializers.IntegerField(required=False, default=0)
    stage = serializers.CharField(required=False, allow_null=True)
    special_ending = RulesSpecialEndingSerializer(required=False, allow_null=True)
    started_at = serializers.DateTimeField(required=False, allow_null=True)
    completed_at = serializers.DateTimeField(required=False, allow_null=True)
    breaker = serializers.CharField(
        required=False, allow_null=True, help_text="'A' or 'B': who broke the board (needed with a slam)."
    )
    slam = serializers.CharField(
        required=False, allow_null=True, help_text="'white' or 'black' (ICF 26): the board was a slam."
    )

    def to_internal_value(self, data):
        if isinstance(data, dict):
            misplaced = [name for name in RulesSpecialEndingSerializer._declared_fields if name in data]
            if misplaced:
                raise serializers.ValidationError(
                    {name: [_("ICF 87(b), 102-112: a special finish's field; send it inside special_ending.")]
                     for name in misplaced}
                )  # fmt: skip
        return super().to_internal_value(data)


class RulesUnfinishedBoardSerializer(serializers.Serializer):
    board_no = serializers.IntegerField()
    coins_left = serializers.DictField(child=serializers.IntegerField())
    queen_held_by = serializers.CharField(required=False, allow_null=True)


class RulesTieBreakerSerializer(serializers.Serializer):
    first = serializers.CharField()
    attempts = serializers.DictField(child=serializers.ListField(child=serializers.BooleanField()))


class RulesGameSerializer(serializers.Serializer):
    round = serializers.CharField(required=False, allow_null=True)
    stage = serializers.CharField(required=False, allow_null=True)
    game_no = serializers.IntegerField(required=False, default=1)
    first_breaker = serializers.CharField(required=False, default="A")
    boards = RulesBoardSerializer(many=True, required=False)
    game_started_at = serializers.DateTimeField(required=False, allow_null=True)
    first_bell_at = serializers.DateTimeField(required=False, allow_null=True)
    second_bell_at = serializers.DateTimeField(required=False, allow_null=True)
    unfinished_board_at_second_bell = RulesUnfinishedBoardSerializer(required=False, allow_null=True)
    tie_breaker = RulesTieBreakerSerializer(required=False, allow_null=True)
    sudden_death = serializers.ListField(
        child=serializers.DictField(child=serializers.BooleanField()), required=False, allow_null=True
    )


class RulesTossSerializer(serializers.Serializer):
    winner = serializers.CharField()
    choice = serializers.CharField(required=False, default="break")


class RulesGameResultSerializer(serializers.Serializer):
    game_no = serializers.IntegerField()
    # Required: null says the game was drawn (where the rule set allows draws); leaving it out says nothing.
    winner = serializers.CharField(allow_null=True)
    score = serializers.DictField(child=serializers.IntegerField(), required=False, allow_null=True)


class RulesMatchSerializer(serializers.Serializer):
    round = serializers.CharField(required=False, allow_null=True)
    toss = RulesTossSerializer()
    games = RulesGameResultSerializer(many=True, required=False)


def board_input(data: dict) -> BoardInput:
    values = dict(data)
    if values.get("special_ending") is not None:
        values["special_ending"] = SpecialEnding(**values["special_ending"])
    return BoardInput(**values)


def game_input(data: dict) -> GameInput:
    values = dict(data)
    values["boards"] = [board_input(board) for board in values.get("boards", [])]
    if values.get("unfinished_board_at_second_bell") is not None:
        values["unfinished_board_at_second_bell"] = UnfinishedBoard(**values["unfinished_board_at_second_bell"])
    if values.get("tie_breaker") is not None:
        values["tie_breaker"] = TieBreaker(**values["tie_breaker"])
    return GameInput(**values)


def match_input(data: dict) -> MatchInput:
    toss = data["toss"]
    games = [GameResult(**game) for game in data.get("games", [])]
    return MatchInput(toss_winner=toss["winner"], toss_choice=toss["choice"], games=games, round=data.get("round"))


# ---------------------------------------------------------------- the engine's answers
# Response shapes only: the dataclasses of rules.board, rules.game, rules.match and rules.base as JSON.


class SideScoresSerializer(serializers.Serializer):
    A = serializers.IntegerField()
    B = serializers.IntegerField()


class RulesTimeLimitAwardSerializer(serializers.Serializer):
    """ECC 41: the difference in c/m left at the second bell, to the player with fewer left."""

    player = serializers.CharField(help_text="'A' or 'B'.")
    points = serializers.IntegerField()


class RulesBoardResultSerializer(serializers.Serializer):
    """rules.board.BoardResult: `points` is what the score card shows; the parts are counted before the board
    maximum."""

    winner = serializers.CharField(
        allow_null=True, help_text="Who pocketed all his c/m first; null after a special finish."
    )
    awarded_to = serializers.CharField(allow_null=True, help_text="The side credited with `points`.")
    points = serializers.IntegerField()
    coin_points = serializers.IntegerField()
    queen_points = serializers.IntegerField()
    fixed_points = serializers.IntegerField()
    additional_points = serializers.IntegerField()
    capped = serializers.BooleanField(help_text="The board maximum (ICF 55) cut the points.")
    scores_before = SideScoresSerializer()
    scores_after = SideScoresSerializer()
    board_over = serializers.BooleanField()
    law = serializers.CharField(allow_blank=True)
    note = serializers.CharField(allow_blank=True)


class RulesBoardAnswerSerializer(RulesBoardResultSerializer):
    rule_set = serializers.CharField()


class RulesGameAnswerSerializer(serializers.Serializer):
    """rules.game.GameState: where the game stands after its boards and what comes next."""

    running_totals = SideScoresSerializer(many=True)
    boards = RulesBoardResultSerializer(many=True)
    scores = SideScoresSerializer()
    game_over = serializers.BooleanField()
    ended_by = serializers.CharField(
        allow_null=True, help_text="points_target, eight_boards (the board limit), extra_board, time_limit, ..."
    )
    decided_by = serializers.CharField(allow_null=True)
    winner = serializers.CharField(allow_null=True)
    draw = serializers.BooleanField()
    final_score = SideScoresSerializer(allow_null=True)
    boards_played = serializers.IntegerField()
    next_board = serializers.IntegerField(allow_null=True)
    next_breaker = serializers.CharField(allow_null=True, help_text="null: a toss decides it (ICF 56(b)).")
    toss_for_break = serializers.BooleanField()
    extra_board_needed = serializers.BooleanField()
    tie_breaker_needed = serializers.BooleanField()
    sudden_death_needed = serializers.BooleanField()
    change_sides_after_board = serializers.IntegerField(allow_null=True)
    time_limit_award = RulesTimeLimitAwardSerializer(allow_null=True)
    first_bell_at = serializers.DateTimeField(allow_null=True)
    second_bell_at = serializers.DateTimeField(allow_null=True)
    rule_set = serializers.CharField()


class RulesMatchAnswerSerializer(serializers.Serializer):
    """rules.match.MatchState: games won, who breaks first in each game, whether the match is over."""

    match_over = serializers.BooleanField()
    winner = serializers.CharField(allow_null=True)
    draw = serializers.BooleanField()
    games_won = SideScoresSerializer()
    games_played = serializers.IntegerField()
    games_to_win = serializers.IntegerField()
    first_breaker_by_game = serializers.DictField(child=serializers.CharField(), help_text='Game number -> "A" or "B".')
    next_game = serializers.IntegerField(allow_null=True)
    next_first_breaker = serializers.CharField(allow_null=True)
    rule_set = serializers.CharField()


class StandingsPointsSerializer(serializers.Serializer):
    win = serializers.IntegerField()
    draw = serializers.IntegerField()
    loss = serializers.IntegerField()


class LateArrivalSerializer(serializers.Serializer):
    minutes = serializers.IntegerField()
    reference = serializers.CharField(help_text="announced, start or planned_before.")
    consequence = serializers.CharField()
    law = serializers.CharField(allow_blank=True)


class WalkoverWorthSerializer(serializers.Serializer):
    """What a match won by walk-over is worth (rules.params.Walkover): the score per game where the law gives one
    (ECC 18: 25-0), else null: the win counts, no score, nothing for the score tie-breaks (ICF 143)."""

    score = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    law = serializers.CharField(allow_blank=True)


class TimeLimitSerializer(serializers.Serializer):
    minutes = serializers.IntegerField()
    extra_minutes = serializers.IntegerField()
    law = serializers.CharField(allow_blank=True)


class ReadingsSerializer(serializers.Serializer):
    """How the rule set reads the ambiguous places of the texts (rules.params.Readings)."""

    queen_score_basis = serializers.CharField()
    special_22_score_of = serializers.CharField()
    cap_includes_additional = serializers.BooleanField()
    rule_104b_edition = serializers.CharField()
    rule_112_reduced_at_22 = serializers.BooleanField()
    protest_hour_from = serializers.CharField(help_text="written or oral: where ICF 151(c)'s hour starts.")


class GameLengthSerializer(serializers.Serializer):
    points_target = serializers.IntegerField(allow_null=True)
    board_limit = serializers.IntegerField(allow_null=True)
    on_tie = serializers.CharField()
    single_board = serializers.BooleanField()


class YouthTimeLimitSerializer(serializers.Serializer):
    set_minutes = serializers.IntegerField()
    match_minutes = serializers.IntegerField()


class StrokeFoulSerializer(serializers.Serializer):
    key = serializers.CharField()
    law = serializers.CharField()
    effect = serializers.CharField(help_text="improper (marks a stroke), technical, foul or board_lost.")
    description = serializers.CharField()


class RuleSetParametersSerializer(serializers.Serializer):
    """Every parameter of a rule set (RuleSet.parameters); null where the law sets no such limit."""

    coin_value = serializers.IntegerField()
    queen_value = serializers.IntegerField()
    queen_counts_up_to = serializers.IntegerField(allow_null=True)
    reduced_points = serializers.IntegerField()
    board_maximum = serializers.IntegerField(allow_null=True)
    points_target = serializers.IntegerField(allow_null=True)
    board_limit = serializers.IntegerField(allow_null=True)
    on_tie = serializers.CharField()
    stages = serializers.ListField(child=serializers.CharField())
    games_per_match = serializers.IntegerField()
    allows_draw = serializers.BooleanField()
    standings_points = StandingsPointsSerializer()
    late_arrival = LateArrivalSerializer(allow_null=True)
    walkover = WalkoverWorthSerializer()
    protest_window_minutes = serializers.IntegerField(allow_null=True)
    protest_decision_minutes = serializers.IntegerField(allow_null=True)
    stroke_seconds = serializers.IntegerField(allow_null=True)
    time_limit = TimeLimitSerializer(allow_null=True)
    additional_points = serializers.CharField(help_text="on_demand or automatic.")
    special_endings = serializers.ListField(child=serializers.CharField())
    readings = ReadingsSerializer()
    game_lengths = serializers.DictField(child=GameLengthSerializer(), help_text="By round, or by stage.")
    side_changes = serializers.CharField(allow_blank=True)
    stroke_fouls = StrokeFoulSerializer(many=True, help_text="The fouls an umpire names stroke by stroke.")
    youth_time_limit = YouthTimeLimitSerializer(
        required=False, help_text="queen2 ¶19: the time limits of cadets, sub-juniors and juniors; queen2 only."
    )


class RuleSetSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    source = serializers.CharField(help_text="The laws' text this rule set follows.")
    parameters = RuleSetParametersSerializer()
