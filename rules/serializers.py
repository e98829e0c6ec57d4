"""DRF serializers for the stateless engine endpoints. They check shapes and types only; the laws are
checked by the engine, whose RuleError becomes a 400 ``{"field": ["message"]}``."""

from rest_framework import serializers

from rules.board import BoardInput, SpecialEnding
from rules.game import GameInput
from rules.match import GameResult, MatchInput
from rules.tiebreak import TieBreaker
from rules.timing import UnfinishedBoard

SCORES = serializers.DictField(child=serializers.IntegerField())


class RulesSpecialEndingSerializer(serializers.Serializer):
    situation = serializers.CharField()
    striker = serializers.CharField()
    stroke = serializers.CharField(required=False, default="proper")
    striker_coins_left = serializers.IntegerField(required=False, default=0)
    additional_points_demanded = serializers.IntegerField(required=False, default=0)


class RulesBoardSerializer(serializers.Serializer):
    scores_before = serializers.DictField(child=serializers.IntegerField(), required=False, allow_null=True)
    winner = serializers.CharField(required=False, allow_null=True)
    coins_left_of_loser = serializers.IntegerField(required=False, default=0)
    queen = serializers.CharField(required=False, allow_null=True)
    loser_outstanding_dues = serializers.IntegerField(required=False, default=0)
    stage = serializers.CharField(required=False, allow_null=True)
    special_ending = RulesSpecialEndingSerializer(required=False, allow_null=True)
    started_at = serializers.DateTimeField(required=False, allow_null=True)
    completed_at = serializers.DateTimeField(required=False, allow_null=True)


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
