"""What the secretary's webhook page and the API read."""

from webhooks.models import Delivery, Webhook

LISTED = 50  # the latest deliveries shown


def webhook_of(tournament):
    return Webhook.objects.filter(tournament=tournament).first()


def latest_deliveries(tournament, count=LISTED):
    return list(Delivery.objects.filter(webhook__tournament=tournament).order_by("-created_at", "-pk")[:count])
