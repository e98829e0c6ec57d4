"""The stage pages through the Django test client: a secretary builds, draws and runs stages; the public reads them."""

import random
import re

import pytest
from django.db.models import Q
from django.urls import reverse

from matches.scoring.services import record_result
from stages.models import Match, Round, Stage
from stages.services import draw_stage, pair_swiss_round, publish_round, publish_stage
from tests.factories import EntryFactory, EventFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def url(name, stage, *args):
    return reverse(name, args=[stage.event.tournament.slug, stage.pk, *args])


def stage_form(**values):
    data = {
        "name": "Stage",
        "order": 1,
        "kind": "groups",
        "grouping": "random",
        "pairing_method": "dazed",
        "delay_top_players": 0,
    }
    data.update(values)
    return {key: value for key, value in data.items() if value is not None}


@pytest.fixture
def event(tournament):
    event = EventFactory(tournament=tournament, rule_set="icf")
    for seed in range(1, 9):
        EntryFactory(event=event, seed=seed)
    return event


def open_matches(stage):
    return stage.matches.filter(status=Match.Status.SCHEDULED).exclude(entry_a=None).exclude(entry_b=None)


def test_secretary_runs_groups_then_knockout_and_the_public_sees_the_bracket(
    client, secretary, event, django_assert_max_num_queries
):
    client.force_login(secretary)
    event_page = client.get(event.get_absolute_url()).content.decode()
    create = reverse("stage-create", args=[event.tournament.slug, event.pk])
    assert create in event_page

    # Validation errors come back on the form.
    page = client.post(create, stage_form(name="Groups", kind="groups"))
    assert page.status_code == 200 and "Say how many groups to draw" in page.content.decode()
    response = client.post(create, stage_form(name="Groups", kind="groups", group_count=2, keep_apart=[]))
    groups = Stage.objects.get(event=event, name="Groups")
    assert response.status_code == 302 and response.url == groups.get_absolute_url()
    page = client.post(create, stage_form(name="Knockout", order=2, kind="knockout", source=groups.pk))
    assert "Say how many qualify from Groups" in page.content.decode()
    page = client.post(create, stage_form(name="Knockout", order=0, kind="knockout", source=groups.pk, qualifiers=2))
    assert "must be an earlier stage" in page.content.decode()
    client.post(create, stage_form(name="Knockout", order=2, kind="knockout", source=groups.pk, qualifiers=2))
    knockout = Stage.objects.get(event=event, name="Knockout")
    assert (knockout.source, knockout.qualifiers) == (groups, 2)
    assert "Knockout" in client.get(event.get_absolute_url()).content.decode()

    # Draw: a preview the public cannot see and no result can be entered into.
    client.post(url("stage-draw", groups))
    groups.refresh_from_db()
    assert groups.status == Stage.Status.DRAWN and groups.groups.count() == 2
    assert "Preview" in client.get(groups.get_absolute_url()).content.decode()
    match = open_matches(groups).first()
    page = client.post(url("match-result", groups, match.pk), {"games": "25-10, 25-12"})
    assert "is a preview: publish the draw" in page.content.decode()
    client.post(url("stage-publish", groups))
    assert not groups.rounds.filter(status=Round.Status.DRAFT).exists()

    # Bad scores: the form again with the message; nothing saved.
    page = client.post(url("match-result", groups, match.pk), {"games": "25 to 10"})
    assert page.status_code == 200 and "write each game as" in page.content.decode()
    page = client.post(url("match-result", groups, match.pk), {"games": "25-10"})
    assert "ICF 57" in page.content.decode()  # best of three: one game is not a match
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED

    # Every group match: the entry with the better seed wins in two games.
    for match in open_matches(groups).select_related("entry_a", "entry_b"):
        games = "25-10, 25-12" if match.entry_a.seed < match.entry_b.seed else "10-25, 12-25"
        response = client.post(url("match-result", groups, match.pk), {"games": games})
        assert response.status_code == 302, response.content.decode()
    # Finishing asks once more, on a page of its own.
    page = client.post(url("stage-finish", groups)).content.decode()
    assert "Finish Groups?" in page and 'name="confirm" value="1"' in page
    groups.refresh_from_db()
    assert groups.status == Stage.Status.DRAWN
    client.post(url("stage-finish", groups), {"confirm": "1"})
    groups.refresh_from_db()
    assert groups.status == Stage.Status.FINISHED

    client.post(url("stage-draw", knockout))
    client.post(url("stage-publish", knockout))
    client.logout()
    with django_assert_max_num_queries(12):
        page = client.get(knockout.get_absolute_url()).content.decode()
    assert "Semi final" in page and "Final" in page and "Preview" not in page
    # Each semi-finalist says where it came from: the group's letter and its place there.
    assert page.count('<abbr class="origin"') == 4
    for origin in ("A1", "A2", "B1", "B2"):
        assert f">{origin}</abbr>" in page
    winners = {members.order_by("entry__seed").first().entry for members in (g.members for g in groups.groups.all())}
    for semi in knockout.matches.filter(round__number=1):
        assert (semi.entry_a in winners) != (semi.entry_b in winners)  # winners meet runners-up
        assert semi.entry_a.name in page and semi.entry_b.name in page
    with django_assert_max_num_queries(14):
        page = client.get(groups.get_absolute_url()).content.decode()
    assert "Group A" in page and "Results grid" in page and "2–0 (50–22)" in page


def test_walkover_from_the_result_page(client, secretary, event):
    stage = Stage.objects.create(event=event, name="KO", kind="knockout")
    draw_stage(stage)
    stage.rounds.update(status=Round.Status.PUBLISHED)
    client.force_login(secretary)
    match = stage.matches.get(round__number=1, number=1)
    assert "Walkover" in client.get(url("match-result", stage, match.pk)).content.decode()
    page = client.post(url("match-result", stage, match.pk), {"games": "25-3", "absent": "b"})
    assert "A walkover has no game scores" in page.content.decode()
    client.post(url("match-result", stage, match.pk), {"absent": "b"})
    match.refresh_from_db()
    assert (match.status, match.winner_id) == (Match.Status.WALKOVER, match.entry_a_id)
    page = client.get(stage.get_absolute_url()).content.decode()
    assert page.count("W/O") == 1  # the bracket box marks the side that did not play (ICF 143)
    assert "w/o" not in page


def test_other_secretaries_get_403_and_anonymous_users_are_sent_to_log_in(client, event):
    stage = Stage.objects.create(event=event, name="Groups", kind="groups", group_count=2)
    client.force_login(UserFactory(secretary=True))
    assert client.get(reverse("stage-create", args=[event.tournament.slug, event.pk])).status_code == 403
    assert client.post(url("stage-draw", stage)).status_code == 403
    assert client.get(url("stage-edit", stage)).status_code == 403
    assert client.get(stage.get_absolute_url()).status_code == 200  # reading is public
    client.logout()
    response = client.post(url("stage-draw", stage))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert client.get(url("stage-draw", stage)).status_code == 302
    stage.refresh_from_db()
    assert stage.status == Stage.Status.PENDING


def test_draft_tournament_stages_are_hidden_from_the_public(client, event):
    event.tournament.status = "draft"
    event.tournament.save()
    stage = Stage.objects.create(event=event, name="Groups", kind="groups", group_count=2)
    assert client.get(stage.get_absolute_url()).status_code == 404


def swiss_stage(event):
    return Stage.objects.create(event=event, name="Swiss", kind="swiss", rounds_planned=3)


def test_anonymous_users_see_published_swiss_rounds_but_not_a_preview(client, secretary, event):
    stage = swiss_stage(event)
    client.force_login(secretary)
    client.post(url("stage-draw", stage))
    rnd = stage.rounds.get()
    client.logout()
    page = client.get(stage.get_absolute_url()).content.decode()
    assert "Round 1" not in page and "Preview" not in page
    publish_round(rnd)
    page = client.get(stage.get_absolute_url()).content.decode()
    assert "Round 1" in page and "Preview" not in page
    match = rnd.matches.first()
    client.force_login(secretary)
    client.post(url("match-result", stage, match.pk), {"games": "25-3, 25-7"})
    client.logout()
    page = client.get(stage.get_absolute_url()).content.decode()
    assert "Buchholz" in page and match.entry_a.name in page


def test_the_swiss_stage_page_pairs_the_latest_round_and_links_the_earlier_ones(client, secretary, event):
    stage = swiss_stage(event)
    publish_round(pair_swiss_round(stage))
    for match in stage.matches.exclude(status="bye"):
        record_result(match, [(25, 3), (25, 7)], confirm=True)
    second = publish_round(pair_swiss_round(stage))
    page = client.get(stage.get_absolute_url()).content.decode()
    latest, earlier = page.split('class="earlier-rounds"')
    assert 'id="round-2"' in latest and 'id="round-1"' not in page
    assert all(f'id="match-{m.pk}"' in latest for m in second.matches.all())
    assert f'href="/t/{event.tournament.slug}/rounds/{stage.rounds.get(number=1).pk}/">Round 1</a>' in earlier


def test_deleting_a_round_with_results_needs_a_second_confirmation(client, secretary, event):
    stage = swiss_stage(event)
    client.force_login(secretary)
    client.post(url("stage-draw", stage))
    client.post(url("stage-publish", stage), {"round": stage.rounds.get().pk})
    match = stage.matches.first()
    client.post(url("match-result", stage, match.pk), {"games": "25-3, 25-7"})

    page = client.post(url("stage-delete-round", stage))
    assert page.status_code == 200
    text = page.content.decode()
    assert "confirm again" in text and 'name="confirm_results" value="1"' in text
    assert stage.rounds.count() == 1
    response = client.post(url("stage-delete-round", stage), {"confirm_results": "1"})
    assert response.status_code == 302 and stage.rounds.count() == 0

    # A round without results goes at the first request; with no round left, the message says so.
    client.post(url("stage-draw", stage))
    assert client.post(url("stage-delete-round", stage)).status_code == 302 and stage.rounds.count() == 0
    page = client.post(url("stage-delete-round", stage), follow=True).content.decode()
    assert "There is no round to delete" in page


def test_swap_in_a_preview_round_warns_about_a_rematch(client, secretary, event):
    stage = swiss_stage(event)
    first = draw_stage(stage, random.Random(2))
    publish_round(first)
    for match in first.matches.all():
        match.status, match.winner_id, match.score_a, match.score_b = "confirmed", match.entry_a_id, 25, 3
        match.save()
    client.force_login(secretary)
    client.post(url("stage-pair", stage))
    second = stage.rounds.get(number=2)
    assert second.status == Round.Status.DRAFT
    page = client.get(stage.get_absolute_url()).content.decode()
    assert "Swap players" in page and "Publish round 2" in page

    opponent = {}
    for match in first.matches.all():
        opponent[match.entry_a_id], opponent[match.entry_b_id] = match.entry_b_id, match.entry_a_id
    one = second.matches.get(number=1)
    old = opponent[one.entry_a_id]
    other = second.matches.get(Q(entry_a=old) | Q(entry_b=old))
    side = "a" if other.entry_a_id == old else "b"
    page = client.post(
        url("stage-swap", stage),
        {"round": second.pk, "first": f"{one.pk}:b", "second": f"{other.pk}:{side}"},
        follow=True,
    ).content.decode()
    assert "Swapped." in page and "Rematch:" in page
    one.refresh_from_db()
    assert one.entry_b_id == old

    page = client.post(
        url("stage-swap", stage), {"round": second.pk, "first": f"{one.pk}:b", "second": f"{one.pk}:b"}, follow=True
    ).content.decode()
    assert "Pick two different places" in page


def test_a_groups_draw_is_deleted_whole_after_a_second_confirmation_and_can_be_drawn_again(
    client, tournament, secretary
):
    from matches.scoring.services import record_result

    event = EventFactory(tournament=tournament, rule_set="ecc")
    for _ in range(4):
        EntryFactory(event=event)
    stage = Stage.objects.create(event=event, name="Groups", kind="groups", group_count=2)
    draw_stage(stage)
    publish_stage(stage)
    record_result(stage.matches.exclude(entry_b=None).first(), [(25, 4)], confirm=True)
    client.force_login(secretary)
    url = reverse("stage-delete-round", args=[tournament.slug, stage.pk])
    page = client.post(url)
    assert "Delete the whole draw?" in page.content.decode()
    assert stage.matches.count() > 0
    client.post(url, {"confirm_results": "1"})
    stage.refresh_from_db()
    assert (stage.status, stage.groups.count(), stage.matches.count()) == ("pending", 0, 0)
    draw_stage(stage)
    assert stage.groups.count() == 2


def test_a_draw_a_later_stage_was_drawn_from_is_refused_without_asking_to_confirm(
    client, tournament, secretary, groups_feeding_a_drawn_knockout
):
    """Confirming again cannot help here: the page says what to do instead of offering a second confirmation."""
    groups = groups_feeding_a_drawn_knockout
    client.force_login(secretary)
    page = client.post(reverse("stage-delete-round", args=[tournament.slug, groups.pk]), follow=True)
    text = page.content.decode()
    assert "Delete the whole draw?" not in text and "delete that draw first" in text
    assert groups.matches.count() > 0


def test_a_preview_offers_publish_at_the_top_and_never_finish(client, secretary, event):
    client.force_login(secretary)
    stage = Stage.objects.create(event=event, name="Groups", order=1, kind="groups", group_count=2)
    client.post(url("stage-draw", stage))
    page = client.get(stage.get_absolute_url()).content.decode()
    publish = url("stage-publish", stage)
    assert page.count(f'action="{publish}"') == 2  # above the pairings and among the actions below them
    assert page.index(f'action="{publish}"') < page.index("Group A")
    assert url("stage-finish", stage) not in page  # a preview is published or deleted, never finished
    client.post(publish)
    page = client.get(stage.get_absolute_url()).content.decode()
    assert url("stage-finish", stage) in page and f'action="{publish}"' not in page


def test_the_stage_form_marks_each_option_with_the_kinds_it_applies_to(client, secretary, event):
    client.force_login(secretary)
    page = client.get(reverse("stage-create", args=[event.tournament.slug, event.pk])).content.decode()
    assert 'data-kinds="swiss"><label for="id_rounds_planned"' in page.replace("\n", "")
    assert 'data-kinds="groups round_robin"><label for="id_double_round_robin"' in page.replace("\n", "")
    assert 'data-kinds="knockout"><label for="id_third_place_match"' in page.replace("\n", "")
    assert "js/stage-form.js" in page
    # An option of every kind, such as the games per match, is never hidden.
    assert '<div class="field"><label for="id_games_per_match"' in page.replace("\n", "")


def test_a_swiss_stage_set_on_the_form_keeps_compatriots_apart_in_its_first_rounds(client, secretary, tournament):
    event = EventFactory(tournament=tournament, rule_set="ecc")
    for rating, country in ((2000, "IND"), (1900, "FRA"), (1800, "IND"), (1700, "FRA")):
        EntryFactory(event=event, members=[PlayerFactory(rating=rating, country=country)])
    client.force_login(secretary)
    create = reverse("stage-create", args=[event.tournament.slug, event.pk])
    page = client.get(create).content.decode().replace("\n", "")
    assert 'data-kinds="swiss"><label for="id_delay_compatriots"' in page
    assert 'data-kinds="swiss"><label for="id_delay_club_mates"' in page
    form = stage_form(kind="swiss", rounds_planned=3, first_round_by_rating="on", delay_compatriots=1)
    assert client.post(create, form).status_code == 302
    stage = Stage.objects.get(event=event)
    assert (stage.delay_compatriots, stage.delay_club_mates) == (1, 0)  # left empty: no delay
    # Dazed pairs 1st-3rd and 2nd-4th by rating: the two Indians, the two French. Kept apart, the 1st tries the 4th
    # before its compatriot (the country of an entry is its first member's, as SoL takes its first player's).
    client.post(url("stage-draw", stage))
    pairs = stage.matches.order_by("number").values_list("entry_a__players__rating", "entry_b__players__rating")
    assert list(pairs) == [(2000, 1700), (1900, 1800)]


def test_a_drawn_group_ranks_nobody_before_its_first_result(client, secretary, event):
    client.force_login(secretary)
    stage = Stage.objects.create(event=event, name="Groups", order=1, kind="groups", group_count=2)
    draw_stage(stage)
    publish_stage(stage)
    page = client.get(stage.get_absolute_url()).content.decode()
    assert '<td class="num">1</td>' not in page and page.count('<td class="num">–</td>') == 8
    match = open_matches(stage).select_related("entry_a").first()
    record_result(match, [(25, 10), (25, 12)], confirm=True)
    page = client.get(stage.get_absolute_url()).content.decode()
    assert '<td class="num">1</td>' in page  # the first result ranks the group


def test_the_public_stage_page_refreshes_its_standings_by_itself(client, secretary, event):
    stage = Stage.objects.create(event=event, name="Groups", order=1, kind="groups", group_count=2)
    draw_stage(stage)
    publish_stage(stage)
    page = client.get(stage.get_absolute_url()).content.decode()
    live_url = f"{stage.get_absolute_url()}?fragment=1"
    assert f'data-live-url="{live_url}"' in page
    version = re.search(r'data-live-version="([0-9a-f]+)"', page)[1]
    # Nothing changed: 204. A result: the new standings, with their new version.
    assert client.get(live_url, HTTP_X_LIVE_VERSION=version).status_code == 204
    record_result(open_matches(stage).first(), [(25, 10), (25, 12)], confirm=True)
    fresh = client.get(live_url, HTTP_X_LIVE_VERSION=version)
    assert fresh.status_code == 200 and fresh["X-Live-Version"] != version
    assert '<td class="num">1</td>' in fresh.content.decode() and "<html" not in fresh.content.decode()
    client.force_login(secretary)  # the secretary's page has forms in it: it is not replaced under their hands
    assert "data-live-url" not in client.get(stage.get_absolute_url()).content.decode()
