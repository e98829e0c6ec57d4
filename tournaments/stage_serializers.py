"""Serializers for the stage API (``/api/tournaments/<slug>/stages/...`` and ``.../matches/...``).

Stage input is validated here, once, for create and update alike; the draw itself is the services' business."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from matches.models import Match

from .draws.standings import METRICS
from .models import Round, Stage


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
            "source",
            "qualifiers",
            "group_count",
            "grouping",
            "keep_apart",
            "double_round_robin",
            "rounds_planned",
            "pairing_method",
            "delay_top_players",
            "first_round_by_rating",
            "bye_score_for",
            "bye_score_against",
            "third_place_match",
            "games_per_match",
            "tiebreaks",
        ]
        read_only_fields = ["event", "status"]

    def validate_tiebreaks(self, keys):
        unknown = [key for key in keys if key not in METRICS]
        if unknown:
            known = ", ".join(sorted(METRICS))
            raise serializers.ValidationError(f"Unknown tie-break(s): {', '.join(unknown)}. Known: {known}.")
        if len(set(keys)) != len(keys):
            raise serializers.ValidationError("Name each tie-break once.")
        return keys

    def validate(self, attrs):
        event = self.instance.event if self.instance else self.context["event"]

        def value(name):
            return attrs[name] if name in attrs else getattr(self.instance, name, None)

        order = value("order")
        if order is None:
            last = event.stages.order_by("-order").values_list("order", flat=True).first()
            order = attrs["order"] = (last or 0) + 1
        errors = {}
        clash = event.stages.filter(order=order)
        if self.instance:
            clash = clash.exclude(pk=self.instance.pk)
        if clash.exists():
            errors["order"] = ["This event already has a stage in that place."]
        source, kind = value("source"), value("kind")
        if source is not None and (source.event_id != event.pk or source.order >= order):
            errors["source"] = ["The source must be an earlier stage of the same event."]
        elif source is not None and source.kind == Stage.Kind.KNOCKOUT:
            errors["source"] = ["A knockout has no standings to qualify from."]
        if kind == Stage.Kind.GROUPS and not value("group_count"):
            errors["group_count"] = ["Say how many groups to draw."]
        qualifiers = value("qualifiers")
        if source is not None and not qualifiers:
            errors["qualifiers"] = [f"Say how many qualify from {source.name}."]
        elif source is None and qualifiers:
            errors["qualifiers"] = ["Qualifiers are counted from a source stage; choose one or leave this empty."]
        elif kind == Stage.Kind.KNOCKOUT and source is not None and source.kind != Stage.Kind.GROUPS:
            if qualifiers < 2:
                errors["qualifiers"] = ["A knockout needs at least two entries."]
        if errors:
            raise serializers.ValidationError(errors)
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
    group_name = serializers.CharField(source="group.name", read_only=True, default=None)
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
        ]
        read_only_fields = fields

    def get_games(self, match) -> list[list[int]]:
        return [[game.score_a, game.score_b] for game in match.games.all()]


class DrawSerializer(serializers.Serializer):
    seed = serializers.IntegerField(required=False, help_text="Random seed, for a reproducible draw.")


class DeleteLastRoundSerializer(serializers.Serializer):
    confirm_results = serializers.BooleanField(
        default=False, help_text="Needed when the last round already has results: they are deleted too."
    )


class ResultSerializer(serializers.Serializer):
    games = serializers.ListField(
        child=serializers.ListField(
            child=serializers.IntegerField(min_value=0, max_value=999), min_length=2, max_length=2
        ),
        max_length=9,
        help_text="Final score of each game, [[score_a, score_b], ...].",
    )


class WalkoverSerializer(serializers.Serializer):
    absent_side = SideField(help_text="The side that did not play.")


class SwapSerializer(serializers.Serializer):
    first = serializers.IntegerField()
    first_side = SideField()
    second = serializers.IntegerField()
    second_side = SideField()


class WarningsSerializer(serializers.Serializer):
    warnings = serializers.ListField(child=serializers.CharField())


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    entry = serializers.IntegerField(source="id")
    name = serializers.CharField()
    points = serializers.FloatField()
    buchholz = serializers.FloatField()
    net_score = serializers.FloatField()
    total_score = serializers.FloatField()
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()


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
    status = serializers.CharField()
    matches = MatchSerializer(many=True)


class BracketSerializer(serializers.Serializer):
    rounds = BracketRoundSerializer(many=True)
    winner = EntryRefSerializer(allow_null=True)
