"""Team events from the first tie to the final: a national-team Swiss of 8 teams into a knockout final, and a
school league of ties (singles, doubles, singles) in groups, each tie played through its rubbers."""

import random

import pytest

from matches.scoring.services import record_result
from matches.ties.services import name_line_up
from stages.models import Match, Stage
from stages.selectors import group_standings, stage_standings
from stages.services import draw_stage, finish_stage, pair_swiss_round, publish_round, publish_stage
from tests.factories import EventFactory
from tournaments.models import Event
from tournaments.teams import enter_team

pytestmark = pytest.mark.django_db
COUNTRIES = ["FRA", "GER", "ITA", "POL", "SUI", "CZE", "GBR", "BEL"]


def national_team(event, country):
    roster = [{"first_name": f"{country}{n}", "last_name": "Carromist", "captain": n == 0} for n in range(5)]
    roster[4]["reserve"] = True
    return enter_team(event, country, roster, country=country)


def play_tie(tie, rng):
    for side, team in (("a", tie.entry_a), ("b", tie.entry_b)):
        p = list(team.members.order_by("?").values_list("player_id", flat=True))
        fmt = tie.stage.tie_format or {}
        doubles = [r for r in fmt.get("rubbers", ["singles", "doubles", "singles"]) if r == "doubles"]
        line_up = {1: [p[0]], 2: [p[1], p[2]], 3: [p[3]]} if doubles else {1: [p[0]], 2: [p[1]], 3: [p[2]]}
        name_line_up(tie, side, line_up)
    for rubber in tie.rubbers.order_by("rubber"):
        rubber.refresh_from_db()
        if rubber.status == Match.Status.SCHEDULED:
            record_result(rubber, [rng.choice([(25, 4), (3, 25)])], confirm=True)
    tie.refresh_from_db()
    return tie


def test_a_national_team_swiss_of_eight_teams_to_a_final_tie():
    rng = random.Random(8)
    event = EventFactory(kind=Event.Kind.TEAM_TIES, rule_set="ecc", citizens_only=True, name="Nations Cup")
    for country in COUNTRIES:
        national_team(event, country)
    swiss = Stage.objects.create(
        event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=4, tie_format={"rubbers": ["singles"] * 3}
    )
    for _round in range(4):
        rnd = publish_round(pair_swiss_round(swiss, rng))
        ties = list(rnd.matches.all())
        assert len(ties) == 4 and all(tie.entry_b_id for tie in ties)
        for tie in ties:
            assert play_tie(tie, rng).is_decided
    table = stage_standings(swiss)
    assert sum(row.wins for row in table) == 16 and table[0].points >= table[-1].points
    finish_stage(swiss)
    final = Stage.objects.create(
        event=event, order=2, name="Final", kind=Stage.Kind.KNOCKOUT, source=swiss, qualifiers=2
    )
    draw_stage(final)
    publish_stage(final)
    (tie,) = final.matches.all()
    assert {tie.entry_a_id, tie.entry_b_id} == {table[0].id, table[1].id}
    assert play_tie(tie, rng).winner_id in (table[0].id, table[1].id)


def test_a_school_league_of_ties_in_groups():
    rng = random.Random(3)
    event = EventFactory(kind=Event.Kind.TEAM_TIES, rule_set="ecc", name="Schools league")
    for number in range(6):
        roster = [{"first_name": f"S{number}P{n}", "last_name": "Pupil", "captain": n == 0} for n in range(4)]
        enter_team(event, f"School {number + 1}", roster)
    groups = Stage.objects.create(event=event, name="Groups", kind=Stage.Kind.GROUPS, group_count=2)
    draw_stage(groups, rng=rng)
    publish_stage(groups)
    for tie in groups.matches.exclude(entry_b=None):
        play_tie(tie, rng)
    tables = group_standings(groups)
    assert [sum(row.played for row in rows) for rows in tables.values()] == [6, 6]  # 3 ties a group, 2 teams each
    assert Match.with_rubbers.filter(stage=groups, tie__isnull=False).count() == 18
