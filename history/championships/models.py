"""Championships: a club's or a federation's tournaments over a season, ranked by the prizes their competitors
earned (SoL's "championship")."""

from django.db import models
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournaments.models import Club, Entry, Event, Tournament


class Championship(models.Model):
    class Scheme(models.TextChoices):
        FIXED = "fixed", gettext_lazy("Fixed prizes: 18, 16, 14, 13…")
        FIXED40 = "fixed40", gettext_lazy("Fixed prizes: 1000, 900, 800, 750…")
        ASIS = "asis", gettext_lazy("Simple tournaments, no special prizes")
        MILLESIMAL = "millesimal", gettext_lazy("Classic millesimal prizes")
        CENTESIMAL = "centesimal", gettext_lazy("Centesimal prizes")

    name = models.CharField(max_length=120)
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="championships")
    # SoL's global identifier of an imported championship; blank for our own.
    guid = models.CharField(max_length=40, unique=True, null=True, blank=True, editable=False)
    prize_scheme = models.CharField(max_length=10, choices=Scheme.choices, default=Scheme.FIXED)
    skip_worst = models.PositiveSmallIntegerField(
        default=0, help_text=gettext_lazy("How many of each competitor's worst results the ranking leaves out.")
    )
    players_per_team = models.PositiveSmallIntegerField(default=1)
    closed = models.BooleanField(default=False)
    previous = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    tournaments = models.ManyToManyField(Tournament, blank=True, related_name="championships")

    class Meta:
        ordering = ["club", "name"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="championship_name_unique_in_club")]

    def __str__(self):
        return self.name


class Prize(models.Model):
    """The final prize of a competitor in a prized event: what the championship ranking adds up. An event is
    prized once it has these rows; SoL files bring them, `championships.services.assign_prizes` makes them."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="championship_prizes")
    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="championship_prize")
    place = models.PositiveIntegerField()
    # Two decimals, as SoL keeps them (centesimal prizes are not whole numbers).
    amount = models.DecimalField(max_digits=9, decimal_places=2, verbose_name=pgettext_lazy("championship", "prize"))

    class Meta:
        ordering = ["event", "place"]
        constraints = [models.UniqueConstraint(fields=["event", "place"], name="prize_place_unique_in_event")]

    def __str__(self):
        return f"{self.entry}: {self.amount}"
