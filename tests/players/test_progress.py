"""The facts on the phone: a called match says "Go to table N now" (page, live fragment, API), and the player's rank
and points after each round come from the stage's own standings."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from players.links import personal_link_url
from players.selectors import player_schedule
from stages.models import Match, Round, Stage
from stages.selectors import played_entries, stage_standings, with_players
from tests.factories import EntryFactory, EventFactory, GroupFactory, GroupMemberFactory, MatchFactory, StageFactory
from tests.player_helpers import play, player_world, round_of
from tournaments.models import Entry, Tournament

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


# ---------------------------------------------------------------- read as rows, once per stage, kept per stamp


def old_progress(stage, entry, group=None):
    """The steps as the page worked them out before it read rows (model instances, the standings of each round's
    prefix): (round number, rank, points, entries, final)."""
    matches = stage.matches.filter(round__status=Round.Status.PUBLISHED).select_related("round")
    if group is not None:
        matches = matches.filter(group=group)
        entries = list(with_players(Entry.objects.filter(pk__in=group.members.values("entry_id"))))
    matches = list(matches)
    if group is None:
        entries = played_entries(matches)
    steps = []
    for number in sorted({m.round.number for m in matches}):
        counted = [m for m in matches if m.round.number <= number]
        if not any(m.is_decided for m in counted if m.round.number == number):
            continue
        rows = stage_standings(stage, entries, counted)
        row = next(r for r in rows if r.id == entry.pk)
        steps.append((number, row.rank, row.points, len(rows), all(m.is_decided for m in counted)))
    return steps


def steps_of(tournament, player, stage):
    (progress,) = [p for p in player_schedule(tournament, player).standings if p.stage == stage]
    return [(s.round.number, s.rank, s.points, s.entries, s.final) for s in progress.rounds]


# What some matches of busy_swiss become, by (round, pair); the others are won on points or drawn, confirmed.
SPECIAL = {(1, 0): "walkover", (1, 1): "draw", (2, 0): "both absent", (2, 1): "withheld", (3, 0): "to confirm"}


@pytest.fixture
def busy_swiss(tournament):
    """A Swiss of nine entries over four rounds with every kind of result the standings read: wins, draws, a bye
    each round from round 2, a walk-over without a score, a double forfeit, a withheld result (ICF 150), an
    unconfirmed one, an entry that joined in round 2, and a round 4 not played yet."""
    rng = random.Random(7)
    stage = StageFactory(event=EventFactory(tournament=tournament, rule_set="icf"), kind=Stage.Kind.SWISS)
    entries = [EntryFactory(event=stage.event) for _ in range(9)]
    late_entry = entries.pop()
    for number in range(1, 5):
        field = entries + ([late_entry] if number > 1 else [])
        rng.shuffle(field)
        for n in range(0, len(field), 2):
            a, b = (field[n : n + 2] + [None])[:2]
            if b is None:
                MatchFactory(round=round_of(stage, number), entry_a=a, entry_b=None, status=S.BYE, score_a=25)
                continue
            match = play(stage, a, number, opponent=b)
            if number == 4:
                continue
            special = SPECIAL.get((number, n // 2), "")
            match.score_a, match.score_b = (13, 13) if special == "draw" else rng.choice([(25, 10), (7, 25), (25, 24)])
            match.winner = a if match.score_a > match.score_b else b if match.score_b > match.score_a else None
            match.status = S.FINISHED if special == "to confirm" else S.CONFIRMED
            match.result_withheld = special == "withheld"
            if special == "walkover":
                match.status, match.score_a, match.score_b, match.winner = S.WALKOVER, None, None, b
            if special == "both absent":
                match.status, match.forfeited, match.winner = S.WALKOVER, "ab", None
            match.save()
    return stage, entries + [late_entry]


def test_the_steps_read_as_rows_are_those_of_each_rounds_standings(tournament, busy_swiss):
    stage, entries = busy_swiss
    for entry in entries:
        expected = old_progress(stage, entry)
        assert steps_of(tournament, entry.players.get(), stage) == expected, entry.name
        # round 4's bye counts already: a step, not final
        assert [(number, final) for number, *_, final in expected][2:] == [(3, False), (4, False)]
    late = steps_of(tournament, entries[-1].players.get(), stage)
    assert late[0][:4] == (1, 9, 0, 9)  # not in round 1: ranked all the same, last, with nothing yet


def test_the_steps_in_a_group_are_those_of_the_groups_standings(tournament):
    world = player_world(tournament)
    stage = StageFactory(event=world.singles.event, kind=Stage.Kind.GROUPS, name="Groups", order=2)
    group = GroupFactory(stage=stage, number=1)
    rivals = [EntryFactory(event=stage.event) for _ in range(3)]
    for entry in (world.singles, *rivals):
        GroupMemberFactory(group=group, entry=entry)
    for number, (a, b) in enumerate([(world.singles, rivals[0]), (rivals[1], world.singles), (rivals[2], rivals[0])]):
        match = result(stage, number + 1, a, b, score=(25, 10 + number))
        Match.objects.filter(pk=match.pk).update(group=group)
    # Asha rests in round 3: its round is read for the step all the same.
    assert steps_of(tournament, world.player, stage) == old_progress(stage, world.singles, group)
    assert [s[0] for s in steps_of(tournament, world.player, stage)] == [1, 2, 3]


def test_a_round_robin_round_with_only_a_rest_decided_is_a_step(tournament):
    world = player_world(tournament)
    stage, rival, other = world.doubles_stage, *(EntryFactory(event=world.doubles.event) for _ in range(2))
    result(stage, 1, world.doubles, rival)
    MatchFactory(round=round_of(stage, 2), entry_a=world.doubles, entry_b=None, status=S.BYE)  # a rest
    play(stage, rival, 2, opponent=other)  # not played yet
    steps = steps_of(tournament, world.player, stage)
    assert steps == old_progress(stage, world.doubles)
    assert [(number, final) for number, *_, final in steps] == [(1, True), (2, False)]


def test_the_stages_table_is_kept_under_the_tournaments_stamp(tournament, busy_swiss, page_cache, committed):
    stage, entries = busy_swiss
    first, second = (entry.players.get() for entry in entries[:2])
    tournament = Tournament.objects.get(pk=tournament.pk)  # its stamp as a request reads it
    with CaptureQueriesContext(connection) as cold:
        player_schedule(tournament, first)
    expected = old_progress(stage, entries[1])
    with CaptureQueriesContext(connection) as kept:
        assert steps_of(tournament, second, stage) == expected
    # entries, the matches' ids, the matches and notifications; the stage's rounds (their stamps: stages.loading
    # keeps each round's matches by it), matches, entries, their event's rating and members only for the first
    assert (len(cold), len(kept)) == (9, 4)
    match = stage.matches.filter(entry_a=entries[1], status=S.CONFIRMED).first()
    with committed():
        match.score_a, match.score_b, match.winner = match.score_b, match.score_a, match.entry_b
        match.save()
    tournament = Tournament.objects.get(pk=tournament.pk)
    assert steps_of(tournament, second, stage) == old_progress(stage, entries[1])  # a new stamp, a new table


def test_no_table_is_kept_while_the_page_cache_is_off(tournament, busy_swiss):
    stage, entries = busy_swiss
    tournament = Tournament.objects.get(pk=tournament.pk)
    first, second = (entry.players.get() for entry in entries[:2])
    player_schedule(tournament, first)
    with CaptureQueriesContext(connection) as again:
        player_schedule(tournament, second)
    assert len(again) == 8
