"""Federations invited to a tournament: each sends entries through its delegate's personal link, up to a quota per
event. The entries themselves are ordinary tournaments.Entry rows; here are the invitation (Delegation), its quotas,
which entry each delegation sent (SentEntry) and what its delegate did, when (DelegateAction)."""

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournaments.models import Club, Entry, Event, Tournament


def new_key():
    """72 random bits, URL-safe: the part of a delegate's token that revoking the link changes."""
    return secrets.token_urlsafe(9)


class Delegation(models.Model):
    """A federation invited to a tournament by its secretary; its delegate enters players by a personal link."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="delegations")
    federation = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="delegations")
    key = models.CharField(max_length=24, default=new_key)
    invited_at = models.DateTimeField(default=timezone.now)
    times_revoked = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["tournament", "federation__name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "federation"], name="delegation_unique_per_federation")
        ]

    def __str__(self):
        return f"{self.federation} · {self.tournament}"


class Quota(models.Model):
    """How many entries a delegation may send to one event (its category is the event's own)."""

    delegation = models.ForeignKey(Delegation, on_delete=models.CASCADE, related_name="quotas")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="federation_quotas")
    places = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["delegation", "event__name"]
        constraints = [models.UniqueConstraint(fields=["delegation", "event"], name="quota_unique_per_event")]

    def __str__(self):
        return f"{self.delegation.federation} · {self.event.name}: {self.places}"


class SentEntry(models.Model):
    """An entry a delegation sent: it counts against the delegation's quota in its event (unless withdrawn)."""

    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="sent_by")
    delegation = models.ForeignKey(Delegation, on_delete=models.CASCADE, related_name="sent_entries")
    sent_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["delegation", "sent_at"]

    def __str__(self):
        return f"{self.entry} · {self.delegation.federation}"


class DelegateAction(models.Model):
    """The audit log of the delegates: which delegation entered, corrected, withdrew or removed which entry, when.
    The entry's name and event are kept, so a removed entry's line still reads."""

    class Kind(models.TextChoices):
        ENTERED = "entered", pgettext_lazy("delegate action", "Entered")
        CORRECTED = "corrected", pgettext_lazy("delegate action", "Corrected")
        WITHDRAWN = "withdrawn", pgettext_lazy("delegate action", "Withdrawn")
        REMOVED = "removed", pgettext_lazy("delegate action", "Removed")

    delegation = models.ForeignKey(Delegation, on_delete=models.CASCADE, related_name="actions")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    entry = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    entry_name = models.CharField(max_length=200)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = gettext_lazy("delegate's action")

    def __str__(self):
        return f"{self.delegation.federation}: {self.get_kind_display()} {self.entry_name}"


class EventFee(models.Model):
    """The entry fee of an event, per entry (a pair pays one fee)."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="entry_fee")
    amount = models.DecimalField(max_digits=8, decimal_places=2)
    currency = models.CharField(max_length=3, help_text=gettext_lazy("Three letters, e.g. INR, EUR."))

    class Meta:
        verbose_name = gettext_lazy("entry fee")

    def __str__(self):
        return f"{self.event.name}: {self.amount} {self.currency}"


class FeePayment(models.Model):
    """What the secretary recorded of one entry's fee; an entry without a row owes it (due)."""

    class Status(models.TextChoices):
        DUE = "due", pgettext_lazy("fee", "Due")
        PAID = "paid", pgettext_lazy("fee", "Paid")
        WAIVED = "waived", pgettext_lazy("fee", "Waived")

    class Method(models.TextChoices):
        CASH = "cash", gettext_lazy("Cash")
        TRANSFER = "transfer", gettext_lazy("Bank transfer")
        CARD = "card", gettext_lazy("Card")
        OTHER = "other", pgettext_lazy("payment method", "Other")

    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="fee_payment")
    status = models.CharField(max_length=6, choices=Status.choices, default=Status.DUE)
    method = models.CharField(max_length=10, choices=Method.choices, blank=True)
    paid_on = models.DateField(null=True, blank=True)
    recorded_at = models.DateTimeField(default=timezone.now)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        verbose_name = gettext_lazy("entry fee paid")

    def __str__(self):
        return f"{self.entry}: {self.get_status_display()}"
