"""The playing hall of a tournament and the clocks of its rounds."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext as _

from stages.models import Round


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

    class Meta:
        db_table = "matches_roundclock"  # the table keeps the name it had before the model moved to this app

    def __str__(self):
        return _("%(round)s: started %(time)s") % {"round": self.round, "time": f"{self.started_at:%H:%M}"}
