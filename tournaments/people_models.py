"""The people of the tournaments floor: players, and the clubs and federations they belong to."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy


def age_on(born, day):
    """Whole years from `born` to `day` (a birthday counts on the day itself): a player's age on a date, as the
    prize categories and an event's eligibility read it."""
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


def player_identity(first_name, last_name, country):
    return f"{first_name.casefold()}|{last_name.casefold()}|{country.upper()}"


class Club(models.Model):
    name = models.CharField(max_length=120, unique=True)
    country = models.CharField(
        max_length=3, blank=True, help_text=gettext_lazy("Three-letter country code, e.g. IND, FRA.")
    )
    is_federation = models.BooleanField(default=False)
    # The federation this club belongs to: a player is a member of federation F when their club is F or belongs to
    # F (tournaments.eligibility).
    federation = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="member_clubs"
    )
    # SoL's global identifier of an imported club or federation (sol app); blank for our own.
    guid = models.CharField(max_length=40, unique=True, null=True, blank=True, editable=False)

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name


def officials_entry_name(entry):
    """An entry's name as its officials read it at the desk: its players' real names (members prefetched), where
    the public sees Entry.name, made of their shown names; a team keeps its own name."""
    players = [member.player for member in sorted(entry.members.all(), key=lambda member: member.position)]
    return real_name(entry.name, players)


def real_name(name, players):
    """The entry name `name` of `players` (in member order, clubs loaded) with their real names in place of the
    shown ones; a team's own name as it is."""
    if not players or name != " & ".join(player.shown_name for player in players):
        return name
    return " & ".join(player.full_name for player in players)


def initials(name):
    """ "Asha Rani" -> "A. R." """
    return " ".join(f"{word[0]}." for word in name.replace("-", " ").split() if word)


class Player(models.Model):
    class Sex(models.TextChoices):
        MALE = "M", gettext_lazy("Male")
        FEMALE = "F", gettext_lazy("Female")

    class ConsentSource(models.TextChoices):
        """Where the player's answer about publishing came from (blank: never asked, the defaults hold)."""

        SIGN_UP = "signup", gettext_lazy("Sign-up form")
        DELEGATE = "delegate", gettext_lazy("Federation delegate")
        SECRETARY = "secretary", gettext_lazy("Secretary")
        SOL = "sol", gettext_lazy("SoL import")

    first_name = models.CharField(max_length=80)
    last_name = models.CharField(max_length=80, blank=True)
    sex = models.CharField(max_length=1, choices=Sex.choices, blank=True)
    date_of_birth = models.DateField(null=True, blank=True)
    country = models.CharField(max_length=3, blank=True)
    # Citizenship, when it differs from the country the player lives in or plays for (a team event may ask it).
    nationality = models.CharField(
        max_length=3, blank=True, help_text=gettext_lazy("Citizenship, if not the country above (three letters).")
    )
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="players")
    rating = models.PositiveIntegerField(null=True, blank=True)
    # Where the player's personal link and news are sent; players need no account.
    email = models.EmailField(blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player"
    )
    # Names and country folded to one string, so imports find a player whatever the case or accents' case
    # (SQLite's LOWER() folds ASCII only).
    identity = models.CharField(max_length=170, editable=False, db_index=True)
    # SoL's global identifier of an imported player (sol app); blank for our own.
    guid = models.CharField(max_length=40, unique=True, null=True, blank=True, editable=False)
    # What the player agreed to publish (tournaments.consent): the defaults are what a player accepts by entering a
    # public tournament (name, club, country and rating in entry lists and results); a portrait needs a yes.
    publish_name = models.BooleanField(
        default=True, help_text=gettext_lazy("Publish the name, club and country in lists, results and the archive.")
    )
    publish_portrait = models.BooleanField(default=False, help_text=gettext_lazy("Show the portrait on public pages."))
    publish_rating = models.BooleanField(default=True, help_text=gettext_lazy("Show the rating on public pages."))
    # What the public sees instead of a name not published; blank: the initials and the club ("A. R. (Mumbai CC)").
    alias = models.CharField(max_length=80, blank=True)
    consent_source = models.CharField(max_length=10, choices=ConsentSource.choices, blank=True)
    consent_at = models.DateTimeField(null=True, blank=True)

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

    @property
    def shown_name(self):
        """The name the public sees: the only one public pages, PDFs, exports, the archive and the API show (an
        entry's name is made of its players' shown names). Officials' pages show full_name."""
        if self.publish_name:
            return self.full_name
        if self.alias:
            return self.alias
        letters = initials(f"{self.first_name} {self.last_name}")
        return f"{letters} ({self.club.name})" if self.club_id else letters

    @property
    def shown_country(self):
        """The country the public sees: a player who keeps their name private keeps their country too (the consent
        covers name, club and country; the initials name the club, as the public needs to tell players apart)."""
        return self.country if self.publish_name else ""

    @property
    def shown_rating(self):
        return self.rating if self.publish_rating else None

    @property
    def citizenship(self):
        return self.nationality or self.country
