"""Demo of a table on stream, loaded by `manage.py load_demo`: table 1 of the Eurocup demo, where the late-arrival
demo's first semi-final is called with both players at the table, is featured. Its overlay (for streaming software)
and its court-side scoreboard follow the umpire's score card within a second."""

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from matches.featured.models import FeaturedTable
from matches.featured.services import feature_table

TABLE = 1


@transaction.atomic
def load(tournament, secretary):
    """Feature the table once (idempotent). Returns what to tell the person who loaded it."""
    featured = FeaturedTable.objects.filter(tournament=tournament, table=TABLE).first()
    if featured is None:
        featured = feature_table(tournament, TABLE, user=secretary)
    overlay = reverse("featured-overlay", args=[tournament.slug, featured.pk])
    court = reverse("featured-court", args=[tournament.slug, featured.pk])
    return _("Table %(table)s on stream: overlay %(overlay)s, court-side scoreboard %(court)s") % {
        "table": TABLE,
        "overlay": overlay,
        "court": court,
    }
