"""Played with the code of before the split (matches, tournaments.stage_services), by `manage.py shell -c` on a
database that `load_demo` filled: a Swiss stage, a drawn groups stage, both demo knockouts played to their final
(the protest decided, the late player forfeited), an admin log entry and a granted permission on Match. Prints
what the current code must read back the same: SUMMARY {json}."""

import json
import random
from dataclasses import asdict
from datetime import timedelta

from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone
from matches.clock import start_clock
from rest_framework.authtoken.models import Token

from matches import late
from matches import services as results
from matches.models import Match
from protests import services as protests
from protests.models import Protest
from tournaments import stage_services as stages
from tournaments.models import Event, Stage

secretary = User.objects.get(username="secretary")
chief = User.objects.get(username="chief")
rng = random.Random(2026)


def play_swiss_round(stage, number):
    rnd = stages.pair_swiss_round(stage, rng)
    stages.publish_round(rnd)
    start_clock(rnd, user=secretary)
    for match in rnd.matches.exclude(status=Match.Status.BYE).order_by("number"):
        loser_score = (match.number * 7 + number) % 24
        score = (25, loser_score) if match.number % 3 else (loser_score, 25)
        if match.number % 4:
            results.record_result(match, [score], confirm=True, user=secretary)
        else:  # entered, then confirmed by another hand
            results.record_result(match, [score], user=secretary)
            results.confirm_result(match, user=chief)


def final_of(stage):
    return stage.matches.filter(round__name="final").get()


singles = Event.objects.get(name="Eurocup singles")
swiss = Stage.objects.create(event=singles, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=2)
play_swiss_round(swiss, 1)
play_swiss_round(swiss, 2)
stages.finish_stage(swiss)

office = Event.objects.get(name="Office singles")
groups = Stage.objects.create(event=office, name="Groups", kind=Stage.Kind.GROUPS, group_count=4)
stages.draw_stage(groups, rng)
stages.publish_stage(groups)
for match in groups.matches.filter(round__number=1).exclude(status=Match.Status.BYE).order_by("group", "number"):
    score = (29, match.number) if match.group.number % 2 else (match.number, 29)
    results.record_result(match, [score], confirm=True, user=secretary)

protested = Stage.objects.get(event__name="Knockout (ICF, protest demo)")
protest = Protest.objects.get(match__stage=protested)
protests.decide(protest, "overruled", "The umpire saw the striker touch the queen.", chief)
semi_two = protested.matches.get(round__number=1, number=2)
results.record_result(semi_two, [(25, 3), (25, 4)], confirm=True, user=secretary)
results.record_result(final_of(protested), [(25, 10), (12, 25), (25, 20)], confirm=True, user=secretary)
stages.finish_stage(protested)

late_stage = Stage.objects.get(event__name="Knockout (ICF, late-arrival demo)")
late.apply_forfeits(now=timezone.now() + timedelta(hours=1))
semi_one = late_stage.matches.get(round__number=1, number=1)
results.record_result(semi_one, [(25, 7), (25, 11)], confirm=True, user=secretary)
results.record_result(final_of(late_stage), [(9, 25), (25, 12), (24, 25)], confirm=True, user=secretary)

# What the content types' move must keep pointing at the right model; and a row in each table left empty so far.
match_type = ContentType.objects.get_for_model(Match)
Group.objects.get(name="Secretary").permissions.add(
    Permission.objects.get(content_type=match_type, codename="change_match")
)
chief.user_permissions.add(Permission.objects.get(content_type=match_type, codename="view_match"))
Token.objects.create(user=secretary)
session = SessionStore()
session["demo"] = "migrate forward"
session.create()
LogEntry.objects.create(
    user=secretary,
    content_type=match_type,
    object_id=str(semi_one.pk),
    object_repr=str(semi_one),
    action_flag=CHANGE,
    change_message="Table moved by hand",
)

knockouts = Stage.objects.filter(kind=Stage.Kind.KNOCKOUT).order_by("pk")
summary = {
    "swiss": [asdict(row) for row in stages.stage_standings(swiss)],
    "groups": [[asdict(row) for row in rows] for rows in stages.group_standings(groups).values()],
    "brackets": {
        stage.event.name: [
            [km.round, km.number, km.a, km.b, km.winner, km.decided, km.walkover]
            for km in stages.sync_bracket(stage).matches()
        ]
        for stage in knockouts
    },
    "protests": [[p.pk, p.status, p.fee_status] for p in Protest.objects.order_by("pk")],
    "edited": [str(entry.get_edited_object()) for entry in LogEntry.objects.order_by("pk")],
    "secretary_may_change_match": User.objects.get(pk=secretary.pk).has_perm("matches.change_match"),
}
print("SUMMARY", json.dumps(summary, sort_keys=True))
