"""The statistics pages: public as the tournament, names as the public sees them, linked from the pages that lead
to them."""

import pytest

from core import page_cache
from players.links import personal_link, personal_path
from stages.models import Match
from tests.factories import BoardFactory, MatchFactory, PlayerFactory, RoundFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def slam(tournament):
    """A confirmed match of a published round where A (the breaker) made a white slam (ICF 26(a))."""
    rnd = RoundFactory(stage__event__tournament=tournament, stage__event__name="Open singles")
    match = MatchFactory(round=rnd, status=Match.Status.CONFIRMED)
    return BoardFactory(
        match=match, breaker="A", winner="A", awarded_to="A", coins_left_of_loser=9, points=12,
        queen="covered_by_winner", slam="white",
    )  # fmt: skip


def names(board):
    return board.match.entry_a.members.get().player, board.match.entry_b.members.get().player


def test_the_event_page_lists_the_slam_and_the_leaderboard(client, tournament, slam):
    event = slam.match.stage.event
    page = client.get(f"/t/{tournament.slug}/events/{event.pk}/statistics/").content.decode()
    maker, other = names(slam)
    best = page.split('id="slams"')[1].split('id="leaderboard"')[0]
    assert "White slam" in best and maker.full_name in best and f"/matches/{slam.match_id}/" in best
    board = page.split('id="leaderboard"')[1]
    assert board.index(maker.full_name) < board.index(other.full_name)  # one board won, none
    assert f"/t/{tournament.slug}/statistics/players/{maker.pk}/" in board
    event_page = client.get(event.get_absolute_url()).content.decode()
    assert f"/t/{tournament.slug}/events/{event.pk}/statistics/" in event_page


def test_the_player_page_shows_their_slam_and_figures(client, tournament, slam):
    maker, other = names(slam)
    page = client.get(f"/t/{tournament.slug}/statistics/players/{maker.pk}/").content.decode()
    assert "White slam" in page and "1/1" in page and "12.0" in page  # won 1 of 1; 12 points per board won
    assert f"/archive/players/{maker.pk}/statistics/" in page
    other_page = client.get(f"/t/{tournament.slug}/statistics/players/{other.pk}/").content.decode()
    assert "No slam recorded yet." in other_page


def test_the_tournament_page_and_its_link(client, tournament, slam):
    page = client.get(f"/t/{tournament.slug}/statistics/").content.decode()
    assert slam.match.stage.event.name in page and "White slam" in page
    assert f"/t/{tournament.slug}/statistics/" in client.get(f"/t/{tournament.slug}/").content.decode()


def test_the_archive_page_across_tournaments_and_its_link(client, tournament, slam):
    maker, _ = names(slam)
    page = client.get(f"/archive/players/{maker.pk}/statistics/").content.decode()
    assert tournament.name in page and "White slam" in page
    assert f"/archive/players/{maker.pk}/statistics/" in client.get(f"/archive/players/{maker.pk}/").content.decode()


def test_a_private_name_stays_private(client, tournament, slam):
    maker, _ = names(slam)
    maker.publish_name = False
    maker.alias = "The Striker"
    maker.save()
    slam.match.entry_a.refresh_name()
    for url in (
        f"/t/{tournament.slug}/events/{slam.match.stage.event_id}/statistics/",
        f"/t/{tournament.slug}/statistics/players/{maker.pk}/",
        f"/archive/players/{maker.pk}/statistics/",
    ):
        page = client.get(url).content.decode()
        assert "The Striker" in page and maker.last_name not in page, url


def test_a_player_not_in_the_tournament_and_a_draft_are_not_found(client, tournament, slam):
    stranger = PlayerFactory()
    assert client.get(f"/t/{tournament.slug}/statistics/players/{stranger.pk}/").status_code == 404
    tournament.status = "draft"
    tournament.save()
    maker, _ = names(slam)
    assert client.get(f"/t/{tournament.slug}/statistics/").status_code == 404
    assert client.get(f"/archive/players/{maker.pk}/statistics/").status_code == 404


def test_the_players_personal_page_links_to_their_statistics(client, tournament, slam):

    maker, _ = names(slam)
    page = client.get(personal_path(tournament, personal_link(tournament, maker))).content.decode()
    assert f"/t/{tournament.slug}/statistics/players/{maker.pk}/" in page


@pytest.mark.usefixtures("page_cache")
def test_the_pages_are_cached_until_a_board_changes_them(client, tournament, slam, committed):
    maker, _ = names(slam)
    urls = [
        f"/t/{tournament.slug}/statistics/",
        f"/t/{tournament.slug}/events/{slam.match.stage.event_id}/statistics/",
        f"/t/{tournament.slug}/statistics/players/{maker.pk}/",
        f"/archive/players/{maker.pk}/statistics/",
    ]
    for url in urls:
        assert client.get(url)[page_cache.HIT_HEADER] == "miss", url
        assert client.get(url)[page_cache.HIT_HEADER] == "hit", url
    with committed():  # a black slam by A on a board B broke (ICF 26(b))
        BoardFactory(match=slam.match, breaker="B", winner="A", awarded_to="A", slam="black", queen="covered_by_loser")
    for url in urls:
        response = client.get(url)
        assert response[page_cache.HIT_HEADER] == "miss", url
        assert "Black slam" in response.content.decode(), url
