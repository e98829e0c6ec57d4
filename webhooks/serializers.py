"""The webhook's API bodies: the webhook with its secret (its tournament's secretaries only), a delivery."""

from rest_framework import serializers

from webhooks.addresses import LONGEST_URL
from webhooks.models import Delivery


class WebhookSerializer(serializers.Serializer):
    url = serializers.CharField(max_length=LONGEST_URL, help_text="The receiver's URL: https at a public address.")
    active = serializers.BooleanField(default=True, help_text="Whether the events are recorded and sent.")
    secret = serializers.CharField(read_only=True, help_text="Signs each delivery (HMAC-SHA256).")
    secret_made_at = serializers.DateTimeField(read_only=True)


class DeliverySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    event = serializers.ChoiceField(choices=Delivery.Event.choices)
    event_id = serializers.UUIDField(help_text="The X-Carrom-Event-Id header: the same on every try.")
    status = serializers.ChoiceField(choices=Delivery.Status.choices)
    attempts = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    next_attempt_at = serializers.DateTimeField()
    last_attempt_at = serializers.DateTimeField(allow_null=True)
    last_status_code = serializers.IntegerField(allow_null=True)
    last_answer = serializers.CharField(allow_blank=True, help_text="The start of the receiver's last answer.")
    last_error = serializers.CharField(allow_blank=True)
    delivered_at = serializers.DateTimeField(allow_null=True)
    payload = serializers.JSONField()
