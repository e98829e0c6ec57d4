"""GET /api/ratings/ and GET /api/ratings/<id>/ranking/."""

import pytest

from history.ratings.models import Rate, Rating
from tests.factories import EntryFactory, EventFactory, PlayerFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def rate(rating, player, day, value, deviation=100):
    return Rate.objects.create(
        rating=rating, player=player, date=day, rate=value, deviation=deviation, volatility="0.06"
    )


def test_ratings_are_listed_and_found_by_guid(api_client):
    wanted = Rating.objects.create(name="Europe", level="1", guid="a" * 32)
    Rating.objects.create(name="France", level="2")
    listed = api_client.get("/api/ratings/").json()["results"]
    assert {row["name"] for row in listed} == {"Europe", "France"}
    found = api_client.get("/api/ratings/", {"guid": "a" * 32}).json()["results"]
    assert [row["id"] for row in found] == [wanted.pk]


def entered(*players, status="published"):
    """The players, each entered in a tournament of `status`."""
    event = EventFactory(tournament=TournamentFactory(status=status))
    for player in players:
        EntryFactory(event=event, members=[player])
    return players


def test_the_ranking_is_each_players_latest_rate_highest_first(api_client):
    rating = Rating.objects.create(name="Europe", level="1")
    zed, amy, bob, cat = entered(*(PlayerFactory(first_name=name) for name in ("Zed", "Amy", "Bob", "Cat")))
    rate(rating, bob, "2024-02-01", 1600)
    rate(rating, zed, "2024-02-01", 1600)
    rate(rating, cat, "2024-01-01", 1700)  # cat's older rate, higher, does not count
    rate(rating, cat, "2024-03-01", 1600)
    rate(rating, amy, "2024-02-01", 1650)
    rate(Rating.objects.create(name="Other", level="2"), amy, "2024-05-01", 2000)  # another rating
    rows = api_client.get(f"/api/ratings/{rating.pk}/ranking/").json()["results"]
    # SoL 5.26's Rating.ranking on the same rates gives Amy, then the 1600s by player id: Zed, Bob, Cat.
    assert [(row["player"]["first_name"], row["rate"], row["rates_count"]) for row in rows] == [
        ("Amy", 1650, 1),
        ("Zed", 1600, 1),
        ("Bob", 1600, 1),
        ("Cat", 1600, 2),
    ]
    assert set(rows[0]["player"]) == {"id", "guid", "first_name", "last_name"}
    assert (rows[0]["deviation"], rows[0]["volatility"]) == (100, "0.06000")


def test_the_ranking_leaves_out_a_player_entered_only_in_a_draft_but_for_its_officials(api_client, secretary):
    rating = Rating.objects.create(name="Europe", level="1")
    (shown,) = entered(PlayerFactory(first_name="Shown"))
    (hidden,) = entered(PlayerFactory(first_name="Hidden"), status="draft")
    rate(rating, shown, "2024-02-01", 1600)
    rate(rating, hidden, "2024-02-01", 1700)
    url = f"/api/ratings/{rating.pk}/ranking/"
    assert [row["player"]["first_name"] for row in api_client.get(url).json()["results"]] == ["Shown"]
    hidden.entries.get().event.tournament.secretaries.add(secretary)
    api_client.force_authenticate(secretary)
    assert [row["player"]["first_name"] for row in api_client.get(url).json()["results"]] == ["Hidden", "Shown"]


def test_an_unknown_rating_is_404(api_client):
    assert api_client.get("/api/ratings/999/ranking/").status_code == 404


def test_ratings_are_read_only(api_client, secretary):
    api_client.force_authenticate(secretary)
    assert api_client.post("/api/ratings/", {"name": "New"}).status_code == 405
