from django.conf import settings
from django.db import models

from tournaments.models import Entry, Group, Round, Stage


class Match(models.Model):
    """Two entries (or one and a bye) meeting in a round. Side A breaks first unless the toss says otherwise."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        CALLED = "called", "Called"
        IN_PLAY = "in_play", "In play"
        FINISHED = "finished", "Finished"
        CONFIRMED = "confirmed", "Confirmed"
        WALKOVER = "walkover", "Walkover / forfeit"
        RETIRED = "retired", "Retired"
        BYE = "bye", "Bye"

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="matches")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    group = models.ForeignKey(Group, null=True, blank=True, on_delete=models.CASCADE, related_name="matches")
    # Order within the round; in a knockout, the line of the bracket from the top (1-based).
    number = models.PositiveSmallIntegerField()
    entry_a = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    entry_b = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    table = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Carrom board (table) number.")
    planned_at = models.DateTimeField(null=True, blank=True)
    umpire = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="umpired_matches"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SCHEDULED)
    score_a = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Sum of A's points over the games.")
    score_b = models.PositiveSmallIntegerField(null=True, blank=True)
    games_a = models.PositiveSmallIntegerField(default=0, help_text="Games won by A.")
    games_b = models.PositiveSmallIntegerField(default=0)
    winner = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    # Knockout: where the winner (and, for the third-place match, the loser) goes next.
    next_match = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    next_side = models.CharField(max_length=1, blank=True, choices=[("a", "A"), ("b", "B")])
    loser_next_match = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    loser_next_side = models.CharField(max_length=1, blank=True, choices=[("a", "A"), ("b", "B")])
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "number"]
        verbose_name_plural = "matches"
        constraints = [models.UniqueConstraint(fields=["round", "group", "number"], name="match_number_unique")]
        indexes = [models.Index(fields=["stage", "status"])]

    def __str__(self):
        return f"{self.round} #{self.number}: {self.entry_a or '—'} v {self.entry_b or 'bye'}"

    @property
    def is_decided(self):
        """Counts in standings and advances in brackets."""
        return self.status in (self.Status.CONFIRMED, self.Status.WALKOVER, self.Status.BYE)

    @property
    def loser(self):
        if self.winner_id is None:
            return None
        return self.entry_b if self.winner_id == self.entry_a_id else self.entry_a


class Game(models.Model):
    """One game of a match (ICF 57: best of three), with its final score."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    score_a = models.PositiveSmallIntegerField()
    score_b = models.PositiveSmallIntegerField()
    winner_side = models.CharField(max_length=1, blank=True, choices=[("A", "A"), ("B", "B")])

    class Meta:
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="game_number_unique_in_match")]

    def __str__(self):
        return f"Game {self.number}: {self.score_a}–{self.score_b}"
