"""The links that let players take part without an account: a personal link per player and tournament (their own
page, their check-in) and a link per side of a match (its self-umpired score card).

Each link holds a random key; the token in the URL is that key and the link's id, signed (players.links). Revoking
a link gives it a new key, so every token made with the old one stops working at once and a new one is handed out;
nothing else about the player or the match changes."""

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from stages.models import Match
from tournaments.models import Player, Tournament

SIDES = [("a", "A"), ("b", "B")]


def new_key():
    """72 random bits, URL-safe: the part of a token that revoking changes."""
    return secrets.token_urlsafe(9)


class PersonalLink(models.Model):
    """A player's personal link in a tournament: their page, without a login."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="personal_links")
    key = models.CharField(max_length=24, default=new_key)
    issued_at = models.DateTimeField(default=timezone.now, help_text=gettext_lazy("When the current key was made."))
    times_revoked = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="personal_link_unique_per_player"),
        ]

    def __str__(self):
        return f"{self.player} · {self.tournament}"


class FormerLink(models.Model):
    """The personal link of a player record merged into another (tournaments.merging) where the kept record
    already had one in that tournament: the old token (its link id and key) still opens the kept player's page.
    Revoking the kept player's link ends it too."""

    former_id = models.PositiveBigIntegerField(unique=True)
    key = models.CharField(max_length=24)
    link = models.ForeignKey(PersonalLink, on_delete=models.CASCADE, related_name="former_links")

    def __str__(self):
        return f"{self.former_id} → {self.link}"


class MatchLink(models.Model):
    """The link of one side of a match ("a" or "b"): its self-umpired score card, for that side's players."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="player_links")
    side = models.CharField(max_length=1, choices=SIDES)
    key = models.CharField(max_length=24, default=new_key)
    issued_at = models.DateTimeField(default=timezone.now, help_text=gettext_lazy("When the current key was made."))
    times_revoked = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "side"], name="match_link_unique_per_side")]

    def __str__(self):
        return f"{self.match} · {self.side.upper()}"


class SelfReport(models.Model):
    """Where a self-umpired match's card stands between its two sides: which side keeps the card (made the first
    entry), and, when the other side disagrees, both versions for the chief referee, until an official settles."""

    class State(models.TextChoices):
        ENTERING = "entering", gettext_lazy("Being entered")
        DISPUTED = "disputed", gettext_lazy("Disputed: waiting for the chief referee")
        SETTLED = "settled", gettext_lazy("Settled by the chief referee")

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="self_report")
    entered_by_side = models.CharField(max_length=1, choices=SIDES)
    state = models.CharField(max_length=10, choices=State.choices, default=State.ENTERING)
    # The entering side's result as it stood when disputed (scoring.audit.snapshot), and the other side's version:
    # {"games": [[a, b], ...], "note": "..."}, A's points first.
    entered_version = models.JSONField(null=True, blank=True)
    other_version = models.JSONField(null=True, blank=True)
    disputed_at = models.DateTimeField(null=True, blank=True)
    settled_at = models.DateTimeField(null=True, blank=True)
    settled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # "entered", "other" (a version chosen) or "card" (the chief referee entered the result on the officials' card).
    settled_with = models.CharField(max_length=10, blank=True)

    class Meta:
        indexes = [models.Index(fields=["state"])]

    def __str__(self):
        return f"{self.match} · {self.get_state_display()}"


class OutgoingNews(models.Model):
    """News for the players of some matches ("drawn", "called", "moved": stages.signals.NEWS), written in the
    transaction of the change that made it and sent from here (players.outbox): a broker that is down when the
    change commits delays the news and loses nothing. Sent once told (the notifications' keys make a second
    sending tell nobody twice); after NEWS_MAX_ATTEMPTS failed tries it waits for an official's "try again"."""

    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("To be sent")
        SENT = "sent", gettext_lazy("Sent")
        FAILED = "failed", gettext_lazy("Not delivered")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    news = models.CharField(max_length=10)
    match_ids = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)
    next_attempt_at = models.DateTimeField(help_text=gettext_lazy("When the periodic sweep sends it, if still due."))
    sent_at = models.DateTimeField(null=True, blank=True)
    told = models.PositiveIntegerField(default=0, help_text=gettext_lazy("Notifications made when it was sent."))
    last_error = models.TextField(blank=True)

    class Meta:
        verbose_name = gettext_lazy("players' news to send")
        verbose_name_plural = gettext_lazy("players' news to send")
        indexes = [models.Index(fields=["status", "next_attempt_at"])]

    def __str__(self):
        return f"{self.news} · {len(self.match_ids)} · {self.get_status_display()}"
