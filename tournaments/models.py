from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.urls import reverse
from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from core.page_cache import new_page_version
from rules.base import all_rule_sets, get_rule_set
from tournaments.people_models import Club, Player, player_identity  # noqa: F401 (their home is people_models)
from tournaments.time_zones import default_time_zone, validate_time_zone


def rule_set_choices():
    # Called lazily (Django 5 accepts a callable) so the registry is read after the rules app has loaded.
    return [(rule_set.key, rule_set.name) for rule_set in all_rule_sets()]


# A slug is a tournament's address (/t/<slug:slug>/ takes [-a-zA-Z0-9_] only), so it is ASCII. A name with no
# Latin letter or digit (written in Devanagari, say) gets this one; a taken slug gets -2, -3 ...
SLUG_FALLBACK = "tournament"
SLUG_LENGTH = 160
SLUG_ROOM = SLUG_LENGTH - 8  # room left for the "-<n>" that makes a taken slug free
SLUG_TRIES = 5

# A tournament's officials: role → the tournament's field that holds it, in the order of the page and of the API's
# list (tournaments.officials).
SECRETARY, CHIEF_REFEREE, UMPIRE = "secretary", "chief_referee", "umpire"
FIELDS = {SECRETARY: "secretaries", CHIEF_REFEREE: "chief_referees", UMPIRE: "umpires"}
ROLES = list(FIELDS)  # the API's values (settings.SPECTACULAR_SETTINGS names their enum)


def slug_base(name):
    """The slug a tournament's name asks for: accents dropped, other scripts left out, never empty."""
    return slugify(name)[:SLUG_ROOM].strip("-_") or SLUG_FALLBACK


def free_slug(base):
    """`base`, or `base-2`, `base-3` ... the first that no tournament has."""
    return first_free(base, set(Tournament.objects.filter(slug__startswith=base).values_list("slug", flat=True)))


def first_free(base, taken):
    """`base`, or `base-2`, `base-3` ... the first not in `taken`."""
    slug, number = base, 1
    while slug in taken:
        number += 1
        slug = f"{base}-{number}"
    return slug


def entry_name(players):
    """An entry's name, as the public sees it: its players' shown names in member order, e.g. "Asha Rao & Ravi
    Rao" (Player.shown_name: initials and club for a player who keeps their name private)."""
    return " & ".join(player.shown_name for player in players)


class TournamentQuerySet(models.QuerySet):
    def visible_to(self, user):
        """The tournaments `user` may see: published ones, and drafts they officiate (all of them for a superuser)."""
        public = ~models.Q(status=Tournament.Status.DRAFT)
        if not user.is_authenticated:
            return self.filter(public)
        if user.is_superuser:
            return self.all()
        own = models.Q(secretaries=user) | models.Q(chief_referees=user) | models.Q(umpires=user)
        return self.filter(public | own).distinct()


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", pgettext_lazy("tournament status", "Draft")
        PUBLISHED = "published", pgettext_lazy("tournament status", "Published")
        FINISHED = "finished", pgettext_lazy("tournament status", "Finished")

    name = models.CharField(max_length=160)
    slug = models.SlugField(max_length=SLUG_LENGTH, unique=True)
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
    # The language of its public pages and printed sheets for a visitor who has not chosen one; blank follows
    # each visitor's browser.
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, blank=True)
    time_zone = models.CharField(max_length=64, default=default_time_zone, validators=[validate_time_zone])  # IANA
    # The sites that may frame the embed form of its public pages (tournaments.embedding): origins, as
    # "https://carrom.example.org"; none, and no site may.
    embed_origins = models.JSONField(default=list, blank=True)
    # Replaced whenever something its public pages show changes: the key of those pages in the cache.
    page_version = models.CharField(max_length=16, default=new_page_version, editable=False)
    # SoL's global identifier of an imported tournament (sol app); blank for our own.
    guid = models.CharField(max_length=40, unique=True, null=True, blank=True, editable=False)

    objects = TournamentQuerySet.as_manager()

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
        if self.slug:
            return super().save(*args, **kwargs)
        base = slug_base(self.name)
        for _attempt in range(SLUG_TRIES):
            self.slug = free_slug(base)
            try:
                # A savepoint: a tournament of the same name created at the same moment may take the slug first,
                # and the next free one is tried instead.
                with transaction.atomic():
                    return super().save(*args, **kwargs)
            except IntegrityError:
                slug, self.slug = self.slug, ""
                if not Tournament.objects.filter(slug=slug).exists():
                    raise  # another constraint refused the row, not the slug
        raise IntegrityError(f"No free slug for {self.name!r} after {SLUG_TRIES} tries.")

    def get_absolute_url(self):
        return reverse("tournament-detail", args=[self.slug])

    @property
    def is_public(self):
        return self.status != self.Status.DRAFT


class Event(models.Model):
    class Kind(models.TextChoices):
        SINGLES = "singles", gettext_lazy("Singles")
        DOUBLES = "doubles", gettext_lazy("Doubles")
        # Teams of three or four players, as SoL keeps them; they come from SoL files only.
        TEAMS = "teams", gettext_lazy("Teams")
        # Teams that meet in ties of singles and doubles rubbers (matches.ties), each rubber a match of its own.
        TEAM_TIES = "team_ties", gettext_lazy("Team event (ties of singles and doubles)")

    class Category(models.TextChoices):
        OPEN = "open", pgettext_lazy("event category", "Open")
        MEN = "men", gettext_lazy("Men")
        WOMEN = "women", gettext_lazy("Women")
        JUNIOR = "junior", gettext_lazy("Junior")
        CADET = "cadet", gettext_lazy("Cadet")
        VETERAN = "veteran", gettext_lazy("Veteran")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=120)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.SINGLES)
    category = models.CharField(max_length=10, choices=Category.choices, default=Category.OPEN)
    rule_set = models.CharField(max_length=20, choices=rule_set_choices, default="icf")
    # The prize list (the prizes app): the top `overall_prizes` of the final placings, then each prize category's.
    overall_prizes = models.PositiveSmallIntegerField(default=3)
    # One prize per person: an overall prize winner is left out of the categories' prizes.
    overall_winners_excluded = models.BooleanField(default=False)
    # The Eurocup's national-team event: a team's players must hold its country's citizenship.
    citizens_only = models.BooleanField(
        default=False, help_text=gettext_lazy("Team events: only citizens of the team's country may play for it.")
    )

    class Meta:
        ordering = ["tournament", "name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="event_name_unique_in_tournament")]

    def __str__(self):
        return f"{self.tournament} – {self.name}"

    def get_absolute_url(self):
        return reverse("event-detail", args=[self.tournament.slug, self.pk])

    @property
    def team_size(self):
        # A team of a team event has a roster of its own size (tournaments.teams): no fixed number of members.
        return {self.Kind.DOUBLES: 2, self.Kind.TEAMS: 4, self.Kind.TEAM_TIES: 0}.get(self.kind, 1)

    @property
    def rules(self):
        """The event's rule set (rules.base.RuleSet): how its boards, games and matches are scored."""
        return get_rule_set(self.rule_set)


class Entry(models.Model):
    """A competitor in an event: one player in singles, an ordered pair in doubles (see EntryMember)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    players = models.ManyToManyField(Player, through="EntryMember", related_name="entries")
    seed = models.PositiveIntegerField(null=True, blank=True)
    withdrawn = models.BooleanField(default=False)
    # The members' names, kept with the entry so lists and standings need no join per row; a team's own name.
    name = models.CharField(max_length=200, blank=True)
    # A team (team ties) represents a country or a club.
    country = models.CharField(max_length=3, blank=True)
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="teams")

    class Meta:
        ordering = ["event", models.F("seed").asc(nulls_last=True), "name"]
        verbose_name_plural = gettext_lazy("entries")
        constraints = [
            models.UniqueConstraint(fields=["event", "seed"], name="entry_seed_unique_in_event"),
        ]

    def __str__(self):
        return self.name or _("Entry %(number)s") % {"number": self.pk}

    def refresh_name(self):
        if self.event.kind == Event.Kind.TEAM_TIES:
            return  # a team keeps the name it entered with
        members = self.members.select_related("player__club").order_by("position")
        self.name = entry_name(member.player for member in members)
        self.save(update_fields=["name"])


class EntryMember(models.Model):
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="memberships")
    position = models.PositiveSmallIntegerField(default=1)
    # Team ties: the captain names the line-ups; a reserve is on the roster and may be named like any other.
    captain = models.BooleanField(default=False)
    reserve = models.BooleanField(default=False)

    class Meta:
        ordering = ["entry", "position"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "position"], name="entry_member_position_unique"),
            models.UniqueConstraint(fields=["entry", "player"], name="entry_member_player_unique"),
        ]

    def __str__(self):
        return _("%(player)s in %(entry)s") % {"player": self.player, "entry": self.entry}


class Notification(models.Model):
    """A message to a person about a tournament (a forfeit, an overdue protest, their match called...), shown on
    their pages and e-mailed when they have an address. It goes to a user (officials) or to a player, who needs no
    account. `key` makes a notification idempotent: one per user, or player, and key."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="notifications"
    )
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.CASCADE, related_name="notifications")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="notifications")
    key = models.CharField(max_length=120, blank=True)
    subject = models.CharField(max_length=200)
    body = models.TextField(blank=True)
    # {language: [subject, body]}: a page switched to Hindi reads it in Hindi, whatever language it was e-mailed in.
    texts = models.JSONField(default=dict, blank=True)
    url = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "key"], condition=~models.Q(key=""), name="notification_once_per_key"
            ),
            models.UniqueConstraint(
                fields=["player", "key"], condition=~models.Q(key=""), name="notification_once_per_player_key"
            ),
            models.CheckConstraint(
                condition=models.Q(user__isnull=False) | models.Q(player__isnull=False),
                name="notification_has_reader",
            ),
        ]

    def __str__(self):
        return f"{self.user or self.player}: {self.subject}"

    def shown(self):
        """(subject, body) in the language of the page that shows it."""
        return self.texts.get(translation.get_language(), (self.subject, self.body))

    shown_subject = property(lambda self: self.shown()[0])
    shown_body = property(lambda self: self.shown()[1])


class PushSubscription(models.Model):
    """A phone on which a player allowed Web Push from their personal page: where the browser's push service takes
    their news (tournaments.push). A push service that answers "gone" ends it."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"{self.player}: {self.endpoint[:40]}"


class Profile(models.Model):
    """What the site keeps of a user's own choices: the language they read it in, on every device they log in on."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, blank=True)

    def __str__(self):
        return str(self.user)


class Venue(models.Model):
    """The playing hall of a tournament: how many carrom boards (tables) it has, how long a match takes and how
    long a player rests between matches. Swiss pairing seats players on its tables (stages); scheduling books
    them (matches.scheduling)."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="venue_setup")
    tables = models.PositiveSmallIntegerField(default=8, help_text=gettext_lazy("Carrom boards (tables) in the hall."))
    match_minutes = models.PositiveSmallIntegerField(default=60, help_text=gettext_lazy("Time a match's slot takes."))
    rest_minutes = models.PositiveSmallIntegerField(
        default=10, help_text=gettext_lazy("Minimum rest between a player's matches.")
    )

    class Meta:
        db_table = "matches_venue"  # the table keeps the name it had before the model moved to this app

    def __str__(self):
        return ngettext("%(tournament)s: %(count)s tables", "%(tournament)s: %(count)s tables", self.tables) % {
            "tournament": self.tournament,
            "count": self.tables,
        }


class PlayingSession(models.Model):
    """A stretch of a day the hall plays: no match is booked outside one, and a break is the gap between two
    (matches.scheduling.sessions). In the tournament's time zone; a session ends on the day it starts."""

    venue = models.ForeignKey(Venue, on_delete=models.CASCADE, related_name="sessions")
    date = models.DateField()
    start = models.TimeField()
    end = models.TimeField()

    class Meta:
        ordering = ["date", "start"]
        constraints = [
            models.CheckConstraint(condition=models.Q(end__gt=models.F("start")), name="session_ends_after_start")
        ]

    def __str__(self):
        return f"{self.date:%Y-%m-%d} {self.start:%H:%M}–{self.end:%H:%M}"


class Invitation(models.Model):
    """A secretary's invitation to an account to be an official of a tournament (tournaments.invitations): the
    appointment takes effect only when the account's owner accepts it. Nobody is made an official without being
    asked, and the secretary learns nothing of the account until its owner answers."""

    class Status(models.TextChoices):
        PENDING = "pending", pgettext_lazy("invitation status", "Waiting for an answer")
        ACCEPTED = "accepted", pgettext_lazy("invitation status", "Accepted")
        DECLINED = "declined", pgettext_lazy("invitation status", "Declined")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(max_length=20)  # ROLES
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user", "role"],
                condition=models.Q(status="pending"),
                name="invitation_pending_once",
            )
        ]

    def __str__(self):
        return f"{self.user} → {self.role} of {self.tournament} ({self.status})"


# The outbox, an event's entry rules and the roll call before its draw live in modules of their own (this one is
# at its limit); imported here so Django finds them in this app.
from tournaments.eligibility_models import EligibilityException, EventEligibility  # noqa: E402, F401
from tournaments.outbox_models import OutgoingMail  # noqa: E402, F401
from tournaments.rollcall_models import Presence, RollCall  # noqa: E402, F401
