"""The toss (ICF 39): the winner chooses the break or the side; recorded before the first board, audit-logged."""

import pytest

from core.errors import ServiceError
from matches.models import ResultChange
from matches.scoring.scorecard import add_board, card_state
from matches.scoring.services import record_result, record_toss
from stages.models import Match
from tests.factories import PlayerFactory, UserFactory
from tests.helpers import GAME_25_3, make_match, win

pytestmark = pytest.mark.django_db


def url(match, action):
    return f"/api/tournaments/{match.stage.event.tournament.slug}/matches/{match.pk}/{action}/"


def test_icf_39_a_winner_choosing_the_break_breaks_first(tournament):
    match = make_match(tournament)
    record_toss(match, "b", "break")
    card = card_state(Match.objects.get(pk=match.pk))
    assert card.announcements["next_breaker"] == "B"
    assert add_board(match, None, win("B", 3)).games[0].boards[0].breaker == "B"


def test_icf_39_c_winner_choosing_the_side_leaves_the_break_to_the_loser(tournament):
    match = make_match(tournament)
    record_toss(match, "a", "side")
    match.refresh_from_db()
    assert (match.toss_winner, match.toss_choice) == ("a", "side")
    assert card_state(match).announcements["next_breaker"] == "B"


def test_icf_49_a_the_toss_decides_who_breaks_first_in_each_game(tournament):
    match = make_match(tournament)
    record_toss(match, "b", "break")
    for board in [win("B", 9, queen=True), win("B", 9, queen=True), win("B", 1)]:
        card = add_board(match, None, board)
    # ICF 49(a)(ii): in the second game the player who did not break first in game 1 breaks first.
    assert card.current_game == 2 and card.announcements["next_breaker"] == "A"


def test_toss_is_audit_logged_with_before_and_after(tournament, secretary):
    match = make_match(tournament)
    record_toss(match, "a", "break", user=secretary)
    record_toss(match, "b", "side", user=secretary)  # corrected before the first board
    rows = list(match.changes.filter(what=ResultChange.What.TOSS).order_by("pk"))
    assert [r.before for r in rows] == [
        {"toss_winner": None, "toss_choice": None},
        {"toss_winner": "a", "toss_choice": "break"},
    ]
    assert rows[1].after == {"toss_winner": "b", "toss_choice": "side", "first_breaker": "A"}
    assert rows[1].user == secretary


def test_icf_39_toss_refused_once_a_board_is_on_the_card(tournament):
    match = make_match(tournament)
    add_board(match, None, win("A", 3))
    with pytest.raises(ServiceError) as error:
        record_toss(match, "b", "break")
    assert "ICF 39" in error.value.message and "commencement" in error.value.message
    match.refresh_from_db()
    assert match.toss_winner == ""


def test_toss_refused_for_a_finished_match_and_for_a_bad_choice(tournament):
    match = make_match(tournament)
    with pytest.raises(ServiceError) as error:
        record_toss(match, "a", "stroke")
    assert error.value.field == "choice" and "ICF 39" in error.value.message  # the rules app's check
    with pytest.raises(ServiceError) as error:
        record_toss(match, "c", "break")
    assert error.value.field == "winner"
    record_result(match, [(25, 10), (25, 12)])
    with pytest.raises(ServiceError, match="finished match has no toss"):
        record_toss(match, "a", "break")


def test_ecc_toss_cites_the_ecc_laws(tournament):
    match = make_match(tournament, rule_set="ecc")
    add_board(match, None, win("A", 3))
    with pytest.raises(ServiceError, match="ECC 16, 17"):
        record_toss(match, "a", "break")


def test_toss_api_for_the_umpire_only(api_client, tournament):
    umpire, other = UserFactory(), UserFactory()
    tournament.umpires.add(umpire, other)
    match = make_match(tournament, umpire=umpire)
    api_client.force_authenticate(other)
    assert api_client.post(url(match, "toss"), {"winner": "b", "choice": "break"}, format="json").status_code == 403
    api_client.force_authenticate(umpire)
    response = api_client.post(url(match, "toss"), {"winner": "B", "choice": "break"}, format="json")
    assert response.status_code == 200, response.data
    assert response.data["match"]["toss_winner"] == "b"
    assert response.data["announcements"]["next_breaker"] == "B"
    bad = api_client.post(url(match, "toss"), {"winner": "b", "choice": "queen"}, format="json")
    assert bad.status_code == 400 and "choice" in bad.data
    for board in GAME_25_3:
        api_client.post(url(match, "boards"), {**board, "breaker": None}, format="json")
    late = api_client.post(url(match, "toss"), {"winner": "a", "choice": "break"}, format="json")
    assert late.status_code == 400 and "ICF 39" in late.data["winner"][0]


def test_self_umpired_player_may_record_the_toss(api_client, tournament):
    match = make_match(tournament, rule_set="ecc", self_umpired=True)
    player = PlayerFactory(user=UserFactory())
    member = match.entry_b.members.first()
    member.player = player
    member.save()
    api_client.force_authenticate(player.user)
    response = api_client.post(url(match, "toss"), {"winner": "b", "choice": "side"}, format="json")
    assert response.status_code == 200 and response.data["announcements"]["next_breaker"] == "A"  # ECC 16, 17
