from django.conf import settings
from django.db import models
from django.utils import timezone

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
    # ICF 39: the toss winner chooses the break or the side; choosing the side leaves the break to the other.
    toss_winner = models.CharField(max_length=1, blank=True, choices=[("a", "A"), ("b", "B")])
    toss_choice = models.CharField(max_length=5, blank=True, choices=[("break", "Break"), ("side", "Side")])
    # Self-umpired (e.g. ECC): one player enters the score card, the other side's player confirms it.
    self_umpired = models.BooleanField(default=False)
    result_entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    called_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # The last "replay from board N" (protests): boards from there on were voided.
    replay_from_game = models.PositiveSmallIntegerField(null=True, blank=True)
    replay_from_board = models.PositiveSmallIntegerField(null=True, blank=True)
    # Game-level entries of the score card, by game number as a string: the ECC board unfinished at the second bell
    # ({"unfinished_board_at_second_bell": {...}}) and the queen2 tie-breaker ({"tie_breaker": {...}}), in the
    # shapes rules.game.GameInput takes.
    card_extras = models.JSONField(default=dict, blank=True)
    # Late arrivals (issue #6): when each side reported at its board, and the rule set's reporting deadline
    # (stored, so the periodic forfeit task finds due matches with one indexed query).
    reported_a_at = models.DateTimeField(null=True, blank=True)
    reported_b_at = models.DateTimeField(null=True, blank=True)
    report_deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    # Sides that lost by forfeit: "a", "b", or "ab" when both were absent (both lose).
    forfeited = models.CharField(max_length=2, blank=True)
    # Protests (issue #7, ICF 150): while a protest is undecided the result is not final and counts for nothing.
    result_withheld = models.BooleanField(default=False)
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
        decided = self.status in (self.Status.CONFIRMED, self.Status.WALKOVER, self.Status.BYE)
        return decided and not self.result_withheld

    @property
    def history(self):
        """Every recorded change to this match's result, oldest first (the secretary's audit trail)."""
        return self.changes.select_related("user").order_by("at", "pk")

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
    total_a = models.PositiveSmallIntegerField(default=0, help_text="A's running total after this board.")
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
        ordering = ["match", "game_no", "number", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "game_no", "number"],
                condition=models.Q(voided=False),
                name="board_number_unique_in_game",
            )
        ]

    def __str__(self):
        return f"Game {self.game_no} board {self.number}: {self.total_a}–{self.total_b}"

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


class ResultChange(models.Model):
    """Audit log: who changed a match's result or state, when, from what to what, and why."""

    class What(models.TextChoices):
        BOARD_ADDED = "board_added", "Board added"
        BOARDS_VOIDED = "boards_voided", "Boards voided"
        RESULT = "result", "Result recorded"
        CONFIRMED = "confirmed", "Result confirmed"
        WALKOVER = "walkover", "Walkover"
        RETIRED = "retired", "Retired"
        STATUS = "status", "Status changed"
        REPLAY = "replay", "Replay from board"
        TOSS = "toss", "Toss"
        SCHEDULE = "schedule", "Table or time changed"
        UMPIRE = "umpire", "Umpire changed"
        REPORTED = "reported", "Reported at the board"
        FORFEIT = "forfeit", "Forfeit (late arrival)"
        FORFEIT_CANCELLED = "forfeit_cancelled", "Forfeit cancelled"
        TIME_LIMIT = "time_limit", "Time limit (second bell)"
        WITHHELD = "withheld", "Result withheld (protest)"
        RELEASED = "released", "Result released (protest decided)"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now, db_index=True)
    what = models.CharField(max_length=20, choices=What.choices)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["match", "at", "pk"]

    def __str__(self):
        return f"{self.at:%Y-%m-%d %H:%M} {self.get_what_display()} ({self.user or 'system'})"


class Venue(models.Model):
    """The playing hall of a tournament: how many carrom boards (tables) it has, how long a match takes and how
    long a player rests between matches. Scheduling reads it."""

    tournament = models.OneToOneField("tournaments.Tournament", on_delete=models.CASCADE, related_name="venue_setup")
    tables = models.PositiveSmallIntegerField(default=8, help_text="Carrom boards (tables) in the hall.")
    match_minutes = models.PositiveSmallIntegerField(default=60, help_text="Time a match's slot takes.")
    rest_minutes = models.PositiveSmallIntegerField(default=10, help_text="Minimum rest between a player's matches.")

    def __str__(self):
        return f"{self.tournament}: {self.tables} tables"


class RoundClock(models.Model):
    """The countdown of a round (ECC 39-41: 50 minutes to the first bell, 7 more to the second). Stored, so the
    pages show it and the periodic task rings the second bell whatever happened to the worker."""

    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="clock")
    started_at = models.DateTimeField()
    first_bell_at = models.DateTimeField()
    second_bell_at = models.DateTimeField(db_index=True)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Set once the second bell has been applied to the round's unfinished matches (idempotency).
    second_bell_applied_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"{self.round}: started {self.started_at:%H:%M}"
