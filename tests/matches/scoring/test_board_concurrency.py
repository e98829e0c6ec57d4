"""Two umpires submitting the same board: one succeeds, the other gets 409 with the card as it
stands; no lost update, no board entered twice."""

import os
import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from matches.scoring.models import Board
from tests.factories import UserFactory
from tests.helpers import make_match, win

ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))


def url(match):
    return f"/api/tournaments/{match.stage.event.tournament.slug}/matches/{match.pk}/boards/"


def two_umpires(tournament):
    first, second = UserFactory(), UserFactory()
    tournament.chief_referees.add(second)  # a chief referee may write any card (scoring.permissions.can_score)
    match = make_match(tournament, umpire=first)
    return match, first, second


def post_board(user, match, board):
    client = APIClient()
    client.force_authenticate(user)
    return client.post(url(match), {"game": 1, "board": 1, **board}, format="json")


@pytest.mark.django_db
def test_the_second_entry_of_a_board_gets_409_with_the_card(tournament):
    match, first, second = two_umpires(tournament)
    assert post_board(first, match, win("A", 5)).status_code == 201
    response = post_board(second, match, win("B", 3))
    assert response.status_code == 409
    assert "already on the card" in response.data["board"][0]
    assert response.data["games"][0]["boards"][0]["winner"] == "A"  # the current state, the first entry's board
    assert response.data["announcements"]["next_board"] == 2
    assert Board.objects.filter(match=match).count() == 1


@pytest.mark.skipif(not ON_POSTGRES, reason="needs two real PostgreSQL connections (DATABASE_URL)")
@pytest.mark.django_db(transaction=True)
def test_two_umpires_at_once_on_two_postgresql_connections(tournament):
    match, first, second = two_umpires(tournament)
    barrier = threading.Barrier(2)
    responses = {}

    def submit(user, board):
        try:
            barrier.wait(timeout=10)
            responses[user.pk] = post_board(user, match, board)
        finally:
            connection.close()  # each thread has its own connection

    threads = [
        threading.Thread(target=submit, args=(first, win("A", 5))),
        threading.Thread(target=submit, args=(second, win("B", 3))),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    statuses = sorted(r.status_code for r in responses.values())
    assert statuses == [201, 409]
    winner = next(r for r in responses.values() if r.status_code == 201)
    loser = next(r for r in responses.values() if r.status_code == 409)
    stored = Board.objects.get(match=match)
    assert stored.winner == winner.data["games"][0]["boards"][0]["winner"]
    assert loser.data["games"][0]["boards"][0]["winner"] == stored.winner  # the 409 shows what won
