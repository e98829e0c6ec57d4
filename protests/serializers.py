"""JSON shapes of the protest API. Shapes and types only: the laws are checked by protests.services."""

from decimal import Decimal

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from protests import evidence, permissions
from protests.models import Protest, ProtestPhoto
from protests.selectors import written_deadline

SMALL = {"min_value": 1, "max_value": 32767}


@extend_schema_field({"type": "string", "pattern": "^[AB]$", "description": "The side that protests: A or B."})
class ProtestSideField(serializers.ChoiceField):
    """Side A or B; a pattern in the schema, since other APIs name an a/b enum `side` too."""

    def __init__(self, **kwargs):
        super().__init__(choices=["A", "B"], **kwargs)


class PhotoSerializer(serializers.ModelSerializer):
    """A photo the written protest carries; `url` is the officials-only address of the image itself."""

    url = serializers.SerializerMethodField()
    uploaded_by = serializers.CharField(source="uploaded_by.username", default=None, allow_null=True, read_only=True)

    class Meta:
        model = ProtestPhoto
        fields = ["id", "url", "image_format", "size", "width", "height", "caption", "uploaded_by", "uploaded_at"]
        read_only_fields = fields

    def get_url(self, photo) -> str:
        tournament = photo.protest.match.stage.event.tournament
        return reverse("protest-photo-file-api", args=[tournament.slug, photo.protest_id, photo.pk])


class ProtestSerializer(serializers.ModelSerializer):
    """A protest as everyone concerned reads it, with the deadlines the pages count down to. The hour for the
    decision (`due_at`, ICF 151(c)) runs from `written_received_at`; `intimated_at` is the oral protest (ICF 145).
    `photos` only for the tournament's officials and umpires (null for anyone else)."""

    match = serializers.IntegerField(source="match_id", read_only=True)
    side = ProtestSideField(read_only=True)
    logged_by = serializers.CharField(source="logged_by.username", default=None, allow_null=True, read_only=True)
    received_by = serializers.CharField(source="received_by.username", default=None, allow_null=True, read_only=True)
    decided_by = serializers.CharField(source="decided_by.username", default=None, allow_null=True, read_only=True)
    written_deadline = serializers.SerializerMethodField()
    overdue = serializers.SerializerMethodField()
    photos = serializers.SerializerMethodField()

    class Meta:
        model = Protest
        fields = [
            "id",
            "match",
            "game_no",
            "board_no",
            "stroke_no",
            "side",
            "role",
            "protester_name",
            "decision_appealed",
            "logged_by",
            "intimated_at",
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
            "abusive",
            "photos",
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_written_deadline(self, protest):
        deadline = written_deadline(protest)
        return serializers.DateTimeField().to_representation(deadline) if deadline else None

    def get_overdue(self, protest) -> bool:
        return protest.overdue_flagged_at is not None and not protest.is_decided

    @extend_schema_field(PhotoSerializer(many=True, allow_null=True))
    def get_photos(self, protest):
        request = self.context.get("request")
        if request is None or not permissions.can_see_evidence(request.user, protest.match):
            return None
        return PhotoSerializer(evidence.photos_for(request.user, protest), many=True).data


class LogProtestSerializer(serializers.Serializer):
    """ICF 145: the oral protest as the umpire logs it at the board."""

    match = serializers.IntegerField(min_value=1, max_value=2**63 - 1)
    game_no = serializers.IntegerField(**SMALL)
    board_no = serializers.IntegerField(**SMALL)
    stroke_no = serializers.IntegerField(
        **SMALL,
        required=False,
        allow_null=True,
        default=None,
        help_text="The stroke protested, by its number, where the board was kept stroke by stroke; a board kept "
        "board by board, or a number the board does not have, is refused (400).",
    )
    side = ProtestSideField()
    role = serializers.ChoiceField(choices=Protest.Role.choices, default=Protest.Role.PLAYER)
    protester_name = serializers.CharField(max_length=120)
    decision_appealed = serializers.CharField(max_length=5000)
    fee_paid = serializers.BooleanField(
        default=False,
        help_text="ICF 145: the scrutiny fee was paid with the oral protest; without it the protest is refused.",
    )
    board_completed_at = serializers.DateTimeField(required=False, allow_null=True, default=None)


class WrittenProtestSerializer(serializers.Serializer):
    """ICF 144, 147: the written protest, in English: the facts and the point appealed against."""

    written_text = serializers.CharField(max_length=20000)
    point_appealed = serializers.CharField(max_length=5000)
    board_completed_at = serializers.DateTimeField(
        required=False, allow_null=True, default=None, help_text="When the protested board ended, if not on the card."
    )


class DecisionSerializer(serializers.Serializer):
    """upheld (ICF 151(a)), overruled (151(b)), rejected (no written protest in time, ICF 146; or logged without
    its fee, ICF 145), abusive (summary rejection, ICF 148: a disciplinary report is opened)."""

    outcome = serializers.ChoiceField(choices=["upheld", "overruled", "rejected", "abusive"])
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


class PhotoUploadSerializer(serializers.Serializer):
    """One photo (multipart): the signed protest, the board. protests.evidence checks it is a real image."""

    image = serializers.FileField()
    caption = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class DecisionConflictSerializer(serializers.Serializer):
    """409: another official decided first; the refusal, and the protest as it now stands."""

    status = serializers.ListField(child=serializers.CharField())
    protest = ProtestSerializer()
