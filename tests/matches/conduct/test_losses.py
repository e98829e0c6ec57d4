"""Warnings and the loss of the entire match (ICF 143(a), (c)-(h)): who may, when, on whom, and the boundary of
ICF 143(h) ("more than twice, despite Umpire's warning"): offered only after the second warning."""

import pytest

from core.errors import Conflict, NotAllowed, ServiceError
from matches.conduct import selectors, services
from matches.conduct.models import ConductChange, MatchLoss, MatchWarning
from matches.models import ResultChange
from stages.models import Match
from tests.factories import PlayerFactory, UserFactory
from tests.matches.conduct.conftest import match_in_play, player_of

pytestmark = pytest.mark.django_db
S = Match.Status


def offered(match, user, side, key):
    panel = selectors.match_panel(match, user)
    row = next(r for r in panel["players"] if r["side"] == side)
    return next(item["refusal"] is None for item in row["losses"] if item["clause"].key == key)


def test_143h_is_offered_only_after_the_second_warning(match, umpire):
    a = player_of(match, "a")
    assert not offered(match, umpire, "a", "distraction")
    services.record_warning(match, a, umpire)
    assert not offered(match, umpire, "a", "distraction")
    with pytest.raises(ServiceError, match=r"ICF 143\(h\): offered only after 2 warnings.*so far: 1"):
        services.record_loss(match, a, "distraction", umpire)
    assert not MatchLoss.objects.exists()
    match.refresh_from_db()
    assert match.status == S.IN_PLAY
    services.record_warning(match, a, umpire)
    assert offered(match, umpire, "a", "distraction")  # the third distraction loses the match
    assert not offered(match, umpire, "b", "distraction")  # warnings count per player


def test_third_distraction_ends_the_match_as_a_walkover_naming_the_law(match, umpire):
    a = player_of(match, "a")
    services.record_warning(match, a, umpire, note="tapping the frame")
    services.record_warning(match, a, umpire)
    loss = services.record_loss(match, a, "distraction", umpire, note="third time")
    match.refresh_from_db()
    assert (loss.law, loss.side, loss.player) == ("ICF 143(h)", "a", a)
    assert match.status == S.WALKOVER and match.winner_id == match.entry_b_id
    walkover = match.changes.get(what=ResultChange.What.WALKOVER)
    assert walkover.reason.startswith("ICF 143(h):") and "third time" in walkover.reason
    assert list(ConductChange.objects.values_list("what", flat=True)) == ["warning", "warning", "loss"]


def test_a_warning_after_the_second_is_still_a_warning(match, umpire):
    # ICF 143: "liable to lose": the umpire may warn a third time instead.
    a = player_of(match, "a")
    for _ in range(3):
        services.record_warning(match, a, umpire)
    assert MatchWarning.objects.filter(match=match, player=a).count() == 3
    assert offered(match, umpire, "a", "distraction")


@pytest.mark.parametrize("key", ["left_board_area", "refused_decision", "insulting_remarks", "intoxication",
                                 "uncertified_striker", "discontinued_play"])  # fmt: skip
def test_other_clauses_need_no_warning(match, chief, key):
    b = player_of(match, "b")
    loss = services.record_loss(match, b, key, chief)
    match.refresh_from_db()
    assert loss.law.startswith("ICF 143(") and match.winner_id == match.entry_a_id


def test_143b_is_not_recorded_by_hand(match, umpire):
    with pytest.raises(ServiceError, match=r"ICF 143\(b\) is applied when the rest ends"):
        services.record_loss(match, player_of(match, "a"), "rest_time", umpire)


@pytest.mark.parametrize("status", [S.SCHEDULED, S.CALLED])
def test_nothing_is_recorded_before_the_match_starts(tournament, umpire, status):
    match = match_in_play(tournament, umpire=umpire, status=status)
    with pytest.raises(ServiceError, match=r"ICF 143\(h\): the match has not started"):
        services.record_warning(match, player_of(match, "a"), umpire)
    with pytest.raises(ServiceError, match=r"ICF 143\(d\): the match has not started"):
        services.record_loss(match, player_of(match, "a"), "insulting_remarks", umpire)
    assert not MatchWarning.objects.exists() and not ConductChange.objects.exists()


@pytest.mark.parametrize("status", [S.FINISHED, S.CONFIRMED, S.WALKOVER])
def test_nothing_is_recorded_once_the_match_is_over(tournament, umpire, status):
    match = match_in_play(tournament, umpire=umpire, status=status)
    with pytest.raises(Conflict, match="the match is over"):
        services.record_loss(match, player_of(match, "a"), "left_board_area", umpire)
    assert not MatchLoss.objects.exists()


def test_a_player_not_in_the_match_is_refused(match, umpire):
    with pytest.raises(ServiceError, match="does not play in this match"):
        services.record_warning(match, PlayerFactory(), umpire)
    with pytest.raises(ServiceError, match="does not play in this match"):
        services.record_loss(match, None, "left_board_area", umpire)
    assert not MatchWarning.objects.exists()


def test_an_official_of_another_tournament_is_refused(match, stranger):
    with pytest.raises(NotAllowed):
        services.record_warning(match, player_of(match, "a"), stranger)
    with pytest.raises(NotAllowed):
        services.record_loss(match, player_of(match, "a"), "left_board_area", stranger)
    assert not MatchWarning.objects.exists() and not MatchLoss.objects.exists()


def test_the_umpire_of_another_match_is_refused(match, tournament):
    other_umpire = UserFactory()
    tournament.umpires.add(other_umpire)
    with pytest.raises(NotAllowed):
        services.record_warning(match, player_of(match, "a"), other_umpire)


def test_an_unknown_clause_is_refused(match, umpire):
    with pytest.raises(ServiceError, match="Not offered"):
        services.record_loss(match, player_of(match, "a"), "chewing_gum", umpire)


def test_ecc_offers_only_abandoning_the_game(tournament, secretary):
    match = match_in_play(tournament, "ecc")
    a = player_of(match, "a")
    with pytest.raises(ServiceError, match="Not offered: the ECC laws for self-umpired games have no umpire"):
        services.record_warning(match, a, secretary)
    with pytest.raises(ServiceError, match=r"Not offered: the ECC laws list only abandoning the game"):
        services.record_loss(match, a, "insulting_remarks", secretary)
    loss = services.record_loss(match, a, "discontinued_play", secretary)
    assert loss.law == "ECC 124 (P)"
    assert match.changes.get(what=ResultChange.What.WALKOVER).reason.startswith("ECC 124 (P):")


def test_queen2_cites_the_icf_law_through_its_own_text(tournament, secretary):
    match = match_in_play(tournament, "queen2")
    loss = services.record_loss(match, player_of(match, "b"), "uncertified_striker", secretary)
    assert loss.law == "ICF 143(f) (queen2 ¶21)"


def test_two_officials_at_once_the_second_gets_the_match_as_it_stands(match, umpire, chief):
    # Each service locks the match (select_for_update) and re-reads it: the second, holding the page it read
    # before the first recorded, is refused on the match as it now stands, and nothing of his is saved.
    stale = Match.objects.get(pk=match.pk)
    services.record_loss(match, player_of(match, "a"), "left_board_area", umpire)
    with pytest.raises(Conflict, match="the match is over"):
        services.record_loss(stale, player_of(match, "b"), "insulting_remarks", chief)
    with pytest.raises(Conflict):
        services.record_warning(stale, player_of(match, "b"), chief)
    assert MatchLoss.objects.get().side == "a"
    assert ConductChange.objects.filter(what="loss").count() == 1
