"""Stages of an event and what a draw makes of them: groups, rounds and the matches in them."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from core.page_cache import new_page_version
from tournaments.models import Entry, Event


def validate_odd(value):
    if value is not None and (value < 1 or value % 2 == 0):
        raise ValidationError(_("A match is played over an odd number of games (1, 3, 5)."))


class Stage(models.Model):
    """One phase of an event: groups, a round robin, Swiss rounds or a knockout. Stages run in `order`; a stage
    with a `source` is entered by the qualifiers of that earlier stage (explicit advancement)."""

    class Kind(models.TextChoices):
        GROUPS = "groups", gettext_lazy("Groups (round robin in each)")
        ROUND_ROBIN = "round_robin", gettext_lazy("Round robin")
        SWISS = "swiss", gettext_lazy("Swiss rounds")
        KNOCKOUT = "knockout", gettext_lazy("Knockout")

    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("Not drawn")
        DRAWN = "drawn", gettext_lazy("Drawn")
        FINISHED = "finished", pgettext_lazy("stage status", "Finished")

    class Grouping(models.TextChoices):
        RANDOM = "random", gettext_lazy("Random")
        SNAKE_SEED = "snake_seed", gettext_lazy("Seeded snake (seed)")
        SNAKE_RATING = "snake_rating", gettext_lazy("Seeded snake (rating)")

    class Pairing(models.TextChoices):
        DAZED = "dazed", gettext_lazy("Dazed (ECC)")
        SERIAL = "serial", gettext_lazy("Serial")
        STAGGERED = "staggered", gettext_lazy("Staggered")
        OPTIMAL = "optimal", gettext_lazy("Optimal (maximum-weight matching)")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="stages")
    order = models.PositiveSmallIntegerField(default=1)
    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=12, choices=Kind.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    # Advancement: who enters this stage. No source: every entry of the event that has not withdrawn.
    source = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="next_stages")
    qualifiers = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=gettext_lazy("From a groups source: how many of each group; otherwise the top N overall."),
    )
    # Groups
    group_count = models.PositiveSmallIntegerField(null=True, blank=True)
    grouping = models.CharField(max_length=12, choices=Grouping.choices, default=Grouping.RANDOM)
    keep_apart = models.CharField(
        max_length=20,
        blank=True,
        default="club,country",
        help_text=gettext_lazy("Keep players of the same club/country apart."),
    )
    # Round robin (groups too)
    double_round_robin = models.BooleanField(default=False)
    # Swiss
    rounds_planned = models.PositiveSmallIntegerField(null=True, blank=True)
    pairing_method = models.CharField(max_length=10, choices=Pairing.choices, default=Pairing.DAZED)
    delay_top_players = models.PositiveSmallIntegerField(default=0)
    # SoL's "delaycompatriotpairing": in rounds 1...N the pairing tries a player's compatriots last (see
    # stages.draws.swiss.mates_last); club mates, the same way, as an option of our own.
    delay_compatriots = models.PositiveSmallIntegerField(
        default=0,
        help_text=gettext_lazy(
            "Swiss: for this many first rounds, the pairing tries a player's opponents of the same country last "
            "among those of the same score (0: no delay)."
        ),
    )
    delay_club_mates = models.PositiveSmallIntegerField(
        default=0,
        help_text=gettext_lazy(
            "Swiss: for this many first rounds, the pairing tries a player's opponents of the same club last "
            "among those of the same score (0: no delay)."
        ),
    )
    first_round_by_rating = models.BooleanField(default=False)
    bye_score_for = models.PositiveSmallIntegerField(default=25)
    bye_score_against = models.PositiveSmallIntegerField(default=0)
    # A competitor who forfeits a round (late arrival) is withdrawn from the later rounds; off by default, as in
    # ECC play everyone is expected to play all rounds.
    forfeit_withdraws = models.BooleanField(
        default=False,
        help_text=gettext_lazy("Swiss: withdraw a competitor who forfeited a round from the later rounds."),
    )
    # Knockout
    third_place_match = models.BooleanField(default=False)
    # The stamp of the stage's own cached pages (core.page_stamps): replaced by a result in the stage, or in its
    # source, and by any change of the tournament outside its stages.
    page_version = models.CharField(max_length=16, default=new_page_version, editable=False)
    # Longer matches than the rule set's own (e.g. ECC plays one game; a Eurocup final is best of three).
    games_per_match = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[validate_odd],
        help_text=gettext_lazy("Games per match, if not the rule set's (an odd number, e.g. 3)."),
    )
    # Standings precedence, metric keys from stages.draws.standings; empty means the system's default.
    tiebreaks = models.JSONField(default=list, blank=True)
    # Team ties: the rubbers of each tie and how they count (stages.draws.ties; empty: its DEFAULT_FORMAT).
    tie_format = models.JSONField(default=dict, blank=True)

    # How a stage is drawn: what the secretary's page form and the API both edit.
    DRAW_SETTINGS = (
        "source",
        "qualifiers",
        "group_count",
        "grouping",
        "keep_apart",
        "double_round_robin",
        "rounds_planned",
        "pairing_method",
        "delay_top_players",
        "delay_compatriots",
        "delay_club_mates",
        "first_round_by_rating",
        "forfeit_withdraws",
        "third_place_match",
        "games_per_match",
        "tie_format",
    )
    # The settings each kind's draw reads (stages.services); the others are kept but not used by that kind, so the
    # stage form shows only these beside the ones every kind has.
    KIND_SETTINGS = {
        Kind.GROUPS: ("group_count", "grouping", "keep_apart", "double_round_robin"),
        Kind.ROUND_ROBIN: ("double_round_robin",),
        Kind.SWISS: (
            "rounds_planned",
            "pairing_method",
            "delay_top_players",
            "delay_compatriots",
            "delay_club_mates",
            "first_round_by_rating",
            "forfeit_withdraws",
        ),
        Kind.KNOCKOUT: ("third_place_match",),
    }

    class Meta:
        db_table = "tournaments_stage"  # the table keeps the name it had before the model moved to this app
        ordering = ["event", "order"]
        constraints = [models.UniqueConstraint(fields=["event", "order"], name="stage_order_unique_in_event")]

    def __str__(self):
        return f"{self.event.name}: {self.name}"

    def get_absolute_url(self):
        return reverse("stage-detail", args=[self.event.tournament.slug, self.pk])


class Group(models.Model):
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="groups")
    number = models.PositiveSmallIntegerField()
    entries = models.ManyToManyField(Entry, through="GroupMember", related_name="groups")

    class Meta:
        db_table = "tournaments_group"  # the table keeps the name it had before the model moved to this app
        ordering = ["stage", "number"]
        constraints = [models.UniqueConstraint(fields=["stage", "number"], name="group_number_unique_in_stage")]

    def __str__(self):
        return self.name

    @property
    def letter(self):
        return chr(ord("A") + self.number - 1) if self.number <= 26 else str(self.number)

    @property
    def name(self):
        return _("Group %(letter)s") % {"letter": self.letter}


class GroupMember(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="members")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="group_memberships")
    # The entry's number in the group's Berger table.
    position = models.PositiveSmallIntegerField()

    class Meta:
        db_table = "tournaments_groupmember"  # the table keeps the name it had before the model moved to this app
        ordering = ["group", "position"]
        constraints = [
            models.UniqueConstraint(fields=["group", "position"], name="group_position_unique"),
            models.UniqueConstraint(fields=["group", "entry"], name="group_entry_unique"),
        ]

    def __str__(self):
        return _("%(entry)s in %(group)s") % {"entry": self.entry, "group": self.group}


# How a knockout round's key (stages.draws.knockout) reads; "round_of_32" and the like are worded in display_name.
KNOCKOUT_ROUNDS = {
    "final": gettext_lazy("Final"),
    "semi_final": gettext_lazy("Semi final"),
    "quarter_final": gettext_lazy("Quarter final"),
    "pre_quarter_final": gettext_lazy("Pre quarter final"),
    "third_place": gettext_lazy("Third place"),
}


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", gettext_lazy("Preview (not published)")
        PUBLISHED = "published", gettext_lazy("Published")

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(
        max_length=40, blank=True, help_text=gettext_lazy("Knockout rounds: the rules app's round key.")
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    # The stamp of what is kept of the round's own matches (core.page_stamps pieces): replaced by a change of one
    # of them, and by any change of its stage or tournament not said to be in a round.
    page_version = models.CharField(max_length=16, default=new_page_version, editable=False)

    class Meta:
        db_table = "tournaments_round"  # the table keeps the name it had before the model moved to this app
        ordering = ["stage", "number"]
        constraints = [models.UniqueConstraint(fields=["stage", "number"], name="round_number_unique_in_stage")]

    def __str__(self):
        return self.display_name

    @property
    def display_name(self):
        if self.name in KNOCKOUT_ROUNDS:
            return str(KNOCKOUT_ROUNDS[self.name])
        if self.name.startswith("round_of_") and self.name[9:].isdigit():
            return pgettext("knockout round", "Round of %(size)s") % {"size": self.name[9:]}
        if self.name:
            return self.name.replace("_", " ").capitalize()
        return pgettext("numbered round of a stage", "Round %(number)s") % {"number": self.number}


class DrawnMatches(models.Manager):
    """The matches a draw made: singles, doubles, and a team event's ties, but not the rubbers inside a tie. So
    standings, brackets, round pages and calls see one match per pairing; the rubbers are reached through their tie
    (`tie.rubbers`) or `Match.with_rubbers`."""

    def get_queryset(self):
        if getattr(getattr(self, "field", None), "name", None) == "tie":
            return super().get_queryset()  # `tie.rubbers`, the related manager Django derives from this one
        return super().get_queryset().filter(tie__isnull=True)


class Match(models.Model):
    """Two entries (or one and a bye) meeting in a round. Side A breaks first unless the toss says otherwise.

    In a team event the match between two teams is a tie, and each of its rubbers is a match too (`tie` set,
    `rubber` its number), played, carded, protested and sanctioned like any other (matches.ties)."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", gettext_lazy("Scheduled")
        CALLED = "called", gettext_lazy("Called")
        IN_PLAY = "in_play", gettext_lazy("In play")
        FINISHED = "finished", pgettext_lazy("match status", "Finished")
        CONFIRMED = "confirmed", gettext_lazy("Confirmed")
        WALKOVER = "walkover", gettext_lazy("Walkover / forfeit")
        RETIRED = "retired", gettext_lazy("Retired")
        BYE = "bye", gettext_lazy("Bye")

    # Indexes (see Meta): a Swiss round of a 10,000-player event inserts 5,000 matches, each updating every index.
    # The stage is found through the (stage, status) index, a tie through (tie, rubber); the columns empty when a
    # match is drawn (its group, umpire, winner, deadlines) are indexed where they are set, which is where they are
    # looked for.
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="matches", db_index=False)
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    group = models.ForeignKey(
        Group, null=True, blank=True, on_delete=models.CASCADE, related_name="matches", db_index=False
    )
    # Order within the round; in a knockout, the line of the bracket from the top (1-based).
    number = models.PositiveSmallIntegerField()
    entry_a = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    entry_b = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    table = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=gettext_lazy("Carrom board (table) number.")
    )
    planned_at = models.DateTimeField(null=True, blank=True)
    umpire = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="umpired_matches",
        db_index=False,
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SCHEDULED)
    score_a = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=gettext_lazy("Sum of A's points over the games.")
    )
    score_b = models.PositiveSmallIntegerField(null=True, blank=True)
    games_a = models.PositiveSmallIntegerField(default=0, help_text=gettext_lazy("Games won by A."))
    games_b = models.PositiveSmallIntegerField(default=0)
    winner = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+", db_index=False)
    # ICF 39: the toss winner chooses the break or the side; choosing the side leaves the break to the other.
    toss_winner = models.CharField(max_length=1, blank=True, choices=[("a", "A"), ("b", "B")])
    toss_choice = models.CharField(
        max_length=5,
        blank=True,
        choices=[("break", pgettext_lazy("the opening shot", "Break")), ("side", pgettext_lazy("toss choice", "Side"))],
    )
    # Self-umpired (e.g. ECC): one player enters the score card, the other side's player confirms it.
    self_umpired = models.BooleanField(default=False)
    result_entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", db_index=False
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
    # Late arrivals (ICF 143): when each side reported at its board, and the rule set's reporting deadline
    # (stored, so the periodic forfeit task finds due matches with one indexed query).
    reported_a_at = models.DateTimeField(null=True, blank=True)
    reported_b_at = models.DateTimeField(null=True, blank=True)
    report_deadline = models.DateTimeField(null=True, blank=True)
    # How absence is established once the round is called (matches.checkin.absence): "desk", the desk marks every
    # arrival and a side unmarked at the deadline loses; "claims", a side loses only once someone on the spot (the
    # desk, the umpire, the present opponent) said it is absent: `declared_absent`, the sides so declared.
    check_in = models.CharField(max_length=6, blank=True)
    declared_absent = models.CharField(max_length=2, blank=True)
    # ICF 138, 143(b): when the rest before the deciding game ends (set by the conduct app when game 2 ends,
    # cleared once settled), stored so the periodic task finds due matches with one indexed query.
    rest_deadline = models.DateTimeField(null=True, blank=True)
    # Sides that lost by forfeit: "a", "b", or "ab" when both were absent (both lose).
    forfeited = models.CharField(max_length=2, blank=True)
    # Protests (ICF 150): while a protest is undecided the result is not final and counts for nothing.
    result_withheld = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)
    tie = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="rubbers", db_index=False
    )
    rubber = models.PositiveSmallIntegerField(null=True, blank=True)
    # A team tie's board points over its decided rubbers (its score is its rubber points, its games the rubbers
    # won): the team standings' "boards" tie-break. Empty on any other match, whose score is its board points.
    boards_a = models.PositiveIntegerField(null=True, blank=True)
    boards_b = models.PositiveIntegerField(null=True, blank=True)

    with_rubbers = models.Manager()
    objects = DrawnMatches()

    class Meta:
        db_table = "matches_match"  # the table keeps the name it had before the model moved to this app
        ordering = ["round", "number"]
        verbose_name_plural = gettext_lazy("matches")
        default_manager_name = "objects"
        base_manager_name = "with_rubbers"
        constraints = [
            models.UniqueConstraint(
                fields=["round", "group", "number"], condition=models.Q(tie=None), name="match_number_unique"
            ),
            models.UniqueConstraint(fields=["tie", "rubber"], name="rubber_number_unique_in_tie"),
        ]
        indexes = [
            models.Index(fields=["stage", "status"]),
            *(
                models.Index(
                    fields=[field], condition=models.Q(**{f"{field}__isnull": False}), name=f"match_{field}_set"
                )
                for field in ("group", "umpire", "winner", "result_entered_by", "report_deadline", "rest_deadline")
            ),
        ]

    def __str__(self):
        return _("%(round)s #%(number)s: %(a)s v %(b)s") % {
            "round": self.round,
            "number": self.number,
            "a": self.entry_a or "—",
            "b": self.entry_b or pgettext("no opponent", "bye"),
        }

    @property
    def is_decided(self):
        """Counts in standings and advances in brackets."""
        return self.status in DECIDED and not self.result_withheld

    @property
    def history(self):
        """Every recorded change to this match's result, oldest first (the secretary's audit trail)."""
        return self.changes.select_related("user").order_by("at", "pk")

    @property
    def loser(self):
        if self.winner_id is None:
            return None
        return self.entry_b if self.winner_id == self.entry_a_id else self.entry_a


# Groupings of Match.Status. Unfinished: not yet over. Open: its result can still be entered.
UNFINISHED = (Match.Status.SCHEDULED, Match.Status.CALLED, Match.Status.IN_PLAY)
OPEN = (*UNFINISHED, Match.Status.FINISHED)
# Results that count in standings and advance in brackets, unless withheld by a protest (Match.is_decided).
DECIDED = (Match.Status.CONFIRMED, Match.Status.WALKOVER, Match.Status.BYE)
