from django.db import models
from django.utils.translation import gettext_lazy

from tournaments.models import Event


class PrizeCategory(models.Model):
    """A category an event awards prizes in, beside the overall ones (Event.overall_prizes): its top `prizes`
    eligible entries in the event's final placings. A doubles pair is eligible when both partners are; a player
    without a date of birth is never eligible for an age category."""

    class Kind(models.TextChoices):
        WOMEN = "women", gettext_lazy("Women")
        JUNIOR = "junior", gettext_lazy("Junior")
        VETERAN = "veteran", gettext_lazy("Veteran")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="prize_categories")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    prizes = models.PositiveSmallIntegerField(default=3)
    # Junior: under this age on the tournament's first day; veteran: at least this age on that day.
    age_limit = models.PositiveSmallIntegerField(null=True, blank=True)
    # Junior, instead of an age: born on this day or later.
    born_on_or_after = models.DateField(null=True, blank=True)

    class Meta:
        # The model was the tournaments app's: its table keeps that app's name, so no row moves.
        db_table = "tournaments_prizecategory"
        ordering = ["event", "kind"]
        verbose_name_plural = gettext_lazy("prize categories")
        constraints = [models.UniqueConstraint(fields=["event", "kind"], name="prize_category_once_per_event")]

    def __str__(self):
        return f"{self.event}: {self.get_kind_display()}"


# The order a prize list prints its categories in, and the event page and the form list them in.
KIND_ORDER = [PrizeCategory.Kind.WOMEN, PrizeCategory.Kind.JUNIOR, PrizeCategory.Kind.VETERAN]


def ordered(categories):
    """Categories (anything with `kind`) in the order a prize list prints them: women, junior, veteran."""
    return sorted(categories, key=lambda category: KIND_ORDER.index(category.kind))
