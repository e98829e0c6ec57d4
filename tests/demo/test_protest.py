"""The issue's "done when", on the demo data: a referee logged a protest with its fee, the result stays withheld,
the secretary decides it, the fee ledger and the match follow, and an undecided protest is flagged after an hour."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse

from protests import fees, services
from protests.models import Protest
from stages.models import Match
from tournaments.models import Notification

pytestmark = pytest.mark.django_db


def test_demo_protest_is_withheld_then_decided_by_the_secretary(client):
    call_command("load_demo")
    call_command("load_demo")  # idempotent
    protest = Protest.objects.get()
    match = protest.match
    tournament = match.stage.event.tournament
    final = Match.objects.get(stage=match.stage, round__number=2)
    assert protest.status == Protest.Status.LODGED and protest.fee_status == Protest.Fee.HELD
    assert match.status == Match.Status.CONFIRMED and match.result_withheld and final.entry_a_id is None

    assert services.flag_overdue(now=protest.due_at) == 0  # ICF 151(c): "within one hour" includes the hour's end
    assert services.flag_overdue(now=protest.due_at + timedelta(seconds=1)) == 1
    assert Notification.objects.filter(key=f"protest-{protest.pk}-overdue").count() == 2  # secretary and chief

    client.force_login(User.objects.get(username="secretary"))
    decide = reverse("protest-decide", args=[tournament.slug, protest.pk])
    assert client.post(decide, {"outcome": "overruled", "reason": "The foul was rightly called."}).status_code == 302
    final.refresh_from_db()
    match.refresh_from_db()
    assert not match.result_withheld and final.entry_a_id == match.winner_id
    ledger = fees.ledger(tournament).totals
    assert [(t.currency, t.paid, t.forfeited, t.held) for t in ledger] == [("EUR", 10, 10, 0)]
