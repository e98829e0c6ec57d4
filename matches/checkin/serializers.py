"""JSON shapes of the check-in API (ICF 143): a side reported at its board, a cancelled forfeit, a Swiss
withdrawal after a forfeit, and a round's check-in list."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from matches.checkin.display import entry_name
from matches.checkin.selectors import SIDES, side_state
from matches.scoring.serializers import match_status_field


class ReportSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=SIDES)
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=500,
        help_text="After the deadline: the chief referee's reason to accept the late report.",
    )


class UndoReportSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=SIDES)
    reason = serializers.CharField(max_length=500, help_text="Why the report is taken back.")


# Described by a pattern: an enum here would give the "a"/"b" choice set of "side" a second name in the schema.
@extend_schema_field({"type": "array", "items": {"type": "string", "pattern": "^[ab]$"}})
class SidesField(serializers.ListField):
    child = serializers.ChoiceField(choices=SIDES)


class CancelForfeitSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500, help_text="Why the forfeit is cancelled.")
    reported = SidesField(
        required=False,
        default=list,
        help_text="Sides at their board now; the others get the law's time again, from now.",
    )


class WithdrawalSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=SIDES)
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
                "name": entry_name(match, side),
                "reported_at": iso(getattr(match, f"reported_{side}_at")),
                "state": side_state(match, side, now),
            }
            for side in SIDES
        },
    }


# ---------------------------------------------------------------- answers (response shapes only)


class CheckinSideSerializer(serializers.Serializer):
    entry = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    reported_at = serializers.DateTimeField(allow_null=True)
    state = serializers.CharField(
        allow_blank=True,
        help_text='forfeited, reported, overdue (deadline passed, forfeit not applied yet), waiting, or "" once the '
        "match is under way without a report.",
    )


class CheckinSidesSerializer(serializers.Serializer):
    a = CheckinSideSerializer()
    b = CheckinSideSerializer()


class CheckinRowSerializer(serializers.Serializer):
    """One match as the check-in desk shows it (checkin_row)."""

    id = serializers.IntegerField()
    number = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)
    status = match_status_field()
    planned_at = serializers.DateTimeField(allow_null=True)
    report_deadline = serializers.DateTimeField(allow_null=True, help_text="A side not reported by then loses.")
    forfeited = serializers.CharField(allow_blank=True, help_text='The sides that forfeited: "", "a", "b" or "ab".')
    winner = serializers.IntegerField(allow_null=True)
    score_a = serializers.IntegerField(allow_null=True)
    score_b = serializers.IntegerField(allow_null=True)
    sides = CheckinSidesSerializer()


class WithdrawnEntrySerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    name = serializers.CharField()
    withdrawn = serializers.BooleanField()


class CheckinRoundSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    stage = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()


class RoundCheckinSerializer(serializers.Serializer):
    round = CheckinRoundSerializer()
    law = serializers.CharField(allow_null=True, help_text="The late-arrival law giving the deadlines.")
    now = serializers.DateTimeField()
    matches = CheckinRowSerializer(many=True)


class AbsentSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=SIDES, help_text="The side said to be absent.")


class CancelRoundForfeitsSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500, help_text="Why the round's lateness forfeits are cancelled.")


class CancelledRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    cancelled = serializers.ListField(child=serializers.IntegerField(), help_text="The matches announced again.")
