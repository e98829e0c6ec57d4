import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.text import slugify


def rule_set_choices():
    # Called lazily (Django 5 accepts a callable) so the registry is read after the rules app has loaded.
    from rules.base import all_rule_sets

    return [(rule_set.key, rule_set.name) for rule_set in all_rule_sets()]


def validate_odd(value):
    if value is not None and (value < 1 or value % 2 == 0):
        raise ValidationError("A match is played over an odd number of games (1, 3, 5).")


def new_page_version():
    """A fresh random stamp for a tournament's cached pages (see tournaments.page_cache)."""
    return secrets.token_hex(8)


def player_identity(first_name, last_name, country):
    return f"{first_name.casefold()}|{last_name.casefold()}|{country.upper()}"


def entry_name(players):
    """An entry's name: its players' full names in member order, e.g. "Asha Rao & Ravi Rao"."""
    return " & ".join(player.full_name for player in players)


class Club(models.Model):
    name = models.CharField(max_length=120, unique=True)
    country = models.CharField(max_length=3, blank=True, help_text="Three-letter country code, e.g. IND, FRA.")
    is_federation = models.BooleanField(default=False)

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name


class Player(models.Model):
    class Sex(models.TextChoices):
        MALE = "M", "Male"
        FEMALE = "F", "Female"

    first_name = models.CharField(max_length=80)
    last_name = models.CharField(max_length=80, blank=True)
    sex = models.CharField(max_length=1, choices=Sex.choices, blank=True)
    date_of_birth = models.DateField(null=True, blank=True)
    country = models.CharField(max_length=3, blank=True)
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="players")
    rating = models.PositiveIntegerField(null=True, blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player"
    )
    # Names and country folded to one string, so imports find a player whatever the case or accents' case
    # (SQLite's LOWER() folds ASCII only).
    identity = models.CharField(max_length=170, editable=False, db_index=True)

    class Meta:
        ordering = ["last_name", "first_name"]
        indexes = [models.Index(fields=["last_name", "first_name"])]

    def __str__(self):
        return self.full_name

    def save(self, *args, **kwargs):
        self.identity = player_identity(self.first_name, self.last_name, self.country)
        super().save(*args, **kwargs)

    @property
    def full_name(self):
        return f"{self.first_name} {self.last_name}".strip()


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        PUBLISHED = "published", "Published"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=160)
    slug = models.SlugField(max_length=160, unique=True)
    venue = models.CharField(max_length=200, blank=True)
    start_date = models.DateField()
    end_date = models.DateField()
    host_club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="hosted_tournaments"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    secretaries = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="tournaments_as_secretary")
    chief_referees = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="tournaments_as_chief_referee"
    )
    umpires = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="tournaments_as_umpire")
    # Replaced whenever something its public pages show changes: the key of those pages in the cache.
    page_version = models.CharField(max_length=16, default=new_page_version, editable=False)

    class Meta:
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end_date__gte=models.F("start_date")), name="tournament_ends_after_start"
            )
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        if not self.slug:
            self.slug = slugify(self.name)[:160]
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return reverse("tournament-detail", args=[self.slug])

    @property
    def is_public(self):
        return self.status != self.Status.DRAFT


class Event(models.Model):
    class Kind(models.TextChoices):
        SINGLES = "singles", "Singles"
        DOUBLES = "doubles", "Doubles"

    class Category(models.TextChoices):
        OPEN = "open", "Open"
        MEN = "men", "Men"
        WOMEN = "women", "Women"
        JUNIOR = "junior", "Junior"
        CADET = "cadet", "Cadet"
        VETERAN = "veteran", "Veteran"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=120)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.SINGLES)
    category = models.CharField(max_length=10, choices=Category.choices, default=Category.OPEN)
    rule_set = models.CharField(max_length=20, choices=rule_set_choices, default="icf")

    class Meta:
        ordering = ["tournament", "name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="event_name_unique_in_tournament")]

    def __str__(self):
        return f"{self.tournament} – {self.name}"

    def get_absolute_url(self):
        return reverse("event-detail", args=[self.tournament.slug, self.pk])

    @property
    def team_size(self):
        return 2 if self.kind == self.Kind.DOUBLES else 1


class Entry(models.Model):
    """A competitor in an event: one player in singles, an ordered pair in doubles (see EntryMember)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    players = models.ManyToManyField(Player, through="EntryMember", related_name="entries")
    seed = models.PositiveIntegerField(null=True, blank=True)
    withdrawn = models.BooleanField(default=False)
    # The members' names, kept with the entry so lists and standings need no join per row.
    name = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["event", models.F("seed").asc(nulls_last=True), "name"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["event", "seed"], name="entry_seed_unique_in_event"),
        ]

    def __str__(self):
        return self.name or f"Entry {self.pk}"

    def refresh_name(self):
        members = self.members.select_related("player").order_by("position")
        self.name = entry_name(member.player for member in members)
        self.save(update_fields=["name"])


class EntryMember(models.Model):
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="memberships")
    position = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ["entry", "position"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "position"], name="entry_member_position_unique"),
            models.UniqueConstraint(fields=["entry", "player"], name="entry_member_player_unique"),
        ]

    def __str__(self):
        return f"{self.player} in {self.entry}"


class Stage(models.Model):
    """One phase of an event: groups, a round robin, Swiss rounds or a knockout. Stages run in `order`; a stage
    with a `source` is entered by the qualifiers of that earlier stage (explicit advancement)."""

    class Kind(models.TextChoices):
        GROUPS = "groups", "Groups (round robin in each)"
        ROUND_ROBIN = "round_robin", "Round robin"
        SWISS = "swiss", "Swiss rounds"
        KNOCKOUT = "knockout", "Knockout"

    class Status(models.TextChoices):
        PENDING = "pending", "Not drawn"
        DRAWN = "drawn", "Drawn"
        FINISHED = "finished", "Finished"

    class Grouping(models.TextChoices):
        RANDOM = "random", "Random"
        SNAKE_SEED = "snake_seed", "Seeded snake (seed)"
        SNAKE_RATING = "snake_rating", "Seeded snake (rating)"

    class Pairing(models.TextChoices):
        DAZED = "dazed", "Dazed (ECC)"
        SERIAL = "serial", "Serial"
        STAGGERED = "staggered", "Staggered"
        OPTIMAL = "optimal", "Optimal (maximum-weight matching)"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="stages")
    order = models.PositiveSmallIntegerField(default=1)
    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=12, choices=Kind.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    # Advancement: who enters this stage. No source: every entry of the event that has not withdrawn.
    source = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="next_stages")
    qualifiers = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="From a groups source: how many of each group; otherwise the top N overall."
    )
    # Groups
    group_count = models.PositiveSmallIntegerField(null=True, blank=True)
    grouping = models.CharField(max_length=12, choices=Grouping.choices, default=Grouping.RANDOM)
    keep_apart = models.CharField(
        max_length=20, blank=True, default="club,country", help_text="Keep players of the same club/country apart."
    )
    # Round robin (groups too)
    double_round_robin = models.BooleanField(default=False)
    # Swiss
    rounds_planned = models.PositiveSmallIntegerField(null=True, blank=True)
    pairing_method = models.CharField(max_length=10, choices=Pairing.choices, default=Pairing.DAZED)
    delay_top_players = models.PositiveSmallIntegerField(default=0)
    first_round_by_rating = models.BooleanField(default=False)
    bye_score_for = models.PositiveSmallIntegerField(default=25)
    bye_score_against = models.PositiveSmallIntegerField(default=0)
    # A competitor who forfeits a round (late arrival) is withdrawn from the later rounds; off by default, as in
    # ECC play everyone is expected to play all rounds.
    forfeit_withdraws = models.BooleanField(
        default=False, help_text="Swiss: withdraw a competitor who forfeited a round from the later rounds."
    )
    # Knockout
    third_place_match = models.BooleanField(default=False)
    # Longer matches than the rule set's own (e.g. ECC plays one game; a Eurocup final is best of three).
    games_per_match = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[validate_odd],
        help_text="Games per match, if not the rule set's (an odd number, e.g. 3).",
    )
    # Standings precedence, metric keys from tournaments.draws.standings; empty means the system's default.
    tiebreaks = models.JSONField(default=list, blank=True)

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
        "first_round_by_rating",
        "forfeit_withdraws",
        "third_place_match",
        "games_per_match",
    )

    class Meta:
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
        ordering = ["stage", "number"]
        constraints = [models.UniqueConstraint(fields=["stage", "number"], name="group_number_unique_in_stage")]

    def __str__(self):
        return self.name

    @property
    def name(self):
        return f"Group {chr(ord('A') + self.number - 1)}" if self.number <= 26 else f"Group {self.number}"


class GroupMember(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="members")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="group_memberships")
    # The entry's number in the group's Berger table.
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["group", "position"]
        constraints = [
            models.UniqueConstraint(fields=["group", "position"], name="group_position_unique"),
            models.UniqueConstraint(fields=["group", "entry"], name="group_entry_unique"),
        ]

    def __str__(self):
        return f"{self.entry} in {self.group}"


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Preview (not published)"
        PUBLISHED = "published", "Published"

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40, blank=True, help_text="Knockout rounds: the rules app's round key.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)

    class Meta:
        ordering = ["stage", "number"]
        constraints = [models.UniqueConstraint(fields=["stage", "number"], name="round_number_unique_in_stage")]

    def __str__(self):
        return self.display_name

    @property
    def display_name(self):
        if self.name:
            return self.name.replace("_", " ").capitalize()
        return f"Round {self.number}"


class Notification(models.Model):
    """A message to a person about a tournament (a forfeit, an overdue protest...), shown on their pages and
    e-mailed when they have an address. `key` makes a notification idempotent: one per user and key."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="notifications")
    key = models.CharField(max_length=120, blank=True)
    subject = models.CharField(max_length=200)
    body = models.TextField(blank=True)
    url = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "key"], condition=~models.Q(key=""), name="notification_once_per_key"
            )
        ]

    def __str__(self):
        return f"{self.user}: {self.subject}"
