"""The demo's national teams: eight teams of citizens with a captain and a reserve, a Swiss stage of ties ready to
pair, loaded once however often the demo is loaded."""

import pytest
from django.core.management import call_command

from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_the_demo_has_a_national_team_event_ready_to_pair():
    call_command("load_demo", stdout=open("/dev/null", "w"))
    call_command("load_demo", stdout=open("/dev/null", "w"))  # idempotent
    event = Event.objects.get(name="Eurocup nations")
    assert event.kind == Event.Kind.TEAM_TIES and event.citizens_only and event.entries.count() == 8
    for team in event.entries.all():
        members = list(team.members.select_related("player"))
        assert len(members) == 5 and sum(m.captain for m in members) == 1 and sum(m.reserve for m in members) == 1
        assert {m.player.citizenship for m in members} == {team.country}
    (stage,) = event.stages.all()
    assert stage.kind == "swiss" and stage.tie_format["rubbers"][1] == {"kind": "doubles", "points": 1}
