"""Slams on the score card (ICF 26): entered with a board, checked by the rules app, kept and shown."""

import pytest

from core.errors import ServiceError
from matches.scoring.scorecard import add_board
from tests.helpers import make_match, win

pytestmark = pytest.mark.django_db


def url(match, action):
    return f"/api/tournaments/{match.stage.event.tournament.slug}/matches/{match.pk}/{action}/"


def test_icf_26a_a_white_slam_is_kept_with_its_board(tournament):
    match = make_match(tournament)
    add_board(match, None, {**win("A", 9, queen=True), "slam": "white"})  # A breaks board 1 (ICF 49)
    board = match.boards.get()
    assert (board.slam, board.breaker, board.points) == ("white", "A", 12)
    assert board.as_dict()["slam"] == "white"
    change = match.changes.get(what="board_added")
    assert change.after["slam"] == "white"  # the audit log keeps it


def test_icf_26b_a_black_slam_on_board_2_is_the_side_that_did_not_break(tournament):
    match = make_match(tournament)
    add_board(match, None, win("A", 3))
    add_board(match, None, {**win("A", 4), "queen": "covered_by_loser", "slam": "black"})  # B broke board 2
    assert list(match.boards.values_list("slam", flat=True)) == ["", "black"]


def test_icf_26_a_slam_by_the_wrong_side_is_refused_on_its_field(tournament):
    match = make_match(tournament)
    with pytest.raises(ServiceError) as error:
        add_board(match, None, {**win("B", 9), "queen": "covered_by_winner", "slam": "white"})
    assert error.value.field == "slam" and error.value.message.startswith("ICF 26:")
    assert not match.boards.exists()


def test_api_takes_a_slam_and_refuses_nonsense_with_field_errors(api_client, tournament, umpire):
    match = make_match(tournament, umpire=umpire)
    api_client.force_authenticate(umpire)
    response = api_client.post(url(match, "boards"), {**win("A", 9, queen=True), "slam": "purple"}, format="json")
    assert response.status_code == 400 and "slam" in response.data
    response = api_client.post(url(match, "boards"), {**win("A", 9), "slam": "white"}, format="json")
    assert response.status_code == 400 and "ICF 26" in response.data["slam"][0]  # no Queen: no white slam
    response = api_client.post(url(match, "boards"), {**win("A", 9, queen=True), "slam": "white"}, format="json")
    assert response.status_code == 201, response.data
    card = api_client.get(url(match, "scorecard")).data
    assert card["games"][0]["boards"][0]["slam"] == "white"


def test_the_umpires_card_page_enters_a_slam_and_the_match_page_shows_it(client, tournament, umpire):
    match = make_match(tournament, umpire=umpire)
    client.force_login(umpire)
    page = f"/t/{tournament.slug}/matches/{match.pk}/card/"
    form = {"action": "board", "board-game": 1, "board-board": 1, "board-winner": "B"}
    form.update({"board-queen": "covered_by_winner", "board-coins_left_of_loser": 9, "board-slam": "white"})
    refused = client.post(page, form)
    assert refused.status_code == 200 and "ICF 26" in refused.content.decode()  # B did not break board 1
    response = client.post(page, {**form, "board-winner": "A"})
    assert response.status_code == 302
    assert match.boards.get().slam == "white"
    shown = client.get(f"/t/{tournament.slug}/matches/{match.pk}/").content.decode()
    assert "White slam by the breaker (ICF 26)" in shown
