"""Protests (ICF XVIII, rules 144-151), the scrutiny fees paid with them and the photos that go with them.

An oral protest is intimated to the umpire at the incident with the scrutiny fee (ICF 145: without it the protest
is not entertained, so nothing is recorded), the written one is handed in within the rule set's window after the
board (ICF 146; queen2 ¶18): it is then lodged, and the tournament authority decides within the hour (ICF 151(c))
or rejects it summarily if abusive (ICF 148). Protests are not withdrawn (ICF 149): nothing deletes one, so the
fee ledger keeps every fee paid."""

import uuid
from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator, RegexValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from stages.models import Match


class ProtestSettings(models.Model):
    """The scrutiny fee a tournament asks with every protest (ICF 145: "the prescribed scrutiny fee")."""

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="protest_settings"
    )
    fee_amount = models.DecimalField(
        max_digits=9,
        decimal_places=2,
        validators=[MinValueValidator(Decimal("0.01"))],
        help_text=gettext_lazy("Scrutiny fee."),
    )
    fee_currency = models.CharField(
        max_length=3,
        validators=[RegexValidator(r"^[A-Z]{3}$", gettext_lazy("Three capital letters, e.g. INR, EUR."))],
        help_text=gettext_lazy("Currency code (ISO 4217), e.g. INR, EUR."),
    )

    class Meta:
        verbose_name_plural = gettext_lazy("protest settings")

    def __str__(self):
        return gettext("%(tournament)s: scrutiny fee %(amount)s %(currency)s") % {
            "tournament": self.tournament,
            "amount": self.fee_amount,
            "currency": self.fee_currency,
        }


class Protest(models.Model):
    """One protest about a board of a match, from the oral protest to the decision."""

    class Status(models.TextChoices):
        ORAL = "oral", gettext_lazy("Oral (written protest awaited)")
        LODGED = "lodged", gettext_lazy("Lodged (decision awaited)")
        UPHELD = "upheld", gettext_lazy("Upheld")
        OVERRULED = "overruled", gettext_lazy("Overruled")
        REJECTED = "rejected", gettext_lazy("Rejected")

    class Role(models.TextChoices):
        # ICF 144: signed by the player, the captain or the manager of the team.
        PLAYER = "player", gettext_lazy("Player")
        CAPTAIN = "captain", gettext_lazy("Captain")
        TEAM_MANAGER = "team_manager", gettext_lazy("Team manager")

    class Fee(models.TextChoices):
        UNPAID = "unpaid", gettext_lazy("Not paid")
        HELD = "held", pgettext_lazy("scrutiny fee", "Held")
        REFUNDED = "refunded", gettext_lazy("Refunded")
        FORFEITED = "forfeited", pgettext_lazy("scrutiny fee", "Forfeited")

    UNDECIDED = (Status.ORAL, Status.LODGED)

    # Deleted only with its match (a draw, event or tournament the secretary deletes on purpose); nobody deletes
    # a protest by itself (ICF 149).
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="protests")
    game_no = models.PositiveSmallIntegerField()
    board_no = models.PositiveSmallIntegerField()
    # The stroke protested, where the board was kept stroke by stroke: its number, and the stroke itself, since a
    # replay from the board (ICF 151(a)) keeps it again under the same numbers. Only the last stroke is ever undone,
    # so while this one stands so do those before it; undone, the link is cleared and the number stays.
    stroke_no = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=gettext_lazy("The stroke protested, on a board kept stroke by stroke.")
    )
    board_stroke = models.ForeignKey(
        "strokes.BoardStroke", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    side = models.CharField(
        max_length=1, choices=[("A", "A"), ("B", "B")], help_text=gettext_lazy("The side that protests.")
    )
    role = models.CharField(max_length=12, choices=Role.choices, default=Role.PLAYER)
    protester_name = models.CharField(max_length=120)
    # ICF 147: the decision of the Chief Referee/Umpire appealed against (logged with the oral protest).
    decision_appealed = models.TextField()
    logged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # ICF 145: when the oral protest was intimated to the umpire. The hour of ICF 151(c) runs from the written
    # protest (`written_received_at`), as the rule set's `readings.protest_hour_from` says (rules/README.md).
    intimated_at = models.DateTimeField(default=timezone.now)
    # ICF 145: no protest is entertained without the scrutiny fee, so every protest logged since has paid it.
    # "unpaid" remains for protests logged before, when the fee could follow. Amount and currency are copied from
    # the tournament's settings when the fee is paid, so a later change of the fee leaves the ledger as it was.
    fee_amount = models.DecimalField(max_digits=9, decimal_places=2, null=True, blank=True)
    fee_currency = models.CharField(max_length=3, blank=True)
    fee_paid_at = models.DateTimeField(null=True, blank=True)
    fee_received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    fee_status = models.CharField(max_length=10, choices=Fee.choices, default=Fee.UNPAID)
    fee_settled_at = models.DateTimeField(
        null=True, blank=True, help_text=gettext_lazy("When the fee was refunded or forfeited.")
    )
    # ICF 144, 147: the written protest, in English: the facts and the point appealed against.
    written_text = models.TextField(blank=True)
    point_appealed = models.TextField(blank=True)
    written_received_at = models.DateTimeField(null=True, blank=True)
    received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # ICF 146: the written protest is due within the window after the completion of the protested board: the
    # umpire states it, or the board's row on the score card gives it.
    board_completed_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ORAL)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decision_reason = models.TextField(blank=True)
    # ICF 148: rejected summarily for uncouth and abusive language (a disciplinary report is opened with it).
    abusive = models.BooleanField(default=False)
    # ICF 151(c): the decision is due by this time: one hour from the written protest (None while it is awaited,
    # and where the rule set sets no limit, e.g. queen2 ¶18 "at the earliest possible"). Stored, so the periodic
    # task finds overdue protests with one indexed query.
    due_at = models.DateTimeField(null=True, blank=True, db_index=True)
    overdue_flagged_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["intimated_at", "pk"]
        indexes = [models.Index(fields=["status", "due_at"])]
        constraints = [
            # A fee held, refunded or forfeited was paid: amount, currency and time are known (the ledger adds up).
            models.CheckConstraint(
                condition=models.Q(fee_status="unpaid")
                | (models.Q(fee_amount__isnull=False, fee_paid_at__isnull=False) & ~models.Q(fee_currency="")),
                name="protest_fee_paid_has_amount",
            )
        ]

    def __str__(self):
        return gettext("Protest #%(pk)s: game %(game)s board %(board)s of %(match)s") % {
            "pk": self.pk,
            "game": self.game_no,
            "board": self.board_no,
            "match": self.match,
        }

    @property
    def is_decided(self):
        return self.status not in self.UNDECIDED

    @property
    def fee_text(self):
        return f"{self.fee_amount} {self.fee_currency}" if self.fee_amount is not None else ""


def photo_path(photo, filename):
    """Where the storage keeps a photo: never a name the uploader chose, never guessable from the protest."""
    return f"protests/{photo.protest_id}/{uuid.uuid4().hex}.{photo.extension}"


class ProtestPhoto(models.Model):
    """A photo carried by the written protest (the signed paper, the board), for the officials only: stored through
    Django's storage API and served by a view that checks who asks, never under a public media URL."""

    EXTENSIONS = {"JPEG": "jpg", "PNG": "png", "WEBP": "webp", "GIF": "gif"}

    protest = models.ForeignKey(Protest, on_delete=models.CASCADE, related_name="photos")
    image = models.FileField(upload_to=photo_path, max_length=200)
    image_format = models.CharField(max_length=4, help_text=gettext_lazy("What the file is, as Pillow reads it."))
    size = models.PositiveIntegerField(help_text=gettext_lazy("Bytes."))
    width = models.PositiveIntegerField()
    height = models.PositiveIntegerField()
    caption = models.CharField(max_length=200, blank=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    uploaded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["uploaded_at", "pk"]

    def __str__(self):
        return gettext("Photo #%(pk)s of protest #%(protest)s") % {"pk": self.pk, "protest": self.protest_id}

    @property
    def extension(self):
        return self.EXTENSIONS[self.image_format]

    @property
    def content_type(self):
        return f"image/{self.extension.replace('jpg', 'jpeg')}"
