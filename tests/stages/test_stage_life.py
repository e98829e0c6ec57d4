"""The stage page through a stage's life: the badge says where it stands, finishing and deleting a draw ask first,
a draft tournament says so to its secretary, Swiss pairings show the sides' points and rating with the top board
at table 1, group tables mark the qualifiers and name the tie-break between rows level on points."""

import random
import re
from html import escape

import pytest
from django.urls import reverse
from django.utils import timezone

from core.models import Heartbeat
from matches.scoring.services import record_result
from stages.display import stage_badge, tiebreak_notes
from stages.draws.standings import Standing
from stages.models import Match, Stage
from stages.services import draw_stage, pair_swiss_round, publish_round, publish_stage
from tests.factories import EntryFactory, EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def url(name, stage, *args):
    return reverse(name, args=[stage.event.tournament.slug, stage.pk, *args])


def entries(event, count, ratings=None):
    for seed in range(1, count + 1):
        rating = ratings[seed - 1] if ratings else None
        EntryFactory(event=event, seed=seed, members=[PlayerFactory(rating=rating)])


def badge(client, stage):
    page = client.get(stage.get_absolute_url()).content.decode()
    return re.search(r'<h1>.*?<span class="badge stage-([a-z-]+)">([^<]+)</span>', page, re.S).groups()


def test_the_badge_follows_the_stage_and_its_matches(client, tournament, secretary):
    event = EventFactory(tournament=tournament, rule_set="icf")
    entries(event, 4)
    stage = Stage.objects.create(event=event, name="KO", kind=Stage.Kind.KNOCKOUT)
    client.force_login(secretary)
    assert badge(client, stage) == ("pending", "Not drawn")
    draw_stage(stage)
    assert badge(client, stage) == ("drawn", "Drawn")
    publish_stage(stage)
    assert badge(client, stage) == ("published", "Published")
    semi = stage.matches.filter(round__number=1).first()
    Match.objects.filter(pk=semi.pk).update(status=Match.Status.CALLED)
    assert badge(client, stage) == ("in-play", "In play")
    Stage.objects.filter(pk=stage.pk).update(status=Stage.Status.FINISHED)
    assert badge(client, stage) == ("finished", "Finished")


def test_a_stage_drawn_in_preview_is_only_drawn_to_the_public():
    stage = Stage(status=Stage.Status.DRAWN)
    assert stage_badge(stage, [], []) == ("drawn", "Drawn")


def test_deleting_a_draw_without_results_asks_first(client, tournament, secretary):
    event = EventFactory(tournament=tournament, rule_set="icf")
    entries(event, 4)
    stage = Stage.objects.create(event=event, name="KO", kind=Stage.Kind.KNOCKOUT)
    draw_stage(stage)
    client.force_login(secretary)
    Heartbeat.objects.create(name="worker:deadlines", at=timezone.now())  # no notice of stopped deadlines either
    page = client.post(url("stage-delete-round", stage)).content.decode()
    assert "Delete the whole draw?" in page and 'name="confirm_results" value="1"' in page
    assert "None" not in page and 'role="alert"' not in page
    assert stage.matches.exists()
    client.post(url("stage-delete-round", stage), {"confirm_results": "1"})
    stage.refresh_from_db()
    assert stage.status == Stage.Status.PENDING and not stage.matches.exists()


def test_deleting_a_draw_with_results_says_how_many_are_lost(client, tournament, secretary):
    event = EventFactory(tournament=tournament, rule_set="icf")
    entries(event, 4)
    stage = Stage.objects.create(event=event, name="RR", kind=Stage.Kind.ROUND_ROBIN)
    draw_stage(stage)
    publish_stage(stage)
    record_result(stage.matches.exclude(entry_b=None).first(), [(25, 4), (25, 3)], confirm=True)
    client.force_login(secretary)
    page = client.post(url("stage-delete-round", stage)).content.decode()
    assert "RR has 1 result: it will be deleted with the draw." in page
    assert stage.matches.exists()


def test_a_draft_tournament_tells_its_secretary_and_publishes_from_the_stage_page(client, tournament, secretary):
    tournament.status = "draft"
    tournament.save()
    event = EventFactory(tournament=tournament, rule_set="icf")
    stage = Stage.objects.create(event=event, name="KO", kind=Stage.Kind.KNOCKOUT)
    assert client.get(stage.get_absolute_url()).status_code == 404  # the public cannot see it
    client.force_login(secretary)
    page = client.get(stage.get_absolute_url()).content.decode()
    assert "This tournament is a draft: the public cannot see it yet." in page
    assert url("stage-publish-tournament", stage) in page
    page = client.post(url("stage-publish-tournament", stage), follow=True).content.decode()
    tournament.refresh_from_db()
    assert tournament.status == "published" and "is published" in page
    assert "the public cannot see it yet" not in page
    client.logout()
    assert client.get(stage.get_absolute_url()).status_code == 200


def test_the_notice_is_for_secretaries_of_draft_tournaments_only(client, tournament, secretary):
    event = EventFactory(tournament=tournament, rule_set="icf")
    stage = Stage.objects.create(event=event, name="KO", kind=Stage.Kind.KNOCKOUT)
    client.force_login(secretary)
    assert "the public cannot see it yet" not in client.get(stage.get_absolute_url()).content.decode()


@pytest.fixture
def swiss(tournament):
    event = EventFactory(tournament=tournament, rule_set="ecc")
    entries(event, 8, ratings=[1900, 1800, 1700, 1600, 1500, 1400, 1300, 1200])
    return Stage.objects.create(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=3)


def play_round(rnd):
    for match in rnd.matches.exclude(entry_b=None):
        record_result(match, [(25, 10)], confirm=True)


def test_swiss_pairings_show_points_and_rating_with_the_top_board_at_table_1(client, secretary, swiss):
    first = publish_round(draw_stage(swiss, random.Random(1)))
    assert list(first.matches.order_by("number").values_list("table", flat=True)) == [1, 2, 3, 4]
    play_round(first)
    second = pair_swiss_round(swiss, random.Random(1))
    matches = list(second.matches.order_by("number"))
    assert [m.table for m in matches] == [1, 2, 3, 4]
    client.force_login(secretary)
    page = client.get(swiss.get_absolute_url()).content.decode()
    top = matches[0]
    assert top.entry_a.members.get().player.rating is not None
    block = page[page.index(f'id="match-{top.pk}"') :]
    rating = round(top.entry_a.members.get().player.rating)
    assert f'<small class="side-info">2 pts · {rating}</small>' in block[:2000]
    # A preview: Publish above the pairings, then the pairings, then the secretary's actions (publish, swap).
    assert page.index("Publish round 2") < page.index(f'id="match-{top.pk}"')
    assert page.index(f'id="match-{top.pk}"') < page.rindex("Publish round 2") < page.index('id="standings"')


def test_shuffle_tables_spreads_the_boards(client, secretary, swiss):
    client.force_login(secretary)
    page = client.get(swiss.get_absolute_url()).content.decode()
    assert 'name="shuffle_tables"' in page and "Shuffle tables" in page
    tables = []
    for _ in range(6):  # round 1 shuffled: some draw puts the top board elsewhere than table 1
        client.post(url("stage-draw", swiss), {"shuffle_tables": "1"})
        tables.append(list(swiss.rounds.get().matches.order_by("number").values_list("table", flat=True)))
        swiss.rounds.all().delete()
        Stage.objects.filter(pk=swiss.pk).update(status=Stage.Status.PENDING)
    assert all(len(set(t)) == 4 and None not in t for t in tables)
    assert any(t != [1, 2, 3, 4] for t in tables)


def test_the_api_pairs_with_shuffled_tables_on_request(api_client, secretary, swiss):
    api_client.force_authenticate(secretary)
    base = f"/api/tournaments/{swiss.event.tournament.slug}/stages/{swiss.pk}/"
    response = api_client.post(base + "draw/", {"seed": 3}, format="json")
    assert response.status_code == 200
    assert list(swiss.rounds.get().matches.order_by("number").values_list("table", flat=True)) == [1, 2, 3, 4]
    api_client.post(base + "delete-last-round/", {}, format="json")
    for seed in range(1, 20):
        api_client.post(base + "draw/", {"seed": seed, "shuffle_tables": True}, format="json")
        tables = list(swiss.rounds.get().matches.order_by("number").values_list("table", flat=True))
        api_client.post(base + "delete-last-round/", {}, format="json")
        if tables != [1, 2, 3, 4]:
            break
    assert tables != [1, 2, 3, 4] and len(set(tables)) == 4


def test_the_result_box_offers_a_keyboard_with_a_dash(client, secretary, swiss):
    publish_round(draw_stage(swiss, random.Random(1)))
    client.force_login(secretary)
    page = client.get(swiss.get_absolute_url()).content.decode()
    box = re.search(r'<input type="text" name="games"[^>]*>', page).group()
    assert 'inputmode="text"' in box and 'pattern="' in box and "numeric" not in box


@pytest.fixture
def groups_and_knockout(tournament):
    event = EventFactory(tournament=tournament, rule_set="icf")
    entries(event, 8)
    groups = Stage.objects.create(event=event, name="Groups", kind=Stage.Kind.GROUPS, group_count=2)
    Stage.objects.create(event=event, order=2, name="KO", kind=Stage.Kind.KNOCKOUT, source=groups, qualifiers=2)
    draw_stage(groups, random.Random(4))
    publish_stage(groups)
    return groups


def test_group_tables_mark_the_qualifiers(client, groups_and_knockout):
    page = client.get(groups_and_knockout.get_absolute_url()).content.decode()
    assert '<tr class="qualifies">' not in page  # before any result, no place is a qualifying one yet
    for group in groups_and_knockout.groups.all():
        record_result(group.matches.exclude(entry_b=None).first(), [(25, 3), (25, 7)], confirm=True)
    page = client.get(groups_and_knockout.get_absolute_url()).content.decode()
    assert page.count('<tr class="qualifies">') == 4  # two of each group
    assert "In a qualifying place for KO" in page


def test_group_tables_say_which_tie_break_separates_rows_level_on_points(client, groups_and_knockout):
    # In each group the better seed wins, by more as the gap in seeds grows: three wins, two, one, none, and no two
    # rows level on points. Then the top two of group A are made level: the result between them decides.
    for match in groups_and_knockout.matches.exclude(entry_b=None).select_related("entry_a", "entry_b"):
        a, b = match.entry_a.seed, match.entry_b.seed
        margin = 10 + abs(a - b)
        games = [(25, 25 - margin)] * 2 if a < b else [(25 - margin, 25)] * 2
        record_result(match, games, confirm=True)
    page = client.get(groups_and_knockout.get_absolute_url()).content.decode()
    assert "level on points" not in page
    group = groups_and_knockout.groups.get(number=1)
    ranked = [m.entry for m in sorted(group.members.select_related("entry"), key=lambda m: m.entry.seed)]
    first, last = ranked[0], ranked[-1]
    # The last beats the first: the first two have two wins each (the first beat the second), so do the last two.
    upset = groups_and_knockout.matches.get(group=group, entry_a__in=[first, last], entry_b__in=[first, last])
    games = [(0, 25), (0, 25)] if upset.entry_a_id == first.pk else [(25, 0), (25, 0)]
    record_result(upset, games, confirm=True, correct=True)
    page = client.get(groups_and_knockout.get_absolute_url()).content.decode()
    first_name, second_name = escape(ranked[0].name), escape(ranked[1].name)
    assert f"{first_name} and {second_name} are level on points; separated by: Result between the tied players." in page


def test_tiebreak_notes_name_the_metric_between_rows_level_on_points():
    ann = Standing("a", "Ann", points=4, separated_by="")
    bob = Standing("b", "Bob", points=4, separated_by="net_score")
    cid = Standing("c", "Cid", points=2, separated_by="points")
    assert tiebreak_notes([ann, bob, cid]) == ["Ann and Bob are level on points; separated by: Net score."]
