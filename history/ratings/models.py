"""Ratings (Glicko-2, computed as SoL computes them), the rates they give players, and the events that use one."""

import uuid

from django.db import models
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournaments.models import Club, Event, Player


def new_guid():
    """A guid as SoL writes them: 32 hexadecimal digits."""
    return uuid.uuid4().hex


class Rating(models.Model):
    """A Glicko-2 rating: the tournaments of the events that use it update its players' rates, one period each.

    `level` as SoL numbers them: "0" historical (imported, never recomputed), "1" international, "2" national,
    "3" regional, "4" local. With `inheritance`, a player new to this rating starts from their newest rate in it
    or in any rating of a lower level number."""

    class Level(models.TextChoices):
        HISTORICAL = "0", gettext_lazy("Historical (imported, never recomputed)")
        INTERNATIONAL = "1", gettext_lazy("Level 1: international tournaments")
        NATIONAL = "2", gettext_lazy("Level 2: national and open tournaments")
        REGIONAL = "3", gettext_lazy("Level 3: regional tournaments")
        LOCAL = "4", gettext_lazy("Level 4: club tournaments")

    class Outcomes(models.TextChoices):
        GLICKO = "glicko", gettext_lazy("Glicko: a win is 1, a draw 0.5, a loss 0")
        GUIDO = "guido", gettext_lazy("Guido: each side's share of the points scored")

    guid = models.CharField(max_length=40, unique=True, default=new_guid)
    name = models.CharField(max_length=120, unique=True)
    level = models.CharField(max_length=1, choices=Level.choices, default=Level.NATIONAL)
    inheritance = models.BooleanField(
        default=False, help_text=gettext_lazy("Players new to this rating start from their rate in a lower level.")
    )
    tau = models.DecimalField(max_digits=5, decimal_places=2, default="0.50")
    default_rate = models.PositiveSmallIntegerField(default=1500)
    default_deviation = models.PositiveSmallIntegerField(default=350)
    default_volatility = models.DecimalField(max_digits=6, decimal_places=5, default="0.06000")
    # The range unrated players are placed in when fewer than two players of a tournament are rated.
    lower_rate = models.PositiveSmallIntegerField(default=1600)
    higher_rate = models.PositiveSmallIntegerField(default=2600)
    outcomes = models.CharField(max_length=6, choices=Outcomes.choices, default=Outcomes.GUIDO)
    # The club or federation (a Club with is_federation) that keeps the rating; none for an international one.
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="ratings")
    # When its rates were last recomputed: the archive's pages of the rating are kept until it changes.
    recomputed_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["level", "name"]

    def __str__(self):
        return self.name


class Rate(models.Model):
    """A player's rate in a rating after the tournament of `date` (or as imported)."""

    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="rates")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rates")
    date = models.DateField()
    rate = models.PositiveSmallIntegerField()
    deviation = models.PositiveSmallIntegerField()
    volatility = models.DecimalField(max_digits=6, decimal_places=5)

    class Meta:
        ordering = ["rating", "player", "date"]
        constraints = [
            models.UniqueConstraint(fields=["rating", "player", "date"], name="rate_once_per_rating_player_date")
        ]
        indexes = [models.Index(fields=["player", "date"], name="rate_player_date")]

    def __str__(self):
        return f"{self.player} {self.rating} {self.date}: {self.rate}"


class EventRating(models.Model):
    """An event that uses a rating: its seeding reads the rates current at its tournament's start, and its
    finished Swiss stage updates the rating."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="event_rating")
    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="event_ratings")

    class Meta:
        verbose_name = pgettext_lazy("an event's link to a rating", "event rating")

    def __str__(self):
        return f"{self.event}: {self.rating}"
