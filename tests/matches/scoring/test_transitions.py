"""The match state machine: every move not in the table is refused with a clear message."""

import pytest

from matches.models import ResultChange
from matches.scoring.services import record_result, record_walkover, retire, transition
from matches.transitions import MOVES, TransitionError, allowed_from
from stages.models import Match
from tests.helpers import make_match

pytestmark = pytest.mark.django_db
S = Match.Status
MANUAL = {pair for pair, move in MOVES.items() if move.service is None}
ILLEGAL = [(f, t) for f in S.values for t in S.values if (f, t) not in MANUAL]


@pytest.mark.parametrize(("frm", "to"), ILLEGAL, ids=[f"{f}->{t}" for f, t in ILLEGAL])
def test_every_illegal_transition_is_refused_with_a_message(tournament, frm, to):
    match = make_match(tournament, status=frm)
    with pytest.raises(TransitionError) as error:
        transition(match, to, reason="because")
    message = error.value.message
    assert error.value.field == "status" and message.endswith(".") and len(message) > 20
    match.refresh_from_db()
    assert match.status == frm and not match.changes.exists()


def test_refusals_explain_what_to_do_instead(tournament):
    match = make_match(tournament, status=S.IN_PLAY)
    with pytest.raises(TransitionError, match="enter its boards on the score card, or its final score"):
        transition(match, S.FINISHED)
    with pytest.raises(TransitionError, match="side that did not play"):
        transition(match, S.WALKOVER)
    with pytest.raises(TransitionError, match="Byes are made by the draw"):
        transition(match, S.BYE)
    match = make_match(tournament, status=S.SCHEDULED)
    with pytest.raises(
        TransitionError, match="A scheduled match cannot become retired; from scheduled it can become: called, in play"
    ):
        transition(match, S.RETIRED)
    match = make_match(tournament, status=S.BYE)
    with pytest.raises(TransitionError, match=r"nothing \(its result stands\)"):
        transition(match, S.CALLED)


def test_the_happy_path_with_timestamps_and_audit(tournament, secretary):
    match = make_match(tournament)
    transition(match, S.CALLED, user=secretary)
    transition(match, S.IN_PLAY, user=secretary)
    match.refresh_from_db()
    assert match.status == S.IN_PLAY and match.called_at and match.started_at
    record_result(match, [(25, 3), (25, 0)], user=secretary)
    transition(match, S.CONFIRMED, user=secretary)
    match.refresh_from_db()
    assert match.status == S.CONFIRMED and match.confirmed_at
    assert [c.what for c in match.history] == ["status", "status", "result", "confirmed"]
    assert allowed_from(S.CONFIRMED) == [S.FINISHED]


def test_moves_that_need_a_reason(tournament, secretary):
    match = make_match(tournament, status=S.CALLED)
    with pytest.raises(TransitionError, match="Give a reason to withdraw the call"):
        transition(match, S.SCHEDULED, user=secretary)
    transition(match, S.SCHEDULED, user=secretary, reason="table 3 not free")
    record_walkover(match, "b", user=secretary, reason="B absent 15 minutes (ICF 143(i))")
    transition(match, S.SCHEDULED, user=secretary, reason="B was at the wrong table")
    match.refresh_from_db()
    assert match.status == S.SCHEDULED and match.winner_id is None and match.score_a is None
    change = match.history.last()
    assert change.before["status"] == S.WALKOVER and change.after["status"] == S.SCHEDULED
    assert change.reason == "B was at the wrong table" and change.user == secretary


def test_retired_then_confirmed(tournament):
    match = make_match(tournament, status=S.IN_PLAY)
    retire(match, "a", reason="injury")
    match.refresh_from_db()
    assert match.status == S.RETIRED and match.winner_id == match.entry_b_id
    transition(match, S.CONFIRMED)
    match.refresh_from_db()
    assert match.status == S.CONFIRMED and match.is_decided
    assert match.history.filter(what=ResultChange.What.RETIRED).get().after["retiring_side"] == "a"


def test_reopening_a_confirmed_result_takes_it_out_of_the_standings(tournament, secretary):
    match = make_match(tournament)
    record_result(match, [(25, 3), (25, 0)], confirm=True)
    with pytest.raises(TransitionError, match="Give a reason"):
        transition(match, S.FINISHED, user=secretary)
    transition(match, S.FINISHED, user=secretary, reason="wrong score card")
    match.refresh_from_db()
    assert match.status == S.FINISHED and not match.is_decided and match.confirmed_at is None
