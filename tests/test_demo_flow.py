"""The demo's Eurocup event is played from the pages — round drawn and scheduled, round
called (ECC "Start" starts the clock), a score card filled board by board, results entered, standings updated, the
next round paired, score cards printed."""

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from matches.scheduling.models import RoundClock
from stages.models import Match, Stage
from stages.selectors import stage_standings
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def board(game, number, winner="A", coins=9, queen="covered_by_winner"):
    return {
        "action": "board",
        "board-game": game,
        "board-board": number,
        "board-winner": winner,
        "board-coins_left_of_loser": coins,
        "board-queen": queen,
        "board-loser_outstanding_dues": 0,
        "board-stroke": "proper",
    }


def test_a_demo_swiss_round_is_played_from_the_pages(client):
    call_command("load_demo", stdout=open("/dev/null", "w"))
    event = Event.objects.get(tournament__slug="eurocup-demo-2026", name="Eurocup singles")
    slug = event.tournament.slug
    client.force_login(event.tournament.secretaries.get(username="secretary"))

    # The demo's Swiss stage waits, ready to pair: the secretary's first tap is "Pair round 1".
    stage = Stage.objects.get(event=event, kind=Stage.Kind.SWISS)
    assert (stage.status, stage.rounds_planned) == (Stage.Status.PENDING, 5)
    stage_url = lambda name: reverse(name, args=[slug, stage.pk])  # noqa: E731
    assert "Pair round 1" in client.get(stage.get_absolute_url()).content.decode()
    client.post(stage_url("stage-draw"))
    client.post(stage_url("stage-publish"))
    first_round = stage.rounds.get(number=1)

    round_url = lambda name, rnd=first_round: reverse(name, args=[slug, rnd.pk])  # noqa: E731
    start = timezone.localtime() + timezone.timedelta(minutes=10)
    response = client.post(
        round_url("round-schedule"), {"start": start.strftime("%Y-%m-%dT%H:%M"), "keep_tables": "on"}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert not first_round.matches.exclude(entry_b=None).filter(table=None).exists()
    client.post(round_url("round-call"))
    assert RoundClock.objects.filter(round=first_round).exists()  # ECC 39: "Start" starts the 50 + 7 minutes
    assert not first_round.matches.exclude(entry_b=None).exclude(status=Match.Status.CALLED).exists()
    page = client.get(round_url("round-detail")).content.decode()
    assert "first bell" in page.lower()

    # One match board by board on the score card page, until the rules app ends it; then confirmed.
    matches = list(first_round.matches.exclude(entry_b=None).select_related("entry_a", "entry_b").order_by("table"))
    carded = matches[0]
    card_url = reverse("match-card", args=[slug, carded.pk])
    for number in range(1, 9):
        response = client.post(card_url, board(1, number))
        assert response.status_code == 302, response.content.decode()[:2000]
        carded.refresh_from_db()
        if carded.status == Match.Status.FINISHED:
            break
    assert carded.status == Match.Status.FINISHED and carded.winner_id == carded.entry_a_id
    client.post(card_url, {"action": "confirm"})
    carded.refresh_from_db()
    assert carded.status == Match.Status.CONFIRMED

    # The other matches: final scores on the result page; the higher seed... whoever is A wins 25-7.
    for match in matches[1:]:
        response = client.post(reverse("match-result", args=[slug, stage.pk, match.pk]), {"games": "25-7"})
        assert response.status_code == 302, response.content.decode()[:2000]

    # Standings follow: every A side has won one match.
    page = client.get(stage.get_absolute_url()).content.decode()
    assert carded.entry_a.name in page
    rows = {row.id: row for row in stage_standings(stage)}
    assert all(rows[m.entry_a_id].wins == 1 for m in matches)

    # Next round paired and published; its score cards print.
    client.post(stage_url("stage-pair"))
    client.post(stage_url("stage-publish"))
    second = stage.rounds.get(number=2)
    assert second.matches.count() == len(matches) + (1 if first_round.matches.filter(entry_b=None).exists() else 0)
    pdf = client.get(reverse("print-round-score-cards", args=[slug, second.pk]))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
