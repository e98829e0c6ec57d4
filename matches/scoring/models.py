"""The score card and the result of a match: its games and its boards (ICF XIX). Every change of them is in the
match's audit log, `matches.models.ResultChange`."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from stages.models import Match


class Game(models.Model):
    """One game of a match (ICF 57: best of three), with its final score."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    score_a = models.PositiveSmallIntegerField()
    score_b = models.PositiveSmallIntegerField()
    winner_side = models.CharField(max_length=1, blank=True, choices=[("A", "A"), ("B", "B")])

    class Meta:
        db_table = "matches_game"  # the table keeps the name it had before the model moved to this app
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="game_number_unique_in_match")]

    def __str__(self):
        return _("Game %(game)s: %(a)s–%(b)s") % {"game": self.number, "a": self.score_a, "b": self.score_b}


SIDES = [("A", "A"), ("B", "B")]
# ICF 26 (ECC XXV, XXVI): a board finished in one turn; the values are rules.slams.SLAMS.
SLAMS = [("white", gettext_lazy("White slam")), ("black", gettext_lazy("Black slam"))]


class Board(models.Model):
    """One row of the score card (ICF XIX): a board of a game, as scored by the rules app. A replay from an
    earlier board voids it; voided boards stay on record."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="boards")
    game_no = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField()
    breaker = models.CharField(max_length=1, choices=SIDES)
    # The player who pocketed all his c/m first (blank when a special finish decided the board).
    winner = models.CharField(max_length=1, blank=True, choices=SIDES)
    coins_left_of_loser = models.PositiveSmallIntegerField(default=0)
    queen = models.CharField(max_length=20, blank=True)
    loser_outstanding_dues = models.PositiveSmallIntegerField(default=0)
    special_ending = models.JSONField(null=True, blank=True)
    # A white slam is the breaker's, a black slam the other side's (rules.slams); blank: none, or not recorded (an
    # older card, a SoL import).
    slam = models.CharField(max_length=5, blank=True, default="", choices=SLAMS)
    # What the rules app made of it.
    awarded_to = models.CharField(max_length=1, blank=True, choices=SIDES)
    points = models.PositiveSmallIntegerField(default=0)
    total_a = models.PositiveSmallIntegerField(default=0, help_text=gettext_lazy("A's running total after this board."))
    total_b = models.PositiveSmallIntegerField(default=0)
    law = models.CharField(max_length=120, blank=True)
    voided = models.BooleanField(default=False)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField(default=timezone.now)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        db_table = "matches_board"  # the table keeps the name it had before the model moved to this app
        ordering = ["match", "game_no", "number", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "game_no", "number"],
                condition=models.Q(voided=False),
                name="board_number_unique_in_game",
            )
        ]

    def __str__(self):
        return _("Game %(game)s board %(board)s: %(a)s–%(b)s") % {
            "game": self.game_no,
            "board": self.number,
            "a": self.total_a,
            "b": self.total_b,
        }

    def as_input(self):
        """The board as the rules app takes it (rules.board.BoardInput's JSON shape)."""
        return {
            "breaker": self.breaker or None,
            "winner": self.winner or None,
            "coins_left_of_loser": self.coins_left_of_loser,
            "queen": self.queen or None,
            "loser_outstanding_dues": self.loser_outstanding_dues,
            "special_ending": self.special_ending,
            "slam": self.slam or None,
        }

    def as_dict(self):
        return {
            "game": self.game_no,
            "board": self.number,
            "breaker": self.breaker,
            **self.as_input(),
            "awarded_to": self.awarded_to or None,
            "points": self.points,
            "totals": {"A": self.total_a, "B": self.total_b},
            "voided": self.voided,
        }
