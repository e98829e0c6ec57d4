"""JSON shapes of the protest API. Shapes and types only: the laws are checked by protests.services."""

from decimal import Decimal

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from protests.models import Protest
from protests.selectors import written_deadline

SMALL = {"min_value": 1, "max_value": 32767}


@extend_schema_field({"type": "string", "pattern": "^[AB]$", "description": "The side that protests: A or B."})
class ProtestSideField(serializers.ChoiceField):
    """Side A or B; a pattern in the schema, since other APIs name an a/b enum `side` too."""

    def __init__(self, **kwargs):
        super().__init__(choices=["A", "B"], **kwargs)


class ProtestSerializer(serializers.ModelSerializer):
    """A protest as everyone concerned reads it, with the deadlines the pages count down to."""

    match = serializers.IntegerField(source="match_id", read_only=True)
    side = ProtestSideField(read_only=True)
    logged_by = serializers.CharField(source="logged_by.username", default=None, allow_null=True, read_only=True)
    received_by = serializers.CharField(source="received_by.username", default=None, allow_null=True, read_only=True)
    decided_by = serializers.CharField(source="decided_by.username", default=None, allow_null=True, read_only=True)
    written_deadline = serializers.SerializerMethodField()
    overdue = serializers.SerializerMethodField()

    class Meta:
        model = Protest
        fields = [
            "id",
            "match",
            "game_no",
            "board_no",
            "side",
            "role",
            "protester_name",
            "decision_appealed",
            "logged_by",
            "lodged_at",
            "status",
            "fee_status",
            "fee_amount",
            "fee_currency",
            "fee_paid_at",
            "fee_settled_at",
            "board_completed_at",
            "written_deadline",
            "written_text",
            "point_appealed",
            "written_received_at",
            "received_by",
            "due_at",
            "overdue",
            "overdue_flagged_at",
            "decided_by",
            "decided_at",
            "decision_reason",
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_written_deadline(self, protest):
        deadline = written_deadline(protest)
        return serializers.DateTimeField().to_representation(deadline) if deadline else None

    def get_overdue(self, protest) -> bool:
        return protest.overdue_flagged_at is not None and not protest.is_decided


class LogProtestSerializer(serializers.Serializer):
    """ICF 145: the oral protest as the umpire logs it at the board."""

    match = serializers.IntegerField(min_value=1, max_value=2**63 - 1)
    game_no = serializers.IntegerField(**SMALL)
    board_no = serializers.IntegerField(**SMALL)
    side = ProtestSideField()
    role = serializers.ChoiceField(choices=Protest.Role.choices, default=Protest.Role.PLAYER)
    protester_name = serializers.CharField(max_length=120)
    decision_appealed = serializers.CharField(max_length=5000)
    fee_paid = serializers.BooleanField(default=False, help_text="The scrutiny fee was paid with the oral protest.")
    board_completed_at = serializers.DateTimeField(required=False, allow_null=True, default=None)


class WrittenProtestSerializer(serializers.Serializer):
    """ICF 144, 147: the written protest, in English: the facts and the point appealed against."""

    written_text = serializers.CharField(max_length=20000)
    point_appealed = serializers.CharField(max_length=5000)
    board_completed_at = serializers.DateTimeField(
        required=False, allow_null=True, default=None, help_text="When the protested board ended, if not on the card."
    )


class DecisionSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=["upheld", "overruled", "rejected"])
    reason = serializers.CharField(max_length=5000)


class FeeSettingsSerializer(serializers.Serializer):
    """ICF 145: the scrutiny fee of the tournament."""

    fee_amount = serializers.DecimalField(max_digits=9, decimal_places=2, min_value=Decimal("0.01"))
    fee_currency = serializers.CharField(max_length=3, help_text="Three letters, e.g. INR, EUR.")


class FeeSettingsAnswerSerializer(serializers.Serializer):
    """ICF 145: the scrutiny fee as the tournament has it; both null until a secretary sets one."""

    fee_amount = serializers.DecimalField(max_digits=9, decimal_places=2, allow_null=True, read_only=True)
    fee_currency = serializers.CharField(allow_null=True, read_only=True)


class CurrencyTotalsSerializer(serializers.Serializer):
    currency = serializers.CharField()
    paid = serializers.DecimalField(max_digits=12, decimal_places=2)
    held = serializers.DecimalField(max_digits=12, decimal_places=2)
    refunded = serializers.DecimalField(max_digits=12, decimal_places=2)
    forfeited = serializers.DecimalField(max_digits=12, decimal_places=2)


class LedgerSerializer(serializers.Serializer):
    totals = CurrencyTotalsSerializer(many=True)
    protests = ProtestSerializer(many=True)
