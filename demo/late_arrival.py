"""Demo of late arrivals (ICF 143), loaded by `manage.py load_demo`.

In the Eurocup demo tournament, a four-player knockout under ICF rules has its semi-finals called the moment the
demo is loaded. In the first both players report; in the second one never does. Fifteen minutes later (ICF 143(i))
the periodic task (the Celery worker or `manage.py run_deadlines`) forfeits them and the bracket shows the other
player in the final, without anyone touching it. Watch it on the round's check-in page (log in as `umpire`)."""

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from demo.brackets import knockout_of_four
from matches.checkin import services as late
from matches.services import change_status
from stages.models import Match
from tournaments.models import Event

EVENT = "Knockout (ICF, late-arrival demo)"


@transaction.atomic
def load(tournament, umpire):
    """Create the demo once (idempotent: an event that already has its bracket is left as it is). Returns what to
    tell the person who loaded it."""
    event, _new = Event.objects.get_or_create(tournament=tournament, name=EVENT, defaults={"rule_set": "icf"})
    stage = event.stages.first()
    if stage is None:
        stage = knockout_of_four(event, first=0)
        call_semi_finals(stage, umpire)
    semi_two = stage.matches.get(round__number=1, number=2)
    url = reverse("round-checkin", args=[tournament.slug, semi_two.round_id])
    if semi_two.status == Match.Status.WALKOVER:
        return _("%(event)s: the late player has been forfeited; see %(url)s") % {"event": EVENT, "url": url}
    return _(
        "%(event)s: %(entry)s never reports at table %(table)s; the worker forfeits them after %(time)s "
        "(ICF 143(i)). Check-in page: %(url)s"
    ) % {
        "event": EVENT,
        "entry": semi_two.entry_b,
        "table": semi_two.table,
        "time": late.clock(semi_two.report_deadline),
        "url": url,
    }


def call_semi_finals(stage, umpire):
    """Call both semi-finals now (ICF 143(i): 15 minutes to report). Semi-final 1: both report; semi-final 2: only
    side A does."""
    semi_one, semi_two = stage.matches.filter(round__number=1).order_by("number")
    for table, match in enumerate((semi_one, semi_two), 1):
        Match.objects.filter(pk=match.pk).update(table=table, umpire=umpire)
        change_status(match, Match.Status.CALLED, user=umpire, reason="Demo: semi-finals announced")
    late.report(semi_one, "a", umpire)
    late.report(semi_one, "b", umpire)
    late.report(semi_two, "a", umpire)
