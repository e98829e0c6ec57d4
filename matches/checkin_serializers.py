"""JSON shapes of the check-in API (issue #6): a side reported at its board, a cancelled forfeit, a Swiss
withdrawal after a forfeit, and a round's check-in list."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from . import late


class ReportSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=late.SIDES)
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=500,
        help_text="After the deadline: the chief referee's reason to accept the late report.",
    )


# Described by a pattern: an enum here would give the "a"/"b" choice set of "side" a second name in the schema.
@extend_schema_field({"type": "array", "items": {"type": "string", "pattern": "^[ab]$"}})
class SidesField(serializers.ListField):
    child = serializers.ChoiceField(choices=late.SIDES)


class CancelForfeitSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500, help_text="Why the forfeit is cancelled.")
    reported = SidesField(
        required=False,
        default=list,
        help_text="Sides at their board now; the others get the law's time again, from now.",
    )


class WithdrawalSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=late.SIDES)
    withdrawn = serializers.BooleanField(help_text="True: out of the later Swiss rounds; false: kept in.")


def iso(moment):
    return moment.isoformat() if moment else None


def checkin_row(match, now):
    """One match as the check-in desk shows it."""
    return {
        "id": match.pk,
        "number": match.number,
        "table": match.table,
        "status": match.status,
        "planned_at": iso(match.planned_at),
        "report_deadline": iso(match.report_deadline),
        "forfeited": match.forfeited,
        "winner": match.winner_id,
        "score_a": match.score_a,
        "score_b": match.score_b,
        "sides": {
            side: {
                "entry": getattr(match, f"entry_{side}_id"),
                "name": late.entry_name(match, side),
                "reported_at": iso(getattr(match, f"reported_{side}_at")),
                "state": late.side_state(match, side, now),
            }
            for side in late.SIDES
        },
    }
