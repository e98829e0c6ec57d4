"""Two officials recording at once (one wins, the other gets 409 with the match as it stands), and two workers
applying the same rest deadline at once (the match is lost once), on two real PostgreSQL connections."""

import os
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from matches.conduct import rest
from matches.conduct.models import MatchLoss, RestInterval
from matches.models import ResultChange
from stages.models import Match
from tests.matches.conduct.conftest import match_in_play, player_of

ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
pytestmark = [
    pytest.mark.skipif(not ON_POSTGRES, reason="needs two real PostgreSQL connections (DATABASE_URL)"),
    pytest.mark.django_db(transaction=True),
]


def at_once(*calls):
    """Run each call in its own thread (its own connection), released together; their results in order."""
    barrier, results = threading.Barrier(len(calls)), [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait(timeout=10)
            results[index] = call()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


def test_two_officials_record_a_loss_at_once(tournament, umpire, chief):
    match = match_in_play(tournament, umpire=umpire)
    url = reverse("api-match-conduct-losses", kwargs={"tournament_slug": tournament.slug, "match_id": match.pk})

    def record(user, side, clause):
        client = APIClient()
        client.force_authenticate(user)
        return client.post(url, {"player": player_of(match, side).pk, "clause": clause}, format="json")

    answers = at_once(lambda: record(umpire, "a", "left_board_area"), lambda: record(chief, "b", "intoxication"))
    assert sorted(a.status_code for a in answers) == [200, 409]
    won = next(a for a in answers if a.status_code == 200).json()["loss"]
    lost = next(a for a in answers if a.status_code == 409).json()
    assert lost["state"]["loss"] == won  # the second gets the match as it stands
    assert MatchLoss.objects.count() == 1
    assert ResultChange.objects.filter(match=match, what=ResultChange.What.WALKOVER).count() == 1


def test_two_workers_apply_one_rest_deadline_once(tournament, umpire):
    match = match_in_play(tournament, umpire=umpire)
    deadline = timezone.now() - timedelta(minutes=1)
    RestInterval.objects.create(match=match, started_at=deadline - timedelta(minutes=10), ends_at=deadline,
                                back_a_at=deadline - timedelta(minutes=2))  # fmt: skip
    Match.objects.filter(pk=match.pk).update(rest_deadline=deadline)
    now = timezone.now()
    assert sorted(at_once(lambda: rest.apply_rest_deadlines(now), lambda: rest.apply_rest_deadlines(now))) == [0, 1]
    assert MatchLoss.objects.get().law == "ICF 143(b)"
    assert ResultChange.objects.filter(match=match, what=ResultChange.What.WALKOVER).count() == 1
