"""Serializers for the stage API (``/api/tournaments/<slug>/stages/...`` and ``.../matches/...``).

Stage input is validated here, once, for create and update alike; the draw itself is the services' business."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from stages.draw_serializers import StandingFiguresSerializer
from stages.draws.standings import METRICS
from stages.models import Match, Round, Stage
from stages.validation import next_order, settings_errors


@extend_schema_field({"type": "string", "pattern": "^[ab]$", "description": "a or b"})
class SideField(serializers.ChoiceField):
    """Side a or b of a match (one schema component for every use)."""

    def __init__(self, **kwargs):
        super().__init__(choices=[("a", "A"), ("b", "B")], **kwargs)


class StageSerializer(serializers.ModelSerializer):
    order = serializers.IntegerField(min_value=1, max_value=32767, required=False)
    source = serializers.PrimaryKeyRelatedField(queryset=Stage.objects.all(), required=False, allow_null=True)
    qualifiers = serializers.IntegerField(min_value=1, max_value=32767, required=False, allow_null=True)
    group_count = serializers.IntegerField(min_value=1, max_value=32767, required=False, allow_null=True)
    tiebreaks = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text=f"Tie-break metric keys in order ({', '.join(sorted(METRICS))}); empty for the system's default.",
    )

    class Meta:
        model = Stage
        fields = [
            "id",
            "event",
            "order",
            "name",
            "kind",
            "status",
            *Stage.DRAW_SETTINGS,
            "bye_score_for",
            "bye_score_against",
            "tiebreaks",
        ]
        read_only_fields = ["event", "status"]

    def validate(self, attrs):
        event = self.instance.event if self.instance else self.context["event"]
        if attrs.get("order", getattr(self.instance, "order", None)) is None:
            attrs["order"] = next_order(event)
        errors = settings_errors(event, attrs, self.instance)
        if errors:
            raise serializers.ValidationError({field: [message] for field, message in errors.items()})
        return attrs


class RoundSerializer(serializers.ModelSerializer):
    display_name = serializers.CharField(read_only=True)
    matches = serializers.IntegerField(source="match_count", read_only=True)

    class Meta:
        model = Round
        fields = ["id", "stage", "number", "name", "display_name", "status", "matches"]
        read_only_fields = fields


class EntryRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class MatchSerializer(serializers.ModelSerializer):
    """A match for lists and brackets. Needs `select_related("round", "group", "entry_a", "entry_b")` and
    `prefetch_related("games")` (see `api.match_queryset`)."""

    round_number = serializers.IntegerField(source="round.number", read_only=True)
    round_name = serializers.CharField(source="round.display_name", read_only=True)
    group_name = serializers.CharField(source="group.name", read_only=True, default=None, allow_null=True)
    entry_a = EntryRefSerializer(read_only=True, allow_null=True)
    entry_b = EntryRefSerializer(read_only=True, allow_null=True)
    games = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields = [
            "id",
            "stage",
            "round",
            "round_number",
            "round_name",
            "group",
            "group_name",
            "number",
            "table",
            "entry_a",
            "entry_b",
            "status",
            "score_a",
            "score_b",
            "games_a",
            "games_b",
            "winner",
            "games",
            "forfeited",
            "result_withheld",
        ]
        read_only_fields = fields

    def get_games(self, match) -> list[list[int]]:
        return [[game.score_a, game.score_b] for game in match.games.all()]


class DrawSerializer(serializers.Serializer):
    seed = serializers.IntegerField(required=False, help_text="Random seed, for a reproducible draw.")
    shuffle_tables = serializers.BooleanField(
        default=False,
        help_text="Swiss: spread the boards over the tables instead of the top board at table 1, the next at 2...",
    )


class DeleteLastRoundSerializer(serializers.Serializer):
    confirm_results = serializers.BooleanField(
        default=False, help_text="Needed when the last round already has results: they are deleted too."
    )


class DeleteLastRoundConflictSerializer(serializers.Serializer):
    """The 409 of delete-last-round: the stage's state forbids it, or the round has results to confirm."""

    detail = serializers.CharField()
    confirm_results = serializers.BooleanField(
        required=False, help_text="Present (true) when the round has results: send confirm_results true to delete them."
    )


class ResultSerializer(serializers.Serializer):
    games = serializers.ListField(
        child=serializers.ListField(
            child=serializers.IntegerField(min_value=0, max_value=999), min_length=2, max_length=2
        ),
        max_length=9,
        help_text="Final score of each game, [[score_a, score_b], ...].",
    )
    correct = serializers.BooleanField(
        required=False,
        default=False,
        help_text="true: replace the match's confirmed result on purpose (a correction). Without it a result "
        "entered over a confirmed one is refused with 409.",
    )


class WalkoverSerializer(serializers.Serializer):
    absent_side = SideField(help_text="The side that did not play.")


# Match ids are 64-bit: a larger number is refused here instead of overflowing the database's lookup.
MATCH_ID = {"min_value": 1, "max_value": 2**63 - 1}


class SwapSerializer(serializers.Serializer):
    first = serializers.IntegerField(**MATCH_ID)
    first_side = SideField()
    second = serializers.IntegerField(**MATCH_ID)
    second_side = SideField()


class WarningsSerializer(serializers.Serializer):
    warnings = serializers.ListField(child=serializers.CharField())


class StandingRowSerializer(StandingFiguresSerializer):
    entry = serializers.IntegerField(source="id")
    name = serializers.CharField()


class GroupStandingsSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    standings = StandingRowSerializer(many=True)


class StandingsSerializer(serializers.Serializer):
    kind = serializers.CharField()
    standings = StandingRowSerializer(many=True, required=False)
    groups = GroupStandingsSerializer(many=True, required=False)


class BracketRoundSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    display_name = serializers.CharField()
    status = serializers.ChoiceField(choices=Round.Status.choices)
    matches = MatchSerializer(many=True)


class BracketSerializer(serializers.Serializer):
    rounds = BracketRoundSerializer(many=True)
    winner = EntryRefSerializer(allow_null=True)
