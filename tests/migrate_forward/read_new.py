"""Read with the current code (stages, scoring, protests), by `manage.py shell -c` on the migrated database: the
summary play_old.py prints (and the part of play_before_move.py's they share), plus each stage page as a visitor gets
it. Prints SUMMARY {json}."""

import json
from dataclasses import asdict

from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from protests.models import Protest
from stages import selectors as stages
from stages.bracket import sync_bracket
from stages.models import Stage
from tournaments.models import Entry

secretary = User.objects.get(username="secretary")
swiss = Stage.objects.get(event__name="Eurocup singles", name="Swiss")
groups = Stage.objects.get(event__name="Office singles", name="Groups")
knockouts = Stage.objects.filter(kind=Stage.Kind.KNOCKOUT).order_by("pk")
swiss_table = stages.stage_standings(swiss)
brackets = {stage: sync_bracket(stage) for stage in knockouts}


def page(stage, expected_name):
    """The stage page's status and whether it names who leads or won the stage."""
    url = reverse("stage-detail", args=[stage.event.tournament.slug, stage.pk])
    response = Client(HTTP_HOST="localhost").get(url)
    return [stage.name, response.status_code, escape(expected_name) in response.content.decode()]


summary = {  # every figure of a standings row; the test leaves out those the starting commit did not have
    "swiss": [asdict(row) for row in swiss_table],
    "groups": [[asdict(row) for row in rows] for rows in stages.group_standings(groups).values()],
    "brackets": {
        stage.event.name: [
            [km.round, km.number, km.a, km.b, km.winner, km.decided, km.walkover] for km in bracket.matches()
        ]
        for stage, bracket in brackets.items()
    },
    "protests": [[p.pk, p.status, p.fee_status] for p in Protest.objects.order_by("pk")],
    "edited": [str(entry.get_edited_object()) for entry in LogEntry.objects.order_by("pk")],
    "secretary_may_change_match": secretary.has_perm("stages.change_match"),
    "pages": [
        page(swiss, swiss_table[0].name),
        *(page(stage, Entry.objects.get(pk=bracket.champion).name) for stage, bracket in brackets.items()),
    ],
}
print("SUMMARY", json.dumps(summary, sort_keys=True))
