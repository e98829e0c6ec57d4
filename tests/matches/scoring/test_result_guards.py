"""Final results and board entries that must not be taken as they come: a final score no game can end with
(ICF 55, 56(a)), a second final result over a confirmed one, the same unnumbered board sent twice."""

import re

import pytest

from matches.scoring.models import Board, Game
from matches.scoring.services import ServiceError, record_result
from stages.models import Match
from tests.helpers import make_match, win

pytestmark = pytest.mark.django_db


def result_url(match):
    return f"/api/tournaments/{match.stage.event.tournament.slug}/matches/{match.pk}/result/"


def page_url(match):
    slug = match.stage.event.tournament.slug
    return f"/t/{slug}/stages/{match.stage.pk}/matches/{match.pk}/result/"


def boards_url(match):
    return f"/api/tournaments/{match.stage.event.tournament.slug}/matches/{match.pk}/boards/"


# ---------------------------------------------------------------- (a) a score the boards cannot give


def test_icf_55_56a_999_0_final_score_refused_by_service_api_and_page(api_client, client, tournament, secretary):
    match = make_match(tournament)
    with pytest.raises(ServiceError) as error:
        record_result(match, [(999, 0), (999, 0)], confirm=True)
    assert error.value.field == "games" and "ICF 56" in error.value.message
    api_client.force_authenticate(secretary)
    response = api_client.post(result_url(match), {"games": [[999, 0], [999, 0]]}, format="json")
    assert response.status_code == 400 and "ICF 55" in response.json()["games"][0]
    client.force_login(secretary)
    page = client.post(page_url(match), {"games": "999-0, 999-0"})
    assert page.status_code == 200 and "ICF 56" in page.content.decode()
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED and not Game.objects.filter(match=match).exists()


def test_icf_56b_from_quarter_finals_a_game_is_won_at_25(tournament):
    from tests.helpers import knockout

    stage = knockout(tournament, size=8)
    quarter = stage.matches.filter(round__number=1).first()
    with pytest.raises(ServiceError) as error:
        record_result(quarter, [(20, 10), (20, 10)], confirm=True)
    assert "25 points" in error.value.message
    record_result(quarter, [(25, 10), (25, 12)], confirm=True)


# ---------------------------------------------------------------- (c) a result over a confirmed one


def test_second_result_over_a_confirmed_one_is_409_unless_a_correction(api_client, tournament, secretary):
    match = make_match(tournament)
    api_client.force_authenticate(secretary)
    assert api_client.post(result_url(match), {"games": [[25, 10], [25, 12]]}, format="json").status_code == 200
    response = api_client.post(result_url(match), {"games": [[10, 25], [12, 25]]}, format="json")
    assert response.status_code == 409 and '"correct": true' in response.json()["detail"]
    assert "25-10, 25-12" in response.json()["detail"]
    assert list(Game.objects.filter(match=match).values_list("score_a", flat=True)) == [25, 25]
    response = api_client.post(result_url(match), {"games": [[10, 25], [12, 25]], "correct": True}, format="json")
    assert response.status_code == 200 and response.json()["winner"] == match.entry_b_id


def test_service_refuses_a_plain_entry_over_a_confirmed_result(tournament):
    match = make_match(tournament)
    record_result(match, [(25, 10), (25, 12)], confirm=True)
    with pytest.raises(ServiceError, match="already has a confirmed result"):
        record_result(match, [(10, 25), (12, 25)], confirm=True)
    record_result(match, [(10, 25), (12, 25)], confirm=True, correct=True)
    match.refresh_from_db()
    assert match.winner_id == match.entry_b_id


def test_page_says_the_result_is_confirmed_and_the_correct_link_corrects(client, tournament, secretary):
    match = make_match(tournament)
    client.force_login(secretary)
    assert client.post(page_url(match), {"games": "25-10, 25-12"}).status_code == 302
    # The stage page's inline form (no correction asked) after someone else confirmed: refused, data kept.
    page = client.post(page_url(match), {"games": "10-25, 12-25"}).content.decode()
    assert "already has a confirmed result" in page and "Correct the confirmed result" in page
    match.refresh_from_db()
    assert match.winner_id == match.entry_a_id
    # The "Correct" link's page: the box is ticked; saving corrects.
    box = re.search(r"<input[^>]*name=\"correct\"[^>]*>", client.get(page_url(match)).content.decode())
    assert box and "checked" in box[0]
    assert client.post(page_url(match), {"games": "10-25, 12-25", "correct": "on"}).status_code == 302
    match.refresh_from_db()
    assert match.winner_id == match.entry_b_id


# ---------------------------------------------------------------- (d) the same unnumbered board sent twice


def test_unnumbered_board_sent_twice_is_stored_once(api_client, tournament, umpire):
    match = make_match(tournament, umpire=umpire)
    api_client.force_authenticate(umpire)
    board = win("A", 5, queen=True)
    assert api_client.post(boards_url(match), board, format="json").status_code == 201
    again = api_client.post(boards_url(match), board, format="json")  # the answer was lost: the phone resends
    assert again.status_code == 409 and "not added twice" in again.json()["board"][0]
    assert len(again.json()["games"][0]["boards"]) == 1
    assert Board.objects.filter(match=match).count() == 1
    # A different board, or the same one numbered on purpose, is added.
    assert api_client.post(boards_url(match), {**board, "board": 2}, format="json").status_code == 201
    assert api_client.post(boards_url(match), win("B", 3), format="json").status_code == 201
    assert Board.objects.filter(match=match).count() == 3


def test_unnumbered_repeat_after_the_window_or_by_another_user_is_a_new_board(api_client, tournament, umpire):
    from datetime import timedelta

    from matches.scoring.scorecard import REPEAT_SECONDS

    match = make_match(tournament, umpire=umpire)
    api_client.force_authenticate(umpire)
    board = win("A", 2)
    api_client.post(boards_url(match), board, format="json")
    Board.objects.filter(match=match).update(
        entered_at=Board.objects.get(match=match).entered_at - timedelta(seconds=REPEAT_SECONDS + 1)
    )
    assert api_client.post(boards_url(match), board, format="json").status_code == 201
    assert Board.objects.filter(match=match).count() == 2
