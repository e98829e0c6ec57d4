"""Pages that show one stage (core.page_stamps, `public_page(part=...)`): a result in a stage refreshes that stage's
pages, both players' personal pages and every page of the tournament that is not one stage's, and leaves the other
stages' pages cached; any other change of the tournament refreshes them all. Never a page served stale after a
change it shows.

Changes only count once committed, so they run under `committed()` (tests/conftest.py)."""

import pytest
from django.urls import reverse

from core import page_cache, page_stamps
from matches.scoring.services import record_result
from players.links import personal_token
from stages.models import Stage
from tests import factories as f
from tests.helpers import knockout
from tests.test_page_cache import fresh, timeless

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("page_cache")]


def served(client, url):
    return client.get(url)[page_cache.HIT_HEADER]


def stage_stamp(stage):
    return Stage.objects.get(pk=stage.pk).page_version


@pytest.fixture
def stages(tournament):
    """Two knockouts of the tournament, in two events: stage X, where the result comes in, and stage Y."""
    return knockout(tournament), knockout(tournament)


def test_a_result_in_one_stage_refreshes_its_pages_and_the_players_and_leaves_other_stages_cached(
    client, stages, committed, settings
):
    x, y = stages
    tournament = x.event.tournament
    match = x.matches.get(round__number=1, number=1)
    players = [match.entry_a.players.get(), match.entry_b.players.get()]
    personal = [f"/t/{tournament.slug}/me/{personal_token(tournament, player)}/" for player in players]
    refreshed = [x.get_absolute_url(), f"{x.get_absolute_url()}?fragment=1", *personal, tournament.get_absolute_url()]
    kept = [y.get_absolute_url(), f"{y.get_absolute_url()}?fragment=1"]
    for url in refreshed + kept:
        assert served(client, url) == "miss", url
        assert served(client, url) == "hit", url
    with committed():
        record_result(match, [(25, 10), (25, 4)], confirm=True)
    for url in kept:
        assert served(client, url) == "hit", url  # (by CachedPageMiddleware: the whole answer is still current)
    for url in refreshed:
        response = client.get(url)
        assert response[page_cache.HIT_HEADER] == "miss", url
        assert timeless(response.content) == fresh(client, url, settings), url
    assert str(match.entry_a) in client.get(x.get_absolute_url()).content.decode().split("Final")[-1]


def test_a_change_outside_the_stages_refreshes_every_stage_page(client, stages, committed):
    x, y = stages
    tournament = x.event.tournament
    urls = [x.get_absolute_url(), y.get_absolute_url()]
    for change in (
        lambda: f.VenueFactory(tournament=tournament),  # a row of the tournament in no stage
        lambda: page_cache.changed([tournament.pk]),  # a bulk write's service says so itself
        lambda: setattr(tournament, "name", "Renamed") or tournament.save(),
    ):
        for url in urls:
            client.get(url)
            assert served(client, url) == "hit", url
        with committed():
            change()
        for url in urls:
            assert served(client, url) == "miss", url


def test_a_result_and_a_change_of_the_whole_tournament_in_one_transaction_refresh_everything(client, stages, committed):
    x, y = stages
    for stage in stages:
        client.get(stage.get_absolute_url())
    with committed():
        record_result(x.matches.get(round__number=1, number=1), [(25, 10), (25, 4)], confirm=True)
        f.VenueFactory(tournament=x.event.tournament)
    assert served(client, x.get_absolute_url()) == "miss"
    assert served(client, y.get_absolute_url()) == "miss"


def test_a_stage_fed_by_another_is_stamped_with_it_and_a_third_is_not(tournament, stages, committed):
    """A knockout names the group places its entries come from (stages.stage_page.name_origins): a result in its
    source stage changes its page."""
    x, y = stages
    fed = Stage.objects.create(event=x.event, order=2, name="Finals", kind=Stage.Kind.KNOCKOUT, source=x)
    before = {stage.pk: stage_stamp(stage) for stage in (x, y, fed)}
    with committed():
        record_result(x.matches.get(round__number=1, number=1), [(25, 10), (25, 4)], confirm=True)
    assert stage_stamp(x) != before[x.pk] and stage_stamp(fed) != before[fed.pk]
    assert stage_stamp(y) == before[y.pk]


def test_the_stamps_of_another_tournaments_stages_are_left_alone(stages, committed):
    x, _ = stages
    elsewhere = knockout(f.TournamentFactory(status="published"))
    before = stage_stamp(elsewhere)
    with committed():
        x.event.tournament.save()
    assert stage_stamp(elsewhere) == before


def test_a_stage_page_under_another_tournaments_address_is_not_found(client, stages):
    x, _ = stages
    other = f.TournamentFactory(status="published")
    assert client.get(x.get_absolute_url()).status_code == 200
    assert client.get(x.get_absolute_url()).status_code == 200  # cached, whole answer kept
    assert client.get(f"/t/{other.slug}/stages/{x.pk}/").status_code == 404
    assert client.get(f"/t/{other.slug}/stages/{x.pk}/?fragment=1").status_code == 404


def test_the_standings_sheet_follows_its_stage_too(client, stages, committed):
    x, y = stages
    urls = {stage.pk: reverse("print-standings", args=[stage.event.tournament.slug, stage.pk]) for stage in stages}
    assert client.get(urls[x.pk]).status_code == 404  # a knockout has no standings: nothing kept
    stamp = page_stamps.page_version(x.event.tournament.slug, y.pk)
    assert stamp == (x.event.tournament_id, stage_stamp(y))


def test_every_row_in_a_stage_leads_to_its_tournament_through_its_stage():
    """A row's stage and its tournament must be the same stage's: its part path is the start of its tournament's."""
    assert page_stamps.IN_PART
    for model, part in page_stamps.IN_PART.items():
        assert page_stamps.WATCHED[model] == f"{part}__event__tournament", model
