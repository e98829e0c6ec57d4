"""The facts on the phone: a called match says "Go to table N now" (page, live fragment, API), and the player's rank
and points after each round come from the stage's own standings."""

import pytest
from django.urls import reverse

from players.links import personal_link_url
from players.selectors import player_schedule
from stages.models import Match, Stage
from stages.selectors import stage_standings
from tests.factories import EntryFactory, GroupFactory, GroupMemberFactory, StageFactory
from tests.player_helpers import play, player_world

pytestmark = pytest.mark.django_db
S = Match.Status


def result(stage, round_number, winner, loser, score=(25, 10), status=S.CONFIRMED):
    match = play(stage, winner, round_number, opponent=loser, status=status, score_a=score[0], score_b=score[1])
    match.winner = winner
    match.save()
    return match


@pytest.fixture
def swiss(tournament):
    """Asha's Swiss: four entries, two rounds confirmed, round 3 with one result still to confirm."""
    world = player_world(tournament)
    stage = world.singles_stage
    b, c, d = (EntryFactory(event=stage.event) for _ in range(3))
    asha = world.singles
    result(stage, 1, c, asha, (25, 0))
    result(stage, 1, b, d)
    result(stage, 2, asha, d)
    result(stage, 2, c, b)
    result(stage, 3, asha, c, status=S.FINISHED)  # not confirmed yet: counts for nothing (ICF 150)
    result(stage, 3, b, d)
    return world, (b, c, d)


def test_rank_and_points_after_each_round_are_the_stages_standings(tournament, swiss):
    world, (b, c, d) = swiss
    schedule = player_schedule(tournament, world.player)
    (progress,) = schedule.standings  # the doubles round robin has no result: no rank yet
    assert progress.stage == world.singles_stage
    steps = [(s.round.number, s.points, s.entries, s.final) for s in progress.rounds]
    assert steps == [(1, 0, 4, True), (2, 2, 4, True), (3, 2, 4, False)]
    # Each rank is the stage's standings' rank counting the rounds up to that one.
    matches = list(world.singles_stage.matches.all())
    for step in progress.rounds:
        rows = stage_standings(world.singles_stage, None, [m for m in matches if m.round.number <= step.round.number])
        assert step.rank == next(row.rank for row in rows if row.id == world.singles.pk)
    assert progress.rounds[-1].rank == 3  # C on 4 points, B on 4, Asha on 2: her round-3 win is unconfirmed
    assert progress.rounds[0].rank == 4  # lost 0-25, the worst net score


def test_rank_in_the_players_group(tournament):
    world = player_world(tournament)
    stage = StageFactory(event=world.singles.event, kind=Stage.Kind.GROUPS, name="Groups", order=2)
    rival, other = EntryFactory(event=stage.event), EntryFactory(event=stage.event)
    group = GroupFactory(stage=stage, number=1)
    for entry in (world.singles, rival):
        GroupMemberFactory(group=group, entry=entry)
    GroupMemberFactory(group=GroupFactory(stage=stage, number=2), entry=other)
    match = result(stage, 1, world.singles, rival)
    Match.objects.filter(pk=match.pk).update(group=group)
    (progress,) = player_schedule(tournament, world.player).standings
    assert progress.group == group
    assert [(s.rank, s.points, s.entries) for s in progress.rounds] == [(1, 2, 2)]


def test_a_called_match_says_go_to_table_now(client, api_client, tournament):
    world = player_world(tournament)
    play(world.singles_stage, world.singles, 1, table=7, status=S.CALLED)  # called before any time was set
    schedule = player_schedule(tournament, world.player)
    assert schedule.next_match.instruction == "Go to table 7 now"
    url = personal_link_url(tournament, world.player)
    for html in (client.get(url).content.decode(), client.get(f"{url}?fragment=1").content.decode()):
        assert '<p class="call-now" role="alert">Go to table 7 now</p>' in html
        card = html[html.index('id="next-match"') : html.index("</section>", html.index('id="next-match"'))]
        assert "to be announced" not in card.split('class="next-time"')[1].split("</div>")[0]
    token = url.rstrip("/").rsplit("/", 1)[1]
    body = api_client.get(reverse("personal-schedule-api", args=[tournament.slug, token])).json()
    assert body["next_match"]["instruction"] == "Go to table 7 now"


def test_a_scheduled_match_gives_no_order_yet(tournament):
    world = player_world(tournament)
    play(world.singles_stage, world.singles, 1, table=7)
    assert player_schedule(tournament, world.player).next_match.instruction == ""


def test_the_api_gives_the_rank_after_each_round(api_client, tournament, swiss):
    world, _others = swiss
    url = personal_link_url(tournament, world.player)
    token = url.rstrip("/").rsplit("/", 1)[1]
    body = api_client.get(reverse("personal-schedule-api", args=[tournament.slug, token])).json()
    (progress,) = body["standings"]
    assert progress["stage"]["id"] == world.singles_stage.pk and progress["group"] is None
    assert [(r["round"]["number"], r["rank"], r["points"], r["final"]) for r in progress["rounds"]] == [
        (1, 4, 0, True),
        (2, 3, 2, True),  # level with B on points and Buchholz (4); B's net score 0 beats Asha's -10
        (3, 3, 2, False),
    ]
