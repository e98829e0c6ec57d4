"""What a tournament features on stream."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from stages.models import Match
from tournaments.models import Tournament


class FeaturedTable(models.Model):
    """One screen of the stream: a table, showing whatever match is played on it now, or one match wherever it is
    played. Its pages' addresses carry its id, so the streaming software keeps them while the secretary moves it
    from table to table."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="featured_tables")
    table = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=gettext_lazy("Carrom board (table) number.")
    )
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    featured_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    featured_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["tournament", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(table__isnull=False, match__isnull=True)
                | models.Q(table__isnull=True, match__isnull=False),
                name="featured_table_or_match",
            ),
            models.UniqueConstraint(
                fields=["tournament", "table"], condition=models.Q(table__isnull=False), name="featured_table_once"
            ),
            models.UniqueConstraint(
                fields=["tournament", "match"], condition=models.Q(match__isnull=False), name="featured_match_once"
            ),
        ]

    def __str__(self):
        if self.table is not None:
            return _("Table %(table)s") % {"table": self.table}
        return str(self.match)
