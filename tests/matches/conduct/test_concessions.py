"""Concession (ICF 139: "A player is permitted to concede a game and/or match at any stage") and the report an
abusive protest opens (ICF 148)."""

from types import SimpleNamespace

import pytest

from core.errors import NotAllowed, ServiceError
from matches.conduct import services
from matches.conduct.models import Concession, ConductChange, DisciplinaryReport
from matches.models import ResultChange
from matches.scoring.models import Game
from matches.scoring.scorecard import add_board, card_state
from stages.models import Match
from tests.helpers import game_25_0, win
from tests.matches.conduct.conftest import match_in_play

pytestmark = pytest.mark.django_db
S = Match.Status


def test_conceding_the_match_is_a_walkover_naming_the_law(match, umpire):
    services.concede(match, "a", "match", umpire)
    match.refresh_from_db()
    assert match.status == S.WALKOVER and match.winner_id == match.entry_b_id
    assert match.changes.get(what=ResultChange.What.WALKOVER).reason.startswith("ICF 139:")
    assert Concession.objects.get().scope == "match"


def test_a_called_match_may_be_conceded_before_the_first_board(tournament, umpire):
    match = match_in_play(tournament, umpire=umpire, status=S.CALLED)
    services.concede(match, "b", "match", umpire)
    match.refresh_from_db()
    assert match.winner_id == match.entry_a_id


def test_conceding_a_game_gives_it_to_the_opponent_with_the_points_as_they_stand(match, umpire):
    add_board(match, None, win("A", 7, queen=True), user=umpire)  # A leads 10-0
    services.concede(match, "a", "game", umpire)
    game = Game.objects.get(match=match, number=1)
    assert (game.score_a, game.score_b, game.winner_side) == (10, 0, "B")
    match.refresh_from_db()
    card = card_state(match)
    assert card.games[0].state.ended_by == "conceded"
    assert card.current_game == 2 and card.match.games_won == {"A": 0, "B": 1}


def test_conceding_the_second_game_can_end_the_match(match, umpire):
    for board in game_25_0("B"):
        add_board(match, None, board, user=umpire)
    services.concede(match, "a", "game", umpire)
    match.refresh_from_db()
    assert match.status == S.FINISHED and match.winner_id == match.entry_b_id
    assert (match.games_a, match.games_b) == (0, 2)


def test_conceding_game_2_when_the_match_goes_on_starts_the_rest(match, umpire):
    for board in game_25_0("A"):
        add_board(match, None, board, user=umpire)
    services.concede(match, "a", "game", umpire)
    match.refresh_from_db()
    assert match.rest_deadline is not None  # ICF 138: between the second and third games


def test_a_finished_match_takes_no_concession(tournament, umpire):
    match = match_in_play(tournament, umpire=umpire, status=S.CONFIRMED)
    with pytest.raises(ServiceError, match="ICF 139: the match is over"):
        services.concede(match, "a", "match", umpire)
    assert not Concession.objects.exists()


def test_concession_refusals(match, umpire, stranger):
    with pytest.raises(ServiceError, match="Say which side"):
        services.concede(match, "c", "match", umpire)
    with pytest.raises(ServiceError, match="either the game or the match"):
        services.concede(match, "a", "set", umpire)
    with pytest.raises(NotAllowed):
        services.concede(match, "a", "match", stranger)
    assert not Concession.objects.exists() and not ConductChange.objects.exists()


def test_ecc_has_no_concession(tournament, secretary):
    match = match_in_play(tournament, "ecc")
    with pytest.raises(ServiceError, match="no counterpart of ICF 139"):
        services.concede(match, "a", "match", secretary)


def protest(match, side, pk=41):
    """What the protests app hands over (its Protest has these fields): the interface is duck-typed, so the
    protests app can sit above this one."""
    return SimpleNamespace(pk=pk, match=match, side=side)


def test_an_abusive_protest_opens_one_report(match, chief):
    protest_b = protest(match, "B")
    report = services.open_abusive_protest_report(protest_b, user=chief, note="abusive words")
    assert (report.law, report.side, report.player_id) == ("ICF 148", "b", match.entry_b.members.get().player_id)
    assert services.open_abusive_protest_report(protest_b, user=chief) == report  # idempotent per protest
    assert DisciplinaryReport.objects.count() == 1
    assert ConductChange.objects.get().what == "report"


def test_ecc_has_no_abusive_protest_report(tournament):
    match = match_in_play(tournament, "ecc")
    with pytest.raises(ServiceError, match="ICF 148"):
        services.open_abusive_protest_report(protest(match, "A"))
