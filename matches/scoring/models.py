"""The score card and the result of a match: its games, its boards (ICF XIX) and the audit log of every change."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

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
            "winner": self.winner or None,
            "coins_left_of_loser": self.coins_left_of_loser,
            "queen": self.queen or None,
            "loser_outstanding_dues": self.loser_outstanding_dues,
            "special_ending": self.special_ending,
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


class AuditEntry(models.Model):
    """An entry of an audit log: who, when, the state before and after, and why (what changed is each log's own
    `what`). Scoring's ResultChange and the referee's desk's ConductChange."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now, db_index=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)

    class Meta:
        abstract = True


class ResultChange(AuditEntry):
    """Audit log: who changed a match's result or state, when, from what to what, and why."""

    class What(models.TextChoices):
        BOARD_ADDED = "board_added", gettext_lazy("Board added")
        BOARDS_VOIDED = "boards_voided", gettext_lazy("Boards voided")
        RESULT = "result", gettext_lazy("Result recorded")
        CONFIRMED = "confirmed", gettext_lazy("Result confirmed")
        WALKOVER = "walkover", gettext_lazy("Walkover")
        RETIRED = "retired", gettext_lazy("Retired")
        STATUS = "status", gettext_lazy("Status changed")
        REPLAY = "replay", gettext_lazy("Replay from board")
        TOSS = "toss", gettext_lazy("Toss")
        SCHEDULE = "schedule", gettext_lazy("Table or time changed")
        UMPIRE = "umpire", gettext_lazy("Umpire changed")
        REPORTED = "reported", pgettext_lazy("physical carrom board", "Reported at the board")
        FORFEIT = "forfeit", gettext_lazy("Forfeit (late arrival)")
        FORFEIT_CANCELLED = "forfeit_cancelled", gettext_lazy("Forfeit cancelled")
        TIME_LIMIT = "time_limit", gettext_lazy("Time limit (second bell)")
        WITHHELD = "withheld", gettext_lazy("Result withheld (protest)")
        RELEASED = "released", gettext_lazy("Result released (protest decided)")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="changes")
    what = models.CharField(max_length=20, choices=What.choices)

    class Meta:
        db_table = "matches_resultchange"  # the table keeps the name it had before the model moved to this app
        ordering = ["match", "at", "pk"]

    def __str__(self):
        return f"{self.at:%Y-%m-%d %H:%M} {self.get_what_display()} ({self.user or _('system')})"
