"""A protest cites the stroke it is about, where the board was kept stroke by stroke: the service refuses a board
kept board by board and a number the board does not have (API 400, the form again with the message), and the
protest's pages show the stroke in words with what the engine says followed it, from that keeping of the board
even once a replay has kept the board again."""

import pytest
from django.urls import reverse

from matches.scoring.scorecard import add_board
from matches.strokes.services import add_stroke, start_board, undo_stroke
from protests import services
from protests.checks import ProtestError
from protests.models import Protest
from protests.selectors import cited_stroke
from stages.models import Match
from tests.helpers import make_match, win
from tests.matches.strokes.conftest import NOTHING, OWN, WHOLE_BOARD

pytestmark = pytest.mark.django_db

# B pockets one of his own with the striker (ICF 73): the c/m comes back and he owes one more.
STRIKER = {"kind": "stroke", "own": 1, "striker": True}


@pytest.fixture
def match(tournament, umpire, fee):
    """An ICF match whose first board the umpire keeps stroke by stroke: A pockets one and plays on (ICF 48),
    misses; B pockets his own c/m with the striker (ICF 73)."""
    match = make_match(tournament, "icf", umpire=umpire, status=Match.Status.CALLED)
    start_board(match, user=umpire)
    for seq, stroke in enumerate([OWN, NOTHING, STRIKER], 1):
        add_stroke(match, stroke, user=umpire, seq=seq)
    match.refresh_from_db()
    return match


def log(match, umpire, stroke_no=None, board=1):
    return services.log_oral_protest(
        match,
        game_no=1,
        board_no=board,
        stroke_no=stroke_no,
        side="A",
        protester_name="R. Kumar",
        decision_appealed="B's striker went in with his c/m.",
        fee_paid=True,
        user=umpire,
    )


def page(name, tournament, *args):
    return reverse(name, args=[tournament.slug, *args])


# ---------------------------------------------------------------- the service


def test_a_protest_cites_a_stroke_of_the_board_kept_stroke_by_stroke(match, umpire):
    protest = log(match, umpire, stroke_no=3)
    assert protest.stroke_no == 3 and protest.board_stroke == match.kept_boards.get().strokes.get(seq=3)
    assert log(match, umpire).stroke_no is None  # a protest need not be about one stroke


@pytest.mark.parametrize("number", [0, 4, 99])
def test_a_number_the_board_does_not_have_is_refused_and_nothing_recorded(match, umpire, number):
    with pytest.raises(ProtestError) as refused:
        log(match, umpire, stroke_no=number)
    assert refused.value.field == "stroke_no"
    assert refused.value.message == f"Game 1 board 1 has 3 strokes: there is no stroke {number} to cite."
    assert not Protest.objects.exists()


def test_a_stroke_of_a_board_kept_board_by_board_is_refused(tournament, umpire, fee):
    match = make_match(tournament, "icf", umpire=umpire, status=Match.Status.CALLED)
    add_board(match, None, win("A", 3), user=umpire)
    with pytest.raises(ProtestError) as refused:
        log(match, umpire, stroke_no=1)
    assert refused.value.field == "stroke_no"
    assert "Game 1 board 1 was not kept stroke by stroke" in refused.value.message
    assert log(match, umpire).stroke_no is None


def test_a_board_whose_keeping_was_abandoned_has_no_stroke_to_cite(match, umpire):
    # The board entered board by board meanwhile, and the next one kept: the first keeping is abandoned.
    add_board(match, None, win("A", 3), user=umpire)
    start_board(match, user=umpire)
    with pytest.raises(ProtestError, match="was not kept stroke by stroke"):
        log(match, umpire, stroke_no=1)
    with pytest.raises(ProtestError, match="Game 1 board 2 has no stroke recorded yet"):
        log(match, umpire, stroke_no=1, board=2)


def test_the_cited_stroke_stays_that_of_the_keeping_protested_after_a_replay(tournament, umpire, chief, fee):
    """ICF 151(a): an upheld protest replays the board, which may be kept again under the same numbers."""
    match = make_match(tournament, "icf", umpire=umpire, status=Match.Status.CALLED)
    start_board(match, user=umpire)
    for seq, stroke in enumerate(WHOLE_BOARD, 1):  # stroke 4: A pockets the queen
        add_stroke(match, stroke, user=umpire, seq=seq)
    protest = log(match, umpire, stroke_no=4)
    services.lodge_written(protest, "The queen went in after a foul.", "Stroke 4.", umpire)
    services.decide(protest, "upheld", "Replay the board.", chief)
    start_board(match, user=umpire)
    for seq in range(1, 6):
        add_stroke(match, NOTHING, user=umpire, seq=seq)
    protest.refresh_from_db()
    assert cited_stroke(protest)["stroke"]["words"] == f"{match.entry_a}: the queen"
    again = log(match, umpire, stroke_no=4)
    assert again.board_stroke.kept != protest.board_stroke.kept
    assert cited_stroke(again)["stroke"]["words"] == f"{match.entry_b}: nothing pocketed"


# ---------------------------------------------------------------- the API


def test_the_api_logs_a_cited_stroke_and_refuses_a_bad_one_with_a_field_error(api_client, tournament, umpire, match):
    api_client.force_authenticate(umpire)
    body = {
        "match": match.pk,
        "game_no": 1,
        "board_no": 1,
        "side": "A",
        "protester_name": "R. Kumar",
        "decision_appealed": "The striker.",
        "fee_paid": True,
    }
    url = f"/api/tournaments/{tournament.slug}/protests/"
    refused = api_client.post(url, {**body, "stroke_no": 9}, format="json")
    assert refused.status_code == 400
    assert refused.json() == {"stroke_no": ["Game 1 board 1 has 3 strokes: there is no stroke 9 to cite."]}
    assert api_client.post(url, {**body, "stroke_no": 0}, format="json").status_code == 400
    logged = api_client.post(url, {**body, "stroke_no": 3}, format="json")
    assert logged.status_code == 201 and logged.json()["stroke_no"] == 3
    plain = api_client.post(url, body, format="json")
    assert plain.status_code == 201 and plain.json()["stroke_no"] is None


# ---------------------------------------------------------------- the pages


def oral_form(**values):
    data = {
        "game_no": 1,
        "board_no": 1,
        "side": "A",
        "role": "player",
        "protester_name": "R. Kumar",
        "decision_appealed": "The striker.",
        "fee_paid": "on",
    }
    return {**data, **values}


def test_the_form_offers_the_strokes_of_each_board_kept_stroke_by_stroke(client, tournament, umpire, match):
    client.force_login(umpire)
    form = client.get(page("protest-log", tournament, match.pk)).content.decode()
    assert '<optgroup label="Game 1, board 1">' in form
    assert f'<option value="1-1-3">Stroke 3: {match.entry_b}: 1 own c/m, the striker</option>' in form
    assert "protests/stroke_choice.js" in form
    response = client.post(page("protest-log", tournament, match.pk), oral_form(stroke_no="1-1-3"))
    protest = Protest.objects.get()
    assert response.status_code == 302 and protest.stroke_no == 3


def test_a_match_kept_board_by_board_offers_no_stroke(client, tournament, umpire, fee):
    match = make_match(tournament, "icf", umpire=umpire, status=Match.Status.CALLED)
    add_board(match, None, win("A", 3), user=umpire)
    client.force_login(umpire)
    form = client.get(page("protest-log", tournament, match.pk)).content.decode()
    assert "id_stroke_no" not in form and "stroke_choice.js" not in form


def test_a_stroke_of_another_board_comes_back_on_the_form(client, tournament, umpire, match):
    client.force_login(umpire)
    response = client.post(page("protest-log", tournament, match.pk), oral_form(board_no=2, stroke_no="1-1-2"))
    body = response.content.decode()
    assert response.status_code == 200 and "Stroke 2 is of game 1 board 1, not of the board protested." in body
    assert not Protest.objects.exists()


def test_a_stroke_undone_since_the_form_was_drawn_comes_back_on_the_form(client, tournament, umpire, match):
    undo_stroke(match, user=umpire)
    client.force_login(umpire)
    response = client.post(page("protest-log", tournament, match.pk), oral_form(stroke_no="1-1-3"))
    body = response.content.decode()
    assert response.status_code == 200 and "This stroke is not on the board (any more): choose again." in body
    assert not Protest.objects.exists()


def test_the_protest_pages_show_the_stroke_and_what_followed(client, tournament, umpire, match):
    protest = log(match, umpire, stroke_no=3)
    client.force_login(umpire)
    detail = client.get(page("protest-detail", tournament, protest.pk)).content.decode()
    assert f"Stroke 3 of the board: {match.entry_b}: 1 own c/m, the striker" in detail
    assert "what followed:<br><small>ICF 73: The c/m B pocketed comes back: A places it</small>" in detail
    assert "<small>ICF 73: B owes 1 c/m (Due or penalty), placed by A</small>" in detail
    queue = client.get(page("protest-queue", tournament)).content.decode()
    assert "game 1 board 1 stroke 3" in queue


def test_a_stroke_undone_after_the_protest_is_said_to_be_gone(client, tournament, umpire, match):
    """Recorded again under its number, it is another stroke: the protest does not take it for the one cited."""
    protest = log(match, umpire, stroke_no=3)
    undo_stroke(match, user=umpire)
    add_stroke(match, NOTHING, user=umpire, seq=3)
    protest.refresh_from_db()
    assert protest.stroke_no == 3 and protest.board_stroke is None
    client.force_login(umpire)
    detail = client.get(page("protest-detail", tournament, protest.pk)).content.decode()
    assert "Stroke 3 of the board (no longer on the board's record of strokes)" in detail
