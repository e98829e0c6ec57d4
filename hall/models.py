"""What the hall display shows (t/<slug>/hall/): the views it turns through, how long each stays, and the
secretary's announcement across the screen. One row per tournament, made on the secretary's first save; until then
the display shows every view (`HallDisplay.defaults`)."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy

from tournaments.models import Tournament

MIN_ROTATION_SECONDS = 5
MAX_ROTATION_SECONDS = 600
DEFAULT_ROTATION_SECONDS = 15
ANNOUNCEMENT_LENGTH = 280


class HallView(models.TextChoices):
    """The views the display turns through, in this order."""

    PAIRINGS = "pairings", gettext_lazy("Pairings by table")
    RESULTS = "results", gettext_lazy("Latest results")
    STANDINGS = "standings", gettext_lazy("Standings")
    BRACKETS = "brackets", gettext_lazy("Brackets")
    CALLED = "called", gettext_lazy("Matches called")
    FREE_TABLES = "free_tables", gettext_lazy("Tables free")


def all_views():
    return list(HallView.values)


class HallDisplay(models.Model):
    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="hall_display")
    # The keys of HallView shown, in HallView's order.
    views = models.JSONField(default=all_views)
    rotation_seconds = models.PositiveSmallIntegerField(
        default=DEFAULT_ROTATION_SECONDS,
        validators=[MinValueValidator(MIN_ROTATION_SECONDS), MaxValueValidator(MAX_ROTATION_SECONDS)],
    )
    announcement = models.CharField(max_length=ANNOUNCEMENT_LENGTH, blank=True)
    # When the announcement leaves the screen by itself; empty: it stays until cleared.
    announcement_until = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self):
        return str(self.tournament)

    @classmethod
    def defaults(cls, tournament):
        """The settings of a tournament whose secretary never saved any (not saved: a public page writes nothing)."""
        return cls(tournament=tournament)

    def announcement_at(self, now):
        """The announcement on the screen at `now`: its text, or "" once cleared or past its time."""
        if not self.announcement or (self.announcement_until is not None and self.announcement_until <= now):
            return ""
        return self.announcement
