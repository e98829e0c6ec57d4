"""A preview (draft) round's draw can still change, so its matches take no play: the services refuse every result,
walkover, score card entry, toss and move of the state machine until the round is published, whichever way the
request comes (API, pages, services)."""

import pytest
from django.urls import reverse

from matches.scoring import services
from matches.scoring.scorecard import add_board, add_game_entry
from matches.services import change_status
from matches.transitions import TransitionError
from stages.models import Match, Round
from stages.services import publish_round
from tests.factories import RoundClockFactory
from tests.helpers import make_match, win

pytestmark = pytest.mark.django_db

PREVIEW = "Round 3 is a preview: publish the draw"
UNFINISHED = "unfinished_board_at_second_bell"


def preview_match(tournament, rule_set="icf", **fields):
    """A match of round 3 of its stage, a preview."""
    match = make_match(tournament, rule_set=rule_set, **fields)
    Round.objects.filter(pk=match.round_id).update(number=3, status=Round.Status.DRAFT)
    match.refresh_from_db()
    return match


def publish(match):
    publish_round(match.round)
    match.refresh_from_db()


def url(match, action):
    return f"/api/tournaments/{match.stage.event.tournament.slug}/matches/{match.pk}/{action}/"


# What each API call posts, and the status code it answers once the round is published.
CALLS = {
    "result": ({"games": [[25, 10], [25, 12]]}, 200),
    "walkover": ({"absent_side": "b"}, 200),
    "boards": (win("A", 5), 201),
    # ECC 41: the first board unfinished at the second bell (no round clock: the umpire keeps the time).
    "game-entry": ({"game": 1, UNFINISHED: {"board_no": 1, "coins_left": {"A": 2, "B": 6}}}, 201),
    "toss": ({"winner": "a", "choice": "break"}, 200),
}


@pytest.mark.parametrize("action", CALLS)
def test_api_refuses_play_in_a_preview_round_and_takes_it_once_published(api_client, tournament, secretary, action):
    body, published_status = CALLS[action]
    match = preview_match(tournament, rule_set="ecc" if action == "game-entry" else "icf")
    api_client.force_authenticate(secretary)
    refused = api_client.post(url(match, action), body, format="json")
    assert refused.status_code == 400, refused.data
    assert refused.json()["status"][0].startswith(PREVIEW)
    match.refresh_from_db()
    assert (match.status, match.card_extras, match.toss_winner) == (Match.Status.SCHEDULED, {}, "")
    assert not match.boards.exists() and not match.games.exists() and not match.changes.exists()
    publish(match)
    taken = api_client.post(url(match, action), body, format="json")
    assert taken.status_code == published_status, taken.data


@pytest.mark.parametrize("to", ["called", "in_play"])
def test_a_preview_match_is_neither_called_nor_started(api_client, tournament, secretary, to):
    match = preview_match(tournament)
    api_client.force_authenticate(secretary)
    refused = api_client.post(url(match, "transition"), {"to": to}, format="json")
    assert refused.status_code == 400
    assert refused.json() == {"status": [f"{PREVIEW} to {'announce' if to == 'called' else 'start'} the match."]}
    publish(match)
    assert api_client.post(url(match, "transition"), {"to": to}, format="json").status_code == 200


def test_a_walkover_through_the_state_machine_is_refused_too(api_client, tournament, secretary):
    match = preview_match(tournament)
    api_client.force_authenticate(secretary)
    refused = api_client.post(url(match, "transition"), {"to": "walkover", "side": "a"}, format="json")
    assert refused.status_code == 400 and refused.json()["status"][0].startswith(PREVIEW)


def test_the_rule_is_checked_before_the_entry_itself(tournament):
    """A preview is the first thing said: a wrong score in a preview round still hears 'publish the draw'."""
    match = preview_match(tournament)
    with pytest.raises(TransitionError, match=PREVIEW):
        services.record_result(match, [(25, 10)])  # also not over after one game (ICF 57)
    with pytest.raises(TransitionError, match=PREVIEW):
        add_board(match, None, win("A", 10))  # also more c/m left than there are (ICF 52)


def test_every_service_that_records_play_refuses_a_preview(tournament):
    match = preview_match(tournament, rule_set="ecc")
    RoundClockFactory(round=match.round)
    refusals = [
        lambda: services.record_result(match, [(25, 10)], confirm=True),
        lambda: services.record_walkover(match, "a"),
        lambda: services.record_toss(match, "a", "break"),
        lambda: change_status(match, Match.Status.CALLED),
        lambda: services.transition(match, Match.Status.IN_PLAY),
        lambda: add_board(match, None, win("A", 3)),
        lambda: add_game_entry(match, 1, UNFINISHED, {"board_no": 1, "coins_left": {"A": 2, "B": 6}}),
    ]
    for refusal in refusals:
        with pytest.raises(TransitionError, match=PREVIEW) as error:
            refusal()
        assert error.value.field == "status"
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED and not match.changes.exists()


def test_a_match_in_a_named_knockout_round_names_it(tournament):
    match = preview_match(tournament)
    Round.objects.filter(pk=match.round_id).update(name="semi_final")
    match.refresh_from_db()
    with pytest.raises(TransitionError, match="Semi final is a preview: publish the draw to enter results."):
        services.record_result(match, [(25, 10), (25, 12)])


def test_the_score_card_page_shows_the_form_again_with_the_message(client, tournament, secretary):
    match = preview_match(tournament)
    client.force_login(secretary)
    card = reverse("match-card", args=[tournament.slug, match.pk])
    data = {
        "action": "board",
        "board-game": 1,
        "board-board": 1,
        "board-winner": "A",
        "board-coins_left_of_loser": 5,
        "board-queen": "",
        "board-loser_outstanding_dues": 0,
        "board-stroke": "proper",
    }
    page = client.post(card, data)
    assert page.status_code == 200
    assert f"{PREVIEW} to fill its score card." in page.content.decode()
    assert not match.boards.exists()
    publish(match)
    assert client.post(card, data).status_code == 302
    assert match.boards.count() == 1
