"""What SoL files leave behind besides tournaments: aliases of merged players, portraits and emblems, and the
progress of an import started from the upload page."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournaments.models import Club, Player, Tournament


class PlayerAlias(models.Model):
    """A SoL guid of a person SoL merged into another player: files naming that guid mean `player`."""

    guid = models.CharField(max_length=40, unique=True)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="sol_aliases")

    class Meta:
        verbose_name_plural = gettext_lazy("player aliases")

    def __str__(self):
        return f"{self.guid} → {self.player}"


class Picture(models.Model):
    """A player's portrait or a club's emblem from a SoL backup, kept in Django's default storage."""

    class Kind(models.TextChoices):
        PORTRAIT = "portrait", gettext_lazy("Portrait")
        EMBLEM = "emblem", gettext_lazy("Emblem")

    kind = models.CharField(max_length=10, choices=Kind.choices)
    name = models.CharField(max_length=120)
    image = models.FileField(upload_to="sol/")
    # Shown on the archive's pages: a club's emblem when public (always); a portrait only when its player agreed
    # to publish it (Player.publish_portrait, from SoL's "agreedprivacy" or recorded here), whatever this says. A
    # picture not shown is never served, whoever asks.
    public = models.BooleanField(default=False)
    player = models.OneToOneField(Player, null=True, blank=True, on_delete=models.CASCADE, related_name="portrait")
    club = models.OneToOneField(Club, null=True, blank=True, on_delete=models.CASCADE, related_name="emblem")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["kind", "name"], name="picture_name_unique_in_kind")]

    def __str__(self):
        return self.name


class ImportJob(models.Model):
    """A SoL file uploaded for import, run in the background: its progress, then its outcome."""

    class Status(models.TextChoices):
        WAITING = "waiting", gettext_lazy("Waiting")
        RUNNING = "running", gettext_lazy("Importing")
        DONE = "done", pgettext_lazy("import status", "Done")
        FAILED = "failed", gettext_lazy("Failed")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    file_name = models.CharField(max_length=200)
    upload = models.FileField(upload_to="sol/uploads/")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    message = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # When a worker took the job: one running far longer than an import may take has lost its worker.
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return self.file_name

    @property
    def percent(self):
        return 100 if self.status == self.Status.DONE else (100 * self.done // self.total if self.total else 0)


class ImportedTourney(models.Model):
    """The SoL record a tournament was imported from, by digest: the same file imported again leaves a tournament
    not yet played as it is, instead of replacing it by an identical one."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="sol_import")
    digest = models.CharField(max_length=64)

    def __str__(self):
        return f"{self.tournament}: {self.digest[:12]}"
