"""Who may enter an event (tournaments.eligibility checks it): its rules, and the exceptions the secretary admits
for one player each, with who admitted them, when and why."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from tournaments.people_models import Player


class EventEligibility(models.Model):
    """An event's entry rules; every rule left empty admits everyone. Ages are rules on the date of birth (juniors:
    born on or after a date; veterans: born on or before one)."""

    class Sex(models.TextChoices):
        MEN = "M", gettext_lazy("Men only")
        WOMEN = "F", gettext_lazy("Women only")

    class CountryOf(models.TextChoices):
        RESIDENCE = "residence", gettext_lazy("Residence (the player's country)")
        NATIONALITY = "nationality", gettext_lazy("Nationality (citizenship)")

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="eligibility")
    sex = models.CharField(max_length=1, choices=Sex.choices, blank=True)
    born_on_or_after = models.DateField(null=True, blank=True)
    born_on_or_before = models.DateField(null=True, blank=True)
    # Three-letter codes; empty: any country.
    countries = models.JSONField(default=list, blank=True)
    country_of = models.CharField(max_length=12, choices=CountryOf.choices, default=CountryOf.RESIDENCE)
    # Members of the sending federation only (their club is it, or belongs to it).
    federation_members = models.BooleanField(default=False)

    class Meta:
        verbose_name_plural = gettext_lazy("event eligibilities")

    def __str__(self):
        return str(self.event)


class EligibilityException(models.Model):
    """A player the secretary lets into an event whatever its rules say, and why."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="eligibility_exceptions")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="eligibility_exceptions")
    reason = models.TextField()
    admitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    admitted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "-admitted_at"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="eligibility_exception_once_per_player")
        ]

    def __str__(self):
        return f"{self.player} in {self.event}"
