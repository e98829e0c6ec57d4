"""A board kept stroke by stroke: the board, as started, and its strokes in order, as the umpire saw them. The
engine's answer is not stored: it is the same every time the strokes are played again (rules.strokes), and a
protest cites the stroke by its number."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from matches.scoring.models import SIDES, Board
from stages.models import Match


class KeptBoard(models.Model):
    """A board of the score card kept stroke by stroke. Once the engine says it is over it is entered on the card
    (`board`); a board entered meanwhile board by board, or kept again from its start, leaves this one abandoned,
    kept on record with its strokes."""

    class Status(models.TextChoices):
        PLAYING = "playing", gettext_lazy("In play")
        ENTERED = "entered", gettext_lazy("Entered on the card")
        ABANDONED = "abandoned", gettext_lazy("Abandoned")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="kept_boards")
    game_no = models.PositiveSmallIntegerField()
    board_no = models.PositiveSmallIntegerField()
    breaker = models.CharField(max_length=1, choices=SIDES)
    # The game's running score when the board started (the engine's opening).
    score_a_before = models.PositiveSmallIntegerField(default=0)
    score_b_before = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    # The fouls each side committed (a foul named, an improper stroke, the striker pocketed, a time-out where it is
    # a foul), counted from the strokes when the board is entered: the statistics sum them in the database.
    fouls_a = models.PositiveSmallIntegerField(default=0)
    fouls_b = models.PositiveSmallIntegerField(default=0)
    board = models.OneToOneField(Board, null=True, blank=True, on_delete=models.SET_NULL, related_name="kept")
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    started_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["match", "game_no", "board_no", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["match"], condition=models.Q(status="playing"), name="one_kept_board_in_play_per_match"
            )
        ]

    def __str__(self):
        return _("Game %(game)s board %(board)s, kept stroke by stroke") % {
            "game": self.game_no,
            "board": self.board_no,
        }

    @property
    def scores_before(self):
        return {"A": self.score_a_before, "B": self.score_b_before}


class BoardStroke(models.Model):
    """One stroke of a kept board, in the engine's shape (rules.strokes.Stroke.as_dict())."""

    kept = models.ForeignKey(KeptBoard, on_delete=models.CASCADE, related_name="strokes")
    seq = models.PositiveSmallIntegerField()
    data = models.JSONField()
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["kept", "seq"]
        constraints = [models.UniqueConstraint(fields=["kept", "seq"], name="stroke_number_unique_in_board")]

    def __str__(self):
        return _("Stroke %(number)s") % {"number": self.seq}
