"""The federations' API bodies: a delegation with its places and what it sent; a delegate's entry."""

from rest_framework import serializers

from federations.models import FeePayment
from federations.services import MAX_PLACES
from tournaments.entry_services import CLUB_LENGTH, NAME_LENGTH
from tournaments.models import Club, Player

ID_MAX = 2**31 - 1  # an id past any column's range is refused (400), not looked up


class QuotaSerializer(serializers.Serializer):
    event = serializers.IntegerField(
        min_value=1, max_value=ID_MAX, help_text="The event's id (a singles or doubles event of the tournament)."
    )
    places = serializers.IntegerField(min_value=0, max_value=MAX_PLACES)
    used = serializers.IntegerField(read_only=True, help_text="Entries sent to it that are not withdrawn.")
    open = serializers.BooleanField(read_only=True, help_text="Whether the event's entries are open now.")


class EntrySentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    event = serializers.IntegerField()
    name = serializers.CharField()
    withdrawn = serializers.BooleanField()
    players = serializers.ListField(child=serializers.IntegerField(), help_text="The players' ids in member order.")
    sent_at = serializers.DateTimeField()
    fee = serializers.DecimalField(
        max_digits=8, decimal_places=2, allow_null=True, help_text="The event's entry fee; null: none."
    )
    currency = serializers.CharField(allow_blank=True)
    fee_status = serializers.ChoiceField(choices=FeePayment.Status.choices)


class FeeTotalSerializer(serializers.Serializer):
    currency = serializers.CharField()
    due = serializers.DecimalField(max_digits=12, decimal_places=2)
    paid = serializers.DecimalField(max_digits=12, decimal_places=2)
    waived = serializers.DecimalField(max_digits=12, decimal_places=2)


class EventFeeSerializer(serializers.Serializer):
    event = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="The event's id.")
    amount = serializers.DecimalField(
        max_digits=8, decimal_places=2, allow_null=True, help_text="Per entry (a pair pays one fee); null: no fee."
    )
    currency = serializers.CharField(required=False, allow_blank=True, max_length=3, help_text="e.g. INR, EUR.")


class EventFeesSerializer(serializers.Serializer):
    fees = EventFeeSerializer(many=True)


class FeePaymentSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=FeePayment.Status.choices)
    method = serializers.ChoiceField(
        choices=FeePayment.Method.choices, required=False, allow_blank=True, help_text="Needed when paid."
    )
    paid_on = serializers.DateField(required=False, allow_null=True, help_text="When paid; left out: today.")


class DelegationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    federation = serializers.IntegerField(help_text="The federation's club id.")
    federation_name = serializers.CharField()
    country = serializers.CharField()
    link = serializers.CharField(help_text="The delegate's personal link (the secretaries only see it).")
    quotas = QuotaSerializer(many=True)
    places = serializers.IntegerField()
    used = serializers.IntegerField()
    entries = EntrySentSerializer(many=True)
    fee_totals = FeeTotalSerializer(many=True, help_text="Per currency, of the entries it sent that have a fee.")


class InviteSerializer(serializers.Serializer):
    federation = serializers.PrimaryKeyRelatedField(
        queryset=Club.objects.filter(is_federation=True), required=False, help_text="A federation's club id..."
    )
    name = serializers.CharField(
        required=False, max_length=CLUB_LENGTH, help_text="...or a federation's name (found or made)."
    )
    country = serializers.CharField(required=False, allow_blank=True, max_length=3)
    quotas = QuotaSerializer(many=True, required=False)

    def validate(self, data):
        if not data.get("federation") and not data.get("name"):
            raise serializers.ValidationError({"federation": ["Give a federation's id or a name."]})
        return data


class DelegatePlayerSerializer(serializers.Serializer):
    first_name = serializers.CharField(max_length=NAME_LENGTH)
    last_name = serializers.CharField(required=False, allow_blank=True, max_length=NAME_LENGTH)
    sex = serializers.ChoiceField(choices=Player.Sex.choices, required=False, allow_blank=True)
    date_of_birth = serializers.DateField(required=False, allow_null=True)
    country = serializers.CharField(required=False, allow_blank=True, max_length=3)
    nationality = serializers.CharField(
        required=False, allow_blank=True, max_length=3, help_text="Citizenship, if not the country."
    )
    publish_name = serializers.BooleanField(
        required=False, help_text="The player agrees to publish their name, club and country (left out: unchanged)."
    )
    publish_rating = serializers.BooleanField(required=False, help_text="...their rating (left out: unchanged).")
    publish_portrait = serializers.BooleanField(required=False, help_text="...their portrait (left out: unchanged).")


class DelegateEntrySerializer(serializers.Serializer):
    event = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="The event's id.")
    players = DelegatePlayerSerializer(many=True, help_text="One player; two in doubles, in member order.")


class DelegateViewSerializer(serializers.Serializer):
    tournament = serializers.CharField(help_text="The tournament's slug.")
    federation = serializers.CharField()
    quotas = QuotaSerializer(many=True)
    entries = EntrySentSerializer(many=True)
