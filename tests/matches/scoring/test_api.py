"""Score card API: scoped by tournament, permissions per action."""

import pytest

from stages.models import Match
from tests.factories import PlayerFactory, UserFactory
from tests.helpers import GAME_25_3, game_25_0, make_match, win

pytestmark = pytest.mark.django_db


def url(match, action):
    return f"/api/tournaments/{match.stage.event.tournament.slug}/matches/{match.pk}/{action}/"


def test_umpire_enters_boards_and_anyone_reads_the_card(api_client, tournament, umpire):
    match = make_match(tournament, umpire=umpire)
    api_client.force_authenticate(umpire)
    for board in GAME_25_3:
        response = api_client.post(url(match, "boards"), board, format="json")
        assert response.status_code == 201, response.data
    body = response.data
    assert body["games"][0]["running_totals"][-1] == {"A": 25, "B": 3}
    assert body["announcements"]["game"] == 2 and body["announcements"]["next_breaker"] == "B"  # ICF 49(a)
    api_client.force_authenticate(None)
    card = api_client.get(url(match, "scorecard"))
    assert card.status_code == 200
    assert [b["breaker"] for b in card.data["games"][0]["boards"]] == ["A", "B", "A", "B"]
    assert card.data["match"]["status"] == "in_play"
    assert api_client.post(url(match, "boards"), win("A", 1), format="json").status_code in (401, 403)


def test_bad_board_is_a_400_naming_the_law(api_client, tournament, umpire):
    match = make_match(tournament, umpire=umpire)
    api_client.force_authenticate(umpire)
    response = api_client.post(url(match, "boards"), win("A", 10), format="json")
    assert response.status_code == 400 and "ICF 52" in response.data["boards"][0]
    for board in GAME_25_3:
        api_client.post(url(match, "boards"), board, format="json")
    response = api_client.post(url(match, "boards"), {"game": 1, **win("B", 1)}, format="json")
    assert response.status_code == 400 and "ICF 56" in response.data["boards"][0]  # game over at 25


def test_umpire_of_another_match_is_forbidden(api_client, tournament, umpire):
    other = UserFactory()
    tournament.umpires.add(other)
    match = make_match(tournament, umpire=umpire)
    api_client.force_authenticate(other)
    response = api_client.post(url(match, "boards"), win("A", 3), format="json")
    assert response.status_code == 403
    assert api_client.post(url(match, "transition"), {"to": "called"}, format="json").status_code == 403
    assert (
        api_client.post(
            url(match, "replay"), {"from_board": {"game": 1, "board": 1}, "reason": "x"}, format="json"
        ).status_code
        == 403
    )
    assert not match.boards.exists()


def test_chief_referee_writes_any_card_and_the_match_is_scoped_by_tournament(api_client, tournament, umpire):
    chief = UserFactory()
    tournament.chief_referees.add(chief)
    match = make_match(tournament, umpire=umpire)
    api_client.force_authenticate(chief)
    assert api_client.post(url(match, "boards"), win("A", 3), format="json").status_code == 201
    wrong = f"/api/tournaments/another-slug/matches/{match.pk}/scorecard/"
    assert api_client.get(wrong).status_code == 404


def test_draft_tournament_is_hidden_from_the_public(api_client, tournament):
    tournament.status = "draft"
    tournament.save()
    match = make_match(tournament)
    assert api_client.get(url(match, "scorecard")).status_code == 404


def linked_player(entry):
    user = UserFactory()
    player = entry.members.get().player
    player.user = user
    player.save()
    return user


def test_self_umpired_one_player_enters_and_the_other_confirms(api_client, tournament):
    match = make_match(tournament, rule_set="ecc", self_umpired=True)
    user_a, user_b = linked_player(match.entry_a), linked_player(match.entry_b)
    outsider = UserFactory()
    PlayerFactory(user=outsider)
    api_client.force_authenticate(outsider)
    assert api_client.post(url(match, "boards"), win("A", 9, queen=True), format="json").status_code == 403
    api_client.force_authenticate(user_a)
    # Two boards alike in a row: numbered, or the second would be taken for a resend of the first.
    for number, board in enumerate(game_25_0("A"), 1):
        response = api_client.post(url(match, "boards"), {**board, "board": number}, format="json")
        assert response.status_code == 201, response.data
    assert response.data["match_over"] and response.data["match"]["status"] == "finished"  # ECC: one game
    # The player who entered the card cannot confirm it.
    response = api_client.post(url(match, "confirm"), {}, format="json")
    assert response.status_code == 403 and "other side" in response.data["detail"]
    api_client.force_authenticate(user_b)
    response = api_client.post(url(match, "confirm"), {}, format="json")
    assert response.status_code == 200 and response.data["match"]["status"] == "confirmed"
    assert set(match.boards.values_list("entered_by", "confirmed_by")) == {(user_a.pk, user_b.pk)}


def test_self_umpired_partner_of_the_same_entry_cannot_confirm(api_client, tournament):
    match = make_match(tournament, rule_set="ecc", self_umpired=True)
    user_a = linked_player(match.entry_a)
    partner = UserFactory()
    PlayerFactory(user=partner)
    match.entry_a.members.create(player=partner.player, position=2)
    api_client.force_authenticate(user_a)
    for number, board in enumerate(game_25_0("B"), 1):
        api_client.post(url(match, "boards"), {**board, "board": number}, format="json")
    api_client.force_authenticate(partner)
    assert api_client.post(url(match, "confirm"), {}, format="json").status_code == 403


def test_transition_endpoint_refuses_illegal_moves_with_the_message(api_client, tournament, umpire):
    match = make_match(tournament, umpire=umpire)
    api_client.force_authenticate(umpire)
    response = api_client.post(url(match, "transition"), {"to": "confirmed"}, format="json")
    assert response.status_code == 400 and "finished match" in response.data["status"][0]
    response = api_client.post(url(match, "transition"), {"to": "called"}, format="json")
    assert response.status_code == 200 and response.data["match"]["status"] == "called"
    response = api_client.post(url(match, "transition"), {"to": "finished"}, format="json")
    assert response.status_code == 400 and "score card" in response.data["status"][0]
    response = api_client.post(url(match, "transition"), {"to": "walkover", "side": "b"}, format="json")
    assert response.status_code == 200 and response.data["match"]["winner"] == match.entry_a_id


def test_history_endpoint_lists_every_change(api_client, tournament, umpire, secretary):
    match = make_match(tournament, umpire=umpire)
    api_client.force_authenticate(umpire)
    api_client.post(url(match, "boards"), win("A", 4), format="json")
    api_client.post(url(match, "boards"), win("B", 2), format="json")
    api_client.force_authenticate(secretary)
    response = api_client.post(
        url(match, "replay"), {"from_board": {"game": 1, "board": 2}, "reason": "protest upheld"}, format="json"
    )
    assert response.status_code == 200
    assert [len(g["boards"]) for g in response.data["games"]] == [1]
    history = api_client.get(url(match, "history")).data
    assert [h["what"] for h in history] == ["status", "board_added", "board_added", "replay"]
    assert history[1]["user"] == umpire.username and history[1]["after"]["points"] == 4
    assert history[-1]["reason"] == "protest upheld"
    assert history[-1]["before"]["voided_boards"][0]["coins_left_of_loser"] == 2


def test_entry_not_known_yet(api_client, tournament, secretary):
    match = make_match(tournament, entry_b=None)
    api_client.force_authenticate(secretary)
    response = api_client.post(url(match, "boards"), win("A", 1), format="json")
    assert response.status_code == 400
    assert Match.objects.get(pk=match.pk).status == Match.Status.SCHEDULED
