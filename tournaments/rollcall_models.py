"""The roll call before the draw (tournaments.rollcall): who is here on the day, marked by the desk or by the
players from their personal links; the entries still unmarked are withdrawn in one confirmed step."""

from django.conf import settings
from django.db import models

from tournaments.people_models import Player


class RollCall(models.Model):
    """An event's roll call: open from `opened_at` until the absent are withdrawn (`closed_at`)."""

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="roll_call")
    opened_at = models.DateTimeField(auto_now_add=True)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    closed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return str(self.event)

    @property
    def is_open(self):
        return self.closed_at is None


class Presence(models.Model):
    """An entry marked present, by an official (`marked_by`) or by one of its players (`player`)."""

    roll_call = models.ForeignKey(RollCall, on_delete=models.CASCADE, related_name="presences")
    entry = models.ForeignKey("tournaments.Entry", on_delete=models.CASCADE, related_name="presences")
    marked_at = models.DateTimeField(auto_now_add=True)
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["roll_call", "entry"], name="presence_once_per_entry")]

    def __str__(self):
        return f"{self.entry} present"
