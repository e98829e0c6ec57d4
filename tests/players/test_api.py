"""Players' schedules over the API: by player id for anyone who may view the tournament, by
the personal token with the player's notifications."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches.scoring.services import record_result
from players.links import personal_token
from stages.models import Match
from tests.factories import NotificationFactory, TournamentFactory, UserFactory
from tests.player_helpers import at, many_matches, play, player_world

pytestmark = pytest.mark.django_db


def by_id(tournament, player):
    return f"/api/tournaments/{tournament.slug}/players/{player.pk}/schedule/"


def by_token(tournament, player):
    return f"/api/tournaments/{tournament.slug}/me/{personal_token(tournament, player)}/"


@pytest.fixture
def world(tournament):
    return player_world(tournament, user=UserFactory())


def test_schedule_by_player_id_for_anyone(api_client, tournament, world):
    umpire = UserFactory(first_name="Ravi", last_name="Kumar")
    nxt = play(
        world.doubles_stage,
        world.doubles,
        1,
        side="b",
        table=4,
        planned_at=at(0, 30),
        umpire=umpire,
        status=Match.Status.CALLED,
        report_deadline=at(0, 45),
    )
    old = play(world.singles_stage, world.singles, 1)
    record_result(old, [(25, 10), (3, 25), (25, 20)], confirm=True)
    response = api_client.get(by_id(tournament, world.player))
    assert response.status_code == 200
    body = response.json()
    assert body["player"]["name"] == "Asha Rao" and body["tournament"]["slug"] == tournament.slug
    assert [(e["event"]["kind"], e["name"]) for e in body["entries"]] == [
        ("doubles", "Asha Rao & Bina Shah"),
        ("singles", "Asha Rao"),
    ]
    n = body["next_match"]
    assert (n["id"], n["table"], n["side"], n["umpire"], n["status"]) == (nxt.pk, 4, "b", "Ravi Kumar", "called")
    assert n["opponent"]["name"] == nxt.entry_a.name and n["entry"]["id"] == world.doubles.pk
    assert n["planned_at"] == "2026-12-05T09:30:00Z" and n["report_deadline"] == "2026-12-05T09:45:00Z"
    assert n["late_arrival_law"] == "ICF 143(i)" and n["reported_at"] is None and n["clock"] is None
    [result] = body["results"]
    assert (result["score"], result["outcome"], result["final"], result["games_for"], result["points_for"]) == (
        "2–1 (53–55)",
        "won",
        True,
        2,
        53,
    )
    assert result["round"]["name"] == "Round 1" and result["stage"]["name"] == "Swiss"
    assert body["later"] == [] and "notifications" not in body  # notifications are personal


def test_personal_token_gives_the_same_schedule_and_the_notifications(api_client, tournament, world):
    play(world.singles_stage, world.singles, 1, table=1, planned_at=at(0))
    NotificationFactory(user=world.player.user, tournament=tournament, subject="Forfeit cancelled")
    public = api_client.get(by_id(tournament, world.player)).json()
    personal = api_client.get(by_token(tournament, world.player)).json()
    assert [n["subject"] for n in personal.pop("notifications")] == ["Forfeit cancelled"]
    assert personal == public


@pytest.mark.parametrize("token", ["nonsense", "1:AAAA", "1"])
def test_forged_token_is_a_404(api_client, tournament, world, token):
    response = api_client.get(f"/api/tournaments/{tournament.slug}/me/{token}/")
    assert response.status_code == 404 and "detail" in response.json()


def test_player_not_entered_or_unknown_is_a_404(api_client, tournament, world):
    stranger = player_world(TournamentFactory(status="published")).player
    assert api_client.get(by_id(tournament, stranger)).status_code == 404
    assert api_client.get(f"/api/tournaments/{tournament.slug}/players/999999/schedule/").status_code == 404


def test_draft_tournament_only_for_its_officials(api_client, tournament, secretary, world):
    tournament.status = "draft"
    tournament.save()
    assert api_client.get(by_id(tournament, world.player)).status_code == 404
    assert api_client.get(by_token(tournament, world.player)).status_code == 404
    api_client.force_authenticate(secretary)
    assert api_client.get(by_id(tournament, world.player)).status_code == 200


def test_read_only(api_client, tournament, secretary, world):
    api_client.force_authenticate(secretary)
    assert api_client.post(by_id(tournament, world.player), {}).status_code == 405
    assert api_client.delete(by_token(tournament, world.player)).status_code == 405


def test_api_query_count_does_not_grow_with_the_number_of_matches(api_client, tournament, world):
    url = by_token(tournament, world.player)  # makes the personal link: the request only reads it

    def count():
        with CaptureQueriesContext(connection) as queries:
            body = api_client.get(url).json()
        return len(queries), len(body["results"]) + len(body["later"]) + 1

    many_matches(world, 2)
    small, shown = count()
    assert shown == 4
    many_matches(world, 20)
    big, shown = count()
    assert shown == 44 and big == small
