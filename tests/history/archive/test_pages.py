"""The public archive's pages: players, head-to-head, clubs, rating and championship rankings, and their cache."""

from datetime import date

import pytest

from core.page_cache import HIT_HEADER
from history.championships.models import Championship, Prize
from history.ratings.models import Rate
from history.ratings.services import recompute_all
from tests.factories import ClubFactory, EntryFactory, EventFactory, TournamentFactory
from tests.history.ratings.cases import history
from tournaments.models import Player, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def archive():
    people, national = history()
    Tournament.objects.update(status=Tournament.Status.FINISHED)
    recompute_all()
    return people, national


def test_the_archive_is_in_the_sites_navigation(client):
    assert 'href="/archive/"' in client.get("/").content.decode()


def test_a_players_page_lists_tournaments_results_and_draws_the_rating_history(client, archive):
    people, national = archive
    page = client.get(f"/archive/players/{people['a'].pk}/").content.decode()
    # a: two tournaments; beat b, c and e in the Swiss rounds, lost the final to c, drew with f, beat g.
    # One line per rating: the historical one (one rate) and the national one (two rates).
    assert page.count("<polyline") == 2 and page.count('r="3"') == 3
    assert "Won 4 · drawn 1 · lost 1" in page
    assert "1876" in page  # the latest rate
    assert f'value="{people["c"].pk}"' in page  # c is in the head-to-head picker


def test_a_player_without_rates_has_no_chart(client, archive):
    lonely = Player.objects.create(first_name="Nobody", last_name="Else")
    EntryFactory(event=EventFactory(tournament=TournamentFactory(status="published")), members=[lonely])
    page = client.get(f"/archive/players/{lonely.pk}/").content.decode()
    assert "rating-chart" not in page and "No rating yet." in page


def test_head_to_head_counts_only_matches_between_the_two(client, archive):
    people, _ = archive
    response = client.get(f"/archive/players/{people['a'].pk}/vs/", {"opponent": people["c"].pk})
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    # a beat c 25-0 in the Swiss rounds, c won the final 16-10.
    assert "Won 1 · drawn 0 · lost 1" in page
    assert "25–0" in page and "10–16" in page


def test_a_bad_opponent_goes_back_to_the_player(client, archive):
    people, _ = archive
    response = client.get(f"/archive/players/{people['a'].pk}/vs/", {"opponent": "x"})
    assert response.status_code == 302 and response["Location"] == f"/archive/players/{people['a'].pk}/"


def test_the_rating_ranking_filters_by_country_sex_and_age(client, archive):
    people, national = archive
    Player.objects.filter(pk=people["c"].pk).update(country="FRA", sex="F", date_of_birth=date(2015, 1, 1))
    whole = client.get(f"/archive/ratings/{national.pk}/").content.decode()
    assert whole.index(people["a"].full_name) < whole.index(people["f"].full_name)
    for query in ({"country": "FRA"}, {"sex": "F"}, {"age": "cadet"}):
        page = client.get(f"/archive/ratings/{national.pk}/", query).content.decode()
        assert people["c"].full_name in page and people["a"].full_name not in page, query
    page = client.get(f"/archive/ratings/{national.pk}/", {"age": "veteran"}).content.decode()
    assert "No player of this rating matches these filters." in page


def test_unknown_filter_values_are_ignored(client, archive):
    _, national = archive
    assert client.get(f"/archive/ratings/{national.pk}/", {"sex": "Z", "page": "x"}).status_code == 200


def test_a_club_page_lists_its_players(client, archive):
    people, _ = archive
    club = people["a"].club
    page = client.get(f"/archive/clubs/{club.pk}/").content.decode()
    assert people["a"].full_name in page


def test_a_championship_ranking(client, archive):
    people, _ = archive
    club = ClubFactory()
    championship = Championship.objects.create(name="Season", club=club)
    for tournament in Tournament.objects.all():
        championship.tournaments.add(tournament)
        event = tournament.events.get()
        for place, entry in enumerate(event.entries.order_by("pk")[:2], start=1):
            Prize.objects.create(event=event, entry=entry, place=place, amount=20 - place)
    page = client.get(f"/archive/championships/{championship.pk}/").content.decode()
    assert "Season" in page and people["a"].full_name in page


def test_search_finds_players_by_name(client, archive):
    people, _ = archive
    page = client.get("/archive/", {"q": people["g"].last_name}).content.decode()
    assert f"/archive/players/{people['g'].pk}/" in page


def test_missing_rows_are_404(client, db):
    for url in ("/archive/players/9999/", "/archive/clubs/9999/", "/archive/ratings/9999/"):
        assert client.get(url).status_code == 404


def test_pages_are_cached_until_the_rates_change(client, archive, page_cache):
    people, national = archive
    url = f"/archive/ratings/{national.pk}/"
    assert client.get(url)[HIT_HEADER] == "miss"
    assert client.get(url)[HIT_HEADER] == "hit"
    Rate.objects.filter(rating=national).first().delete()
    assert client.get(url)[HIT_HEADER] == "miss"
