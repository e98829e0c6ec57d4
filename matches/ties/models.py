"""A team's line-up for one tie: who plays which rubber. The rubbers themselves are matches (stages.Match with
`tie` and `rubber` set); the line-up is what the captains, or the secretary, named before the tie."""

from django.db import models
from django.utils.translation import gettext_lazy

from stages.models import Match
from tournaments.models import Player


class LineUp(models.Model):
    tie = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="line_ups")
    side = models.CharField(max_length=1, choices=[("a", "A"), ("b", "B")])
    rubber = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField(default=1)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="line_ups")
    named_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tie", "side", "rubber", "position"]
        verbose_name = gettext_lazy("line-up place")
        verbose_name_plural = gettext_lazy("line-ups")
        constraints = [
            models.UniqueConstraint(fields=["tie", "side", "rubber", "position"], name="line_up_place_unique"),
            models.UniqueConstraint(fields=["tie", "side", "rubber", "player"], name="line_up_player_once_a_rubber"),
        ]

    def __str__(self):
        return f"{self.tie_id}{self.side} #{self.rubber}.{self.position}: {self.player}"
