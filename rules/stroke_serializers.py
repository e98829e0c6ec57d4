"""Shapes of ``POST /api/rules/<key>/strokes/``: a board's opening and its strokes in, the state after each
stroke and the result out. Shapes and types only; the laws are the engine's (``rules.strokes``)."""

from drf_spectacular.utils import OpenApiExample
from rest_framework import serializers

from rules.serializers import RulesBoardResultSerializer, SideScoresSerializer
from rules.strokes import Opening, Stroke
from rules.strokes.state import KINDS

MOST_STROKES = 400  # a board far longer than any played: the request stays small


class RulesOpeningSerializer(serializers.Serializer):
    breaker = serializers.CharField(default="A", help_text="'A' or 'B': who breaks; he has the white c/m (ICF 43).")
    scores_before = serializers.DictField(
        child=serializers.IntegerField(), required=False, allow_null=True,
        help_text="The game's scores before this board (the '22 or more' clauses read them); default 0-0.",
    )  # fmt: skip
    stage = serializers.CharField(required=False, allow_null=True, help_text="office: the stage of the game.")


class RulesStrokeSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(KINDS, default="stroke")
    own = serializers.IntegerField(default=0, help_text="The striker's own c/m pocketed.")
    opponent = serializers.IntegerField(default=0, help_text="The opponent's c/m pocketed.")
    queen = serializers.BooleanField(default=False)
    striker = serializers.BooleanField(default=False, help_text="The Striker went into a pocket.")
    foul = serializers.CharField(
        required=False, allow_null=True, default=None,
        help_text="On a stroke: the improper stroke's key. On kind 'foul': which foul (GET /api/rules/<key>/ "
        "lists them under stroke_fouls).",
    )  # fmt: skip
    by = serializers.CharField(required=False, allow_null=True, default=None, help_text="kind 'foul': 'A' or 'B'.")
    missed = serializers.BooleanField(default=False, help_text="A break attempt that touched no c/m (ICF 45).")
    covers = serializers.BooleanField(required=False, allow_null=True, default=None)
    additional_points_demanded = serializers.IntegerField(default=0, help_text="ICF 87(b), if this stroke ends it.")


class RulesStrokesSerializer(serializers.Serializer):
    opening = RulesOpeningSerializer(required=False)
    strokes = RulesStrokeSerializer(many=True, max_length=MOST_STROKES)


class FollowsSerializer(serializers.Serializer):
    law = serializers.CharField()
    text = serializers.CharField()


class RulesBoardStateSerializer(serializers.Serializer):
    turn = serializers.CharField()
    breaker = serializers.CharField()
    colours = serializers.DictField(child=serializers.CharField())
    on_board = SideScoresSerializer(help_text="Each side's c/m on the board.")
    queen = serializers.ChoiceField(["on_board", "awaiting_cover", "covered", "held"])
    queen_by = serializers.CharField(allow_null=True)
    dues = SideScoresSerializer(help_text="C/m owed that cannot be taken out yet (ICF 72(c)).")
    broken = serializers.BooleanField()
    break_attempts = serializers.IntegerField()
    turn_no = serializers.IntegerField()
    over = serializers.BooleanField()
    result = RulesBoardResultSerializer(allow_null=True)
    follows = FollowsSerializer(many=True, help_text="What follows from the stroke, each with its law.")
    stroke_seconds = serializers.IntegerField(allow_null=True)
    fouled_by = serializers.CharField(allow_null=True, help_text="The side the stroke is charged with a foul to.")


class RulesStrokesAnswerSerializer(serializers.Serializer):
    rule_set = serializers.CharField()
    opening = RulesBoardStateSerializer()
    states = RulesBoardStateSerializer(many=True)
    over = serializers.BooleanField()
    result = RulesBoardResultSerializer(allow_null=True)


def strokes_input(data: dict) -> tuple[Opening, list[Stroke]]:
    return Opening.from_dict(data.get("opening") or {}), [Stroke.from_dict(item) for item in data["strokes"]]


EXAMPLES = [
    OpenApiExample(
        "ICF 73: the Striker with his own c/m",
        description="A breaks and pockets two whites; then the Striker goes in with one white: the white comes "
        "back with a Due, and A plays on.",
        value={"opening": {"breaker": "A"}, "strokes": [{"own": 2}, {"own": 1, "striker": True}]},
        request_only=True,
    ),
    OpenApiExample(
        "ICF 97(a), 52-55: queen covered, board won",
        value={
            "opening": {"breaker": "A", "scores_before": {"A": 10, "B": 7}},
            "strokes": [{"own": 3}, {"own": 2, "queen": True}, {}, {"own": 4}, {"own": 4}],
        },
        request_only=True,
    ),
    OpenApiExample(
        "ICF 107: last c/m with the Queen on the board",
        value={"opening": {"breaker": "A"}, "strokes": [{"own": 8}, {"own": 1}]},
        request_only=True,
    ),
]
