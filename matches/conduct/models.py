"""The referee's desk: the laws of conduct applied to a match (ICF 136-143) and the disciplinary record.

Warnings and losses of the entire match are recorded per match and per player, with the sub-clause of the rule
set's conduct law (rules.conduct). The rest before the deciding game (ICF 138) keeps its deadline on the match
(`Match.rest_deadline`, indexed, for the periodic task) and here who came back and when. Every action writes a
`ConductChange` row: who, when, what, before, after and why, the same shape as the results' audit log."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy, pgettext_lazy

from matches.models import AuditEntry
from stages.models import Match
from tournaments.models import Player, Tournament

SIDES = [("a", "A"), ("b", "B")]


class MatchWarning(models.Model):
    """An umpire's warning to a player during a match (ICF 143(h): "despite Umpire's warning")."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="warnings")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="match_warnings")
    side = models.CharField(max_length=1, choices=SIDES)
    clause = models.CharField(max_length=30)  # key in rules.conduct, e.g. "distraction"
    law = models.CharField(max_length=60)  # as cited when recorded, e.g. "ICF 143(h)"
    note = models.TextField(blank=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["match", "at", "pk"]
        indexes = [models.Index(fields=["match", "player", "clause"])]

    def __str__(self):
        return f"{self.law}: {self.player} ({self.match_id})"


class MatchLoss(models.Model):
    """A player loses the entire match under a sub-clause of ICF 143 (a)-(h) or its counterpart; the match ends
    as a walk-over naming the law. One per match: the match is over once it is recorded."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="conduct_loss")
    # None for a doubles pair not back from the rest (ICF 143(b)): the side loses, not one named partner.
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="match_losses")
    side = models.CharField(max_length=1, choices=SIDES)
    clause = models.CharField(max_length=30)
    law = models.CharField(max_length=60)
    note = models.TextField(blank=True)
    # None when the periodic task applied it (ICF 143(b): not back when the rest ended).
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self):
        return f"{self.law}: {self.player} ({self.match_id})"


class Concession(models.Model):
    """ICF 139: a player concedes a game or the match."""

    class Scope(models.TextChoices):
        GAME = "game", pgettext_lazy("a game of a match", "Game")
        MATCH = "match", pgettext_lazy("a match of carrom", "Match")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="concessions")
    side = models.CharField(max_length=1, choices=SIDES)
    scope = models.CharField(max_length=5, choices=Scope.choices)
    game_no = models.PositiveSmallIntegerField(null=True, blank=True)
    law = models.CharField(max_length=60)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["match", "at", "pk"]

    def __str__(self):
        return f"{self.law}: {self.side} {self.scope} ({self.match_id})"


class RestInterval(models.Model):
    """ICF 138: the interval between the second and third games. Its deadline lives on the match
    (`Match.rest_deadline`, cleared once settled); here when it began, who is back, and how it ended."""

    class Outcome(models.TextChoices):
        RUNNING = "", gettext_lazy("Running")
        BACK = "back", gettext_lazy("Both players back")
        LOST = "lost", gettext_lazy("Match lost (not back in time)")
        BOTH_ABSENT = "both_absent", gettext_lazy("Neither player back: for the chief referee")
        ENDED = "ended", gettext_lazy("Ended otherwise (match no longer in play)")

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="rest_interval")
    started_at = models.DateTimeField()
    ends_at = models.DateTimeField()  # the deadline as first set, kept after Match.rest_deadline is cleared
    back_a_at = models.DateTimeField(null=True, blank=True)
    back_b_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=12, choices=Outcome.choices, blank=True, default="")
    settled_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"{self.match_id}: {self.started_at:%H:%M}-{self.ends_at:%H:%M}"


class DisciplinaryReport(models.Model):
    """A report opened for the tournament's disciplinary action, e.g. ICF 148: a protest in uncouth and abusive
    language is summarily rejected "and invite[s] disciplinary action"."""

    class Source(models.TextChoices):
        ABUSIVE_PROTEST = "abusive_protest", gettext_lazy("Abusive protest rejected")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="disciplinary_reports")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    side = models.CharField(max_length=1, choices=SIDES, blank=True)
    source = models.CharField(max_length=20, choices=Source.choices)
    law = models.CharField(max_length=60)
    # The protest's id (protests sit above this app, so no foreign key); one report per protest.
    protest_id = models.PositiveIntegerField(null=True, blank=True, unique=True)
    note = models.TextField(blank=True)
    opened_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["tournament", "at", "pk"]

    def __str__(self):
        return f"{self.law}: {self.player or self.side} ({self.tournament_id})"


class ConductChange(AuditEntry):
    """Audit log of the referee's desk."""

    class What(models.TextChoices):
        WARNING = "warning", gettext_lazy("Warning")
        LOSS = "loss", gettext_lazy("Loss of the entire match")
        CONCESSION = "concession", gettext_lazy("Concession")
        REST_STARTED = "rest_started", gettext_lazy("Rest interval started")
        REST_BACK = "rest_back", gettext_lazy("Player back from the rest")
        REST_SETTLED = "rest_settled", gettext_lazy("Rest interval ended")
        REPORT = "report", gettext_lazy("Disciplinary report opened")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="conduct_changes")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.CASCADE, related_name="conduct_changes")
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    what = models.CharField(max_length=20, choices=What.choices)

    class Meta:
        ordering = ["tournament", "at", "pk"]

    def __str__(self):
        return f"{self.at:%Y-%m-%d %H:%M} {self.get_what_display()}"
