"""Team standings ranked by tie points, then rubbers, then boards; ties exported rubber by rubber; a team's roster
changed after entry, except for a player its captain has named in a tie still to finish."""

import io
import random

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from rest_framework.test import APIClient

from core.errors import ServiceError
from matches.scoring.services import record_result
from matches.ties.services import name_line_up
from stages.draws.standings import MatchResult, standings
from stages.models import Match, Stage
from stages.selectors import stage_standings
from stages.services import draw_stage, publish_stage
from tests.factories import UserFactory
from tests.matches.ties.test_tie_day import drawn_tie, event, line_up, players, team  # noqa: F401 (fixture)
from tournaments.teams import change_team, parse_roster, roster_text

pytestmark = pytest.mark.django_db


def test_teams_level_on_tie_points_and_rubbers_are_ranked_by_their_board_points():
    teams = [{"id": name, "name": name} for name in ("Delhi", "Goa", "Pune")]
    ties = [  # each team wins one tie 2-1 in rubbers: only the boards tell them apart
        MatchResult("Delhi", "Goa", 2, 1, boards_a=140, boards_b=120),
        MatchResult("Goa", "Pune", 2, 1, boards_a=150, boards_b=100),
        MatchResult("Pune", "Delhi", 2, 1, boards_a=110, boards_b=105),
    ]
    order = ("points", "net_score", "boards", "name")
    rows = standings(teams, ties, order)
    assert [(row.id, row.boards, row.separated_by) for row in rows] == [
        ("Goa", 30, ""),  # -20 + 50
        ("Delhi", 15, "boards"),  # +20 - 5
        ("Pune", -45, "boards"),  # -50 + 5
    ]
    # A match that is no tie counts its own score as its board points.
    assert standings(teams[:2], [MatchResult("Delhi", "Goa", 25, 7)], order)[0].boards == 18
    request = {"system": "round_robin", "competitors": teams, "matches": [tie._asdict() for tie in ties]}
    answer = APIClient().post("/api/draws/standings/", {**request, "precedence": order}, format="json").json()
    assert [(row["id"], row["boards"]) for row in answer["competitors"]] == [("Goa", 30), ("Delhi", 15), ("Pune", -45)]


def play(tie, scores):
    name_line_up(tie, "a", line_up(tie.entry_a))
    name_line_up(tie, "b", line_up(tie.entry_b))
    for number, games in enumerate(scores, start=1):
        record_result(tie.rubbers.get(rubber=number), games, confirm=True)
    tie.refresh_from_db()
    return tie


def test_a_tie_keeps_its_board_points_and_the_team_standings_rank_by_them(event, client):  # noqa: F811
    stage, _teams = drawn_tie(event, teams=("Delhi", "Goa", "Pune"))
    ties = list(Match.objects.filter(stage=stage).exclude(entry_b=None).order_by("round__number"))
    won, lost = [(25, 20), (25, 20)], [(20, 25), (20, 25)]
    big, small = [(25, 0), (25, 0)], [(0, 25), (0, 25)]
    first = play(ties[0], [won, lost, won])  # 2-1 to A: boards 50+40+50 = 140 to 40+50+40 = 130
    assert (first.score_a, first.games_a, first.boards_a, first.boards_b) == (2, 2, 140, 130)
    play(ties[1], [big, small, big])
    play(ties[2], [won, won, small])
    rows = stage_standings(stage)
    assert [row.points for row in rows] == [2, 2, 2] and len({row.net_score for row in rows}) == 1
    assert [row.boards for row in rows] == sorted((row.boards for row in rows), reverse=True)
    assert rows[1].separated_by == "boards"
    event.tournament.status = "published"
    event.tournament.save()
    page = client.get(stage.get_absolute_url()).content.decode()
    assert "Board points won less lost" in page
    api = APIClient().get(f"/api/tournaments/{event.tournament.slug}/stages/{stage.pk}/standings/").json()
    assert [row["boards"] for row in api["standings"]] == [row.boards for row in rows]


def test_the_results_export_lists_each_rubber_under_its_tie_with_its_players(event, client):  # noqa: F811
    stage, (delhi, mumbai) = drawn_tie(event)
    (tie,) = Match.objects.filter(stage=stage)
    play(tie, [[(25, 3), (25, 10)], [(5, 25), (3, 25)], [(25, 0), (25, 1)]])
    event.tournament.status = "published"
    event.tournament.save()
    url = reverse("export-stage-results-xlsx", args=[event.tournament.slug, stage.pk])
    response = client.get(url)
    (rows,) = [
        [list(r) for r in sheet.iter_rows(values_only=True)]
        for sheet in load_workbook(io.BytesIO(response.content)).worksheets
    ]
    assert [row[3] for row in rows[1:]] == [1, "1.1", "1.2", "1.3"]
    names = {member.player_id: member.player.full_name for member in tie.entry_a.members.select_related("player")}
    doubles = [names[p] for p in line_up(tie.entry_a)[2]]
    assert rows[2][5] == names[line_up(tie.entry_a)[1][0]] and rows[3][5] == " / ".join(doubles)
    assert rows[1][7:11] == [2, 1, 2, 1] and rows[3][11] == tie.entry_b.name  # the tie, then who won rubber 2


def test_a_roster_changes_after_entry_keeping_its_players_and_refusing_a_named_one(event):  # noqa: F811
    stage, (delhi, _mumbai) = drawn_tie(event)
    text = roster_text(delhi)
    assert text.splitlines()[0] == "Delhi1 Player, C"
    lines = text.splitlines()
    kept = players(delhi)
    changed = change_team(
        delhi, "Delhi Capitals", parse_roster("\n".join([*lines[:3], "Ravi Kumar, R", "Delhi4 Player"]))
    )
    assert changed.name == "Delhi Capitals" and players(changed)[:3] == kept[:3]  # the same players, not new ones
    assert [(m.player.full_name, m.reserve) for m in changed.members.order_by("position")][3:] == [
        ("Ravi Kumar", True),
        ("Delhi4 Player", False),
    ]
    (tie,) = Match.objects.filter(stage=stage)
    side = "a" if tie.entry_a_id == delhi.pk else "b"
    name_line_up(tie, side, line_up(changed))
    lines = roster_text(changed).splitlines()
    dropped = "\n".join(lines[:3] + lines[4:])  # Ravi Kumar, fourth on the roster, plays rubber 3 of the tie
    with pytest.raises(ServiceError, match="Ravi Kumar is in the line-up of the tie of"):
        change_team(changed, "Delhi Capitals", parse_roster(dropped))
    assert len(players(changed)) == 5
    with pytest.raises(ServiceError, match="already entered"):
        change_team(changed, "Delhi Capitals", parse_roster(roster_text(changed) + "\nMumbai1 Player"), "IND")


def test_the_secretary_changes_a_team_on_its_page_and_through_the_api(event, client):  # noqa: F811
    secretary = UserFactory()
    event.tournament.secretaries.add(secretary)
    client.force_login(secretary)
    goa = team(event, "Goa")
    page = f"/t/{event.tournament.slug}/events/{event.pk}/teams/{goa.pk}/"
    form = client.get(page).content.decode()
    assert "Goa1 Player, C" in form and "Save the team" in form
    bad = client.post(page, {"name": "Goa", "roster": "Goa1 Player\nGoa2 Player"})
    assert bad.status_code == 400 and "Name one captain." in bad.content.decode()
    saved = client.post(page, {"name": "Goa", "country": "IND", "roster": "Goa2 Player, C\nGoa1 Player\nAnil Rao"})
    assert saved.status_code == 302
    assert [(m.player.full_name, m.captain) for m in goa.members.order_by("position")] == [
        ("Goa2 Player", True),
        ("Goa1 Player", False),
        ("Anil Rao", False),
    ]
    api = APIClient()
    url = f"/api/tournaments/{event.tournament.slug}/events/{event.pk}/teams/{goa.pk}/"
    assert api.put(url, {"name": "Goa", "roster": []}, format="json").status_code == 403
    api.force_authenticate(secretary)
    roster = [{"player": p, "captain": n == 0} for n, p in enumerate(players(goa)[:2])]
    answer = api.put(url, {"name": "FC Goa", "country": "IND", "roster": roster}, format="json")
    assert answer.status_code == 200 and answer.json()["name"] == "FC Goa" and len(answer.json()["roster"]) == 2
    assert api.put(url, {"name": "FC Goa", "roster": roster[1:]}, format="json").json() == {
        "roster": ["A team has from 2 to 16 players."]
    }
    assert api.get(url.replace(f"/{goa.pk}/", "/999999/")).status_code == 404


def test_a_drawn_team_event_still_takes_a_roster_change(event):  # noqa: F811
    delhi, goa = team(event, "Delhi"), team(event, "Goa")
    stage = Stage.objects.create(event=event, name="League", kind=Stage.Kind.ROUND_ROBIN)
    draw_stage(stage, rng=random.Random(1))
    publish_stage(stage)
    change_team(goa, "Goa", parse_roster(roster_text(goa) + "\nNew Player"))
    assert len(players(goa)) == 5 and len(players(delhi)) == 4
