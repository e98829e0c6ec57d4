"""The audit log names the side whose match link made an entry (no account): scoring.audit.entered_by_side puts it
on every row written inside the block, whichever service writes it, and the history reads it as the author."""

import pytest

from matches.audit import entered_by_side
from matches.models import ResultChange
from matches.scoring import services
from matches.scoring.display import change_author, describe
from matches.services import change_status
from stages.models import Match
from tests.factories import UserFactory
from tests.helpers import make_match
from tests.matches.scoring.test_card_pages import link_player

pytestmark = pytest.mark.django_db


def test_rows_written_inside_the_block_carry_the_side_and_none_after_it(tournament, secretary):
    match = make_match(tournament, rule_set="ecc", self_umpired=True, status=Match.Status.CALLED)
    with entered_by_side("b"):
        services.record_result(match, [(10, 25)])
    services.confirm_result(match, user=secretary)
    entry, confirmation = match.history
    assert (entry.what, entry.user, entry.after["by_side"]) == (ResultChange.What.RESULT, None, "b")
    assert change_author(entry) == "side B (match link)"
    assert "by_side" not in describe(entry.after, {"A": "Ann", "B": "Bob"}, {})
    assert "by_side" not in confirmation.after and change_author(confirmation) == secretary.get_username()


def test_the_block_ends_even_when_the_service_refuses(tournament):
    match = make_match(tournament, rule_set="ecc", self_umpired=True, status=Match.Status.CALLED)
    with pytest.raises(services.ServiceError), entered_by_side("a"):
        services.record_result(match, [])
    change_status(match, Match.Status.IN_PLAY)
    assert "by_side" not in match.history.get().after


def test_a_player_who_entered_through_the_link_cannot_confirm_with_an_account(client, tournament):
    match = make_match(tournament, rule_set="ecc", self_umpired=True, status=Match.Status.CALLED)
    player_a, player_b = UserFactory(), UserFactory()
    link_player(match.entry_a, player_a)
    link_player(match.entry_b, player_b)
    with entered_by_side("a"):
        services.record_result(match, [(25, 10)])
    with pytest.raises(services.NotAllowed):
        services.confirm_result(match, user=player_a)
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED
    services.confirm_result(match, user=player_b)
    assert Match.objects.get(pk=match.pk).status == Match.Status.CONFIRMED
