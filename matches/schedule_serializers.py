"""JSON shapes of the scheduling and round clock API. Shapes and types only: the rules are checked by
matches.schedule_services."""

from rest_framework import serializers

from .schedule_services import MAX_MINUTES, MAX_TABLES, user_name


class VenueSerializer(serializers.Serializer):
    tables = serializers.IntegerField(min_value=1, max_value=MAX_TABLES)
    match_minutes = serializers.IntegerField(min_value=1, max_value=MAX_MINUTES)
    rest_minutes = serializers.IntegerField(min_value=0, max_value=MAX_MINUTES)


class ScheduleRequestSerializer(serializers.Serializer):
    start = serializers.DateTimeField(help_text="When the first match starts.")
    first_table = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)
    last_table = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)
    keep_tables = serializers.BooleanField(required=False, default=True)
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class MoveSerializer(serializers.Serializer):
    table = serializers.IntegerField(min_value=1)
    planned_at = serializers.DateTimeField()
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class UmpireSerializer(serializers.Serializer):
    umpire = serializers.IntegerField(allow_null=True, help_text="User id of the umpire; null for none.")
    reason = serializers.CharField(required=False, allow_blank=True, default="")


def schedule_row(match):
    """One match of a round's schedule."""
    return {
        "id": match.pk,
        "number": match.number,
        "group": match.group_id,
        "entry_a": match.entry_a_id,
        "entry_a_name": str(match.entry_a) if match.entry_a_id else None,
        "entry_b": match.entry_b_id,
        "entry_b_name": str(match.entry_b) if match.entry_b_id else None,
        "table": match.table,
        "planned_at": match.planned_at,
        "umpire": match.umpire_id,
        "umpire_name": user_name(match.umpire) if match.umpire_id else None,
        "self_umpired": match.self_umpired,
        "status": match.status,
        "score_a": match.score_a,
        "score_b": match.score_b,
        "winner": match.winner_id,
    }
