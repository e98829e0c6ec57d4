"""A tournament's webhook (the URL of its own system, and the secret that signs what is sent there) and the
deliveries waiting for it or sent to it: one row per event, written in the transaction of the action that made
the event, so a restart loses none (webhooks.delivery sends them)."""

import secrets
import uuid

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from tournaments.models import Tournament

SECRET_BYTES = 32


def new_secret():
    return secrets.token_urlsafe(SECRET_BYTES)


class Webhook(models.Model):
    """Where a tournament's events are posted. The secret signs each delivery (HMAC-SHA256): the receiver checks
    that a request comes from this site. Inactive, nothing is recorded and the waiting deliveries wait."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="webhook")
    url = models.URLField(max_length=1000, verbose_name=gettext_lazy("URL"))
    secret = models.CharField(max_length=64, default=new_secret, editable=False)
    active = models.BooleanField(default=True, verbose_name=gettext_lazy("active"))
    created_at = models.DateTimeField(default=timezone.now)
    secret_made_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = gettext_lazy("webhook")
        verbose_name_plural = gettext_lazy("webhooks")

    def __str__(self):
        return f"{self.tournament} → {self.url}"


class Delivery(models.Model):
    """One event for the webhook: its payload as recorded, the tries made and the receiver's last answer."""

    class Event(models.TextChoices):
        ROUND_PUBLISHED = "round.published", gettext_lazy("Round published")
        MATCH_CALLED = "match.called", gettext_lazy("Match called")
        RESULT_CONFIRMED = "result.confirmed", gettext_lazy("Result confirmed")
        STAGE_FINISHED = "stage.finished", gettext_lazy("Stage finished")
        PING = "ping", gettext_lazy("Test ping")

    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("To be sent")
        DELIVERED = "delivered", gettext_lazy("Delivered")
        FAILED = "failed", gettext_lazy("Not delivered")

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    event = models.CharField(max_length=20, choices=Event.choices)
    event_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    payload = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)
    next_attempt_at = models.DateTimeField(help_text=gettext_lazy("When the periodic sweep sends it, if still due."))
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_answer = models.TextField(blank=True, help_text=gettext_lazy("The start of the receiver's last answer."))
    last_error = models.TextField(blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = gettext_lazy("webhook delivery")
        verbose_name_plural = gettext_lazy("webhook deliveries")
        indexes = [models.Index(fields=["status", "next_attempt_at"])]

    def __str__(self):
        return f"{self.event} {self.event_id} · {self.get_status_display()}"
