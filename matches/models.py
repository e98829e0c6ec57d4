"""The audit log of a match: every change of its result or state, whichever match-day app made it (the score card,
the schedule, the check-in desk, the referee's desk, a protest, a player's link). The Match itself is
`stages.models.Match`."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from stages.models import Match


class AuditEntry(models.Model):
    """An entry of an audit log: who, when, the state before and after, and why (what changed is each log's own
    `what`). The match's ResultChange and the referee's desk's ConductChange."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now, db_index=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)

    class Meta:
        abstract = True


class ResultChange(AuditEntry):
    """Audit log: who changed a match's result or state, when, from what to what, and why."""

    class What(models.TextChoices):
        BOARD_ADDED = "board_added", gettext_lazy("Board added")
        BOARDS_VOIDED = "boards_voided", gettext_lazy("Boards voided")
        RESULT = "result", gettext_lazy("Result recorded")
        CONFIRMED = "confirmed", gettext_lazy("Result confirmed")
        WALKOVER = "walkover", gettext_lazy("Walkover")
        RETIRED = "retired", gettext_lazy("Retired")
        STATUS = "status", gettext_lazy("Status changed")
        REPLAY = "replay", gettext_lazy("Replay from board")
        TOSS = "toss", gettext_lazy("Toss")
        SCHEDULE = "schedule", gettext_lazy("Table or time changed")
        UMPIRE = "umpire", gettext_lazy("Umpire changed")
        REPORTED = "reported", pgettext_lazy("physical carrom board", "Reported at the board")
        FORFEIT = "forfeit", gettext_lazy("Forfeit (late arrival)")
        FORFEIT_CANCELLED = "forfeit_cancelled", gettext_lazy("Forfeit cancelled")
        ABSENT = "absent", gettext_lazy("Declared absent")
        TIME_LIMIT = "time_limit", gettext_lazy("Time limit (second bell)")
        WITHHELD = "withheld", gettext_lazy("Result withheld (protest)")
        RELEASED = "released", gettext_lazy("Result released (protest decided)")
        KEPT_BOARD = "kept_board", gettext_lazy("Board kept stroke by stroke")
        STROKE = "stroke", gettext_lazy("Stroke recorded")
        STROKE_UNDONE = "stroke_undone", gettext_lazy("Stroke undone")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="changes")
    what = models.CharField(max_length=20, choices=What.choices)

    class Meta:
        db_table = "matches_resultchange"
        ordering = ["match", "at", "pk"]

    def __str__(self):
        return f"{self.at:%Y-%m-%d %H:%M} {self.get_what_display()} ({self.user or _('system')})"
