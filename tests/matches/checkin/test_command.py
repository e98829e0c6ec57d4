"""Late arrivals (ICF 143): `manage.py run_deadlines` (the periodic functions without Celery) and the demo: a
player who never reports is forfeited at the right minute and the bracket shows it."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from demo.late_arrival import EVENT
from matches.checkin import services as late
from stages.models import Match
from tests.helpers import make_match
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_run_deadlines_applies_due_forfeits_once(tournament):
    called = timezone.now() - timedelta(minutes=16)  # ICF 143(i): 15 minutes to report
    match = make_match(tournament, "icf", status=Match.Status.CALLED, called_at=called)
    late.refresh_deadlines([match])
    out = StringIO()
    call_command("run_deadlines", stdout=out, stderr=StringIO())
    assert "apply-late-arrival-forfeits: 1" in out.getvalue()
    match.refresh_from_db()
    assert (match.status, match.forfeited) == (Match.Status.WALKOVER, "ab")
    out = StringIO()
    call_command("run_deadlines", stdout=out, stderr=StringIO())
    assert "apply-late-arrival-forfeits: 0" in out.getvalue()


def test_run_deadlines_refuses_a_loop_of_no_time():
    with pytest.raises(CommandError, match="above 0"):
        call_command("run_deadlines", loop=0)


def test_the_demo_player_who_never_reports_is_forfeited_at_the_icf_minute():
    out = StringIO()
    call_command("load_demo", stdout=out)
    assert "never reports" in out.getvalue() and "/checkin/" in out.getvalue()
    stage = Event.objects.get(name=EVENT).stages.get()
    semi_one, semi_two = stage.matches.filter(round__number=1).order_by("number")
    assert semi_two.report_deadline == semi_two.called_at + timedelta(minutes=15)
    assert late.apply_forfeits(now=semi_two.report_deadline) == 0  # at the deadline he may still come
    assert late.apply_forfeits(now=semi_two.report_deadline + timedelta(seconds=1)) == 1
    final = stage.matches.get(round__name="final")
    assert final.entry_b_id == semi_two.entry_a_id  # the bracket shows it, nobody touched it
    semi_one.refresh_from_db()
    assert semi_one.status == Match.Status.CALLED and not semi_one.forfeited  # both reported
    call_command("load_demo", stdout=StringIO())  # idempotent: the demo is left as it is
    assert Event.objects.filter(name=EVENT).count() == 1 and stage.matches.count() == 3
