"""Late arrivals: the chief referee cancels a forfeit (within the round), standings and
brackets follow; in a Swiss stage a player who forfeited is withdrawn from later rounds or kept in (ECC)."""

import random
from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from core.errors import ServiceError
from matches.checkin import services as late
from matches.models import ResultChange
from matches.scoring.services import record_result
from matches.services import change_status
from stages.models import Match, Stage
from stages.selectors import stage_standings
from stages.services import pair_swiss_round, publish_round
from tests.factories import EntryFactory, EventFactory, RoundClockFactory, UserFactory
from tests.helpers import knockout, make_match
from tournaments.models import Notification

pytestmark = pytest.mark.django_db

T = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)


@pytest.fixture
def chief(tournament):
    user = UserFactory()
    tournament.chief_referees.add(user)
    return user


def forfeited(match, absent="b", at=T):
    """`match` called at `at`, side(s) in `absent` never report, the task runs after the ICF 143(i) deadline."""
    Match.objects.filter(pk=match.pk).update(status=Match.Status.CALLED, called_at=at)
    match.refresh_from_db()
    late.refresh_deadlines([match])
    for side in "ab":
        if side not in absent:
            Match.objects.filter(pk=match.pk).update(**{f"reported_{side}_at": at})
    assert late.apply_forfeits(now=at + timedelta(minutes=16)) == 1
    match.refresh_from_db()
    return match


def test_cancelling_restores_the_match_and_the_standings_follow(tournament, chief):
    match = forfeited(make_match(tournament, "icf"))
    assert {row.id: row.points for row in stage_standings(match.stage)}[match.entry_a_id] == 2
    late.cancel_forfeit(match, chief, "The hall opened 20 minutes late", reported=["b"])
    match.refresh_from_db()
    assert (match.status, match.forfeited, match.winner_id, match.score_a) == (Match.Status.CALLED, "", None, None)
    assert match.reported_a_at == T and match.reported_b_at is not None  # A's report stands; B is here now
    assert all(row.played == 0 for row in stage_standings(match.stage))
    row = match.changes.get(what=ResultChange.What.FORFEIT_CANCELLED)
    assert (row.user, row.reason, row.before["forfeited"], row.after["forfeited"]) == (
        chief,
        "The hall opened 20 minutes late",
        "b",
        "",
    )
    assert Notification.objects.filter(user=chief, key__startswith="forfeit-cancelled:").count() == 1


def test_a_side_still_absent_gets_the_laws_time_again_and_can_forfeit_again(tournament, chief, secretary):
    match = forfeited(make_match(tournament, "icf"))
    before = timezone.now()
    late.cancel_forfeit(match, chief, "Wrong table announced")
    match.refresh_from_db()
    assert before + timedelta(minutes=15) <= match.report_deadline <= timezone.now() + timedelta(minutes=15)
    assert late.apply_forfeits(now=match.report_deadline) == 0
    assert late.apply_forfeits(now=match.report_deadline + timedelta(seconds=1)) == 1
    assert match.changes.filter(what=ResultChange.What.FORFEIT).count() == 2
    assert Notification.objects.filter(user=secretary, key__startswith="forfeit:").count() == 2


def test_a_refreshed_deadline_never_undoes_the_chief_referees_new_one(tournament, chief):
    """ECC 18 counts from "Start": once that has passed, a recomputation must not forfeit the match at once."""
    start = timezone.now() - timedelta(minutes=30)
    match = make_match(tournament, "ecc", kind=Stage.Kind.SWISS)
    RoundClockFactory(round=match.round, started_at=start)
    late.refresh_deadlines([match])
    match.refresh_from_db()
    assert late.apply_forfeits() == 1
    late.cancel_forfeit(match, chief, "Clock started before the hall was open")
    match.refresh_from_db()
    new_deadline = match.report_deadline
    assert late.refresh_deadlines([match]) == []
    match.refresh_from_db()
    assert match.report_deadline == new_deadline > timezone.now()
    assert late.apply_forfeits() == 0


def test_a_reason_is_required_and_only_forfeits_are_cancelled(tournament, chief):
    match = forfeited(make_match(tournament, "icf"))
    with pytest.raises(ServiceError) as refused:
        late.cancel_forfeit(match, chief, "  ")
    assert refused.value.field == "reason"
    with pytest.raises(ServiceError) as refused:
        late.cancel_forfeit(match, chief, "x", reported=["c"])
    assert refused.value.field == "reported"
    other = make_match(tournament, "icf")
    with pytest.raises(ServiceError) as refused:
        late.cancel_forfeit(other, chief, "no reason to")
    assert refused.value.field == "status"


def test_knockout_override_takes_the_player_back_out_of_the_final(tournament, chief):
    stage = knockout(tournament)
    semi_one, semi_two = stage.matches.filter(round__number=1).order_by("number")
    forfeited(semi_one, absent="b")
    final = stage.matches.get(round__name="final")
    assert final.entry_a_id == semi_one.entry_a_id
    late.cancel_forfeit(semi_one, chief, "Organisers' delay", reported=["a", "b"])
    final.refresh_from_db()
    assert final.entry_a_id is None


def test_knockout_override_is_refused_once_the_bracket_has_moved_on(tournament, chief):
    stage = knockout(tournament)
    semi_one, semi_two = stage.matches.filter(round__number=1).order_by("number")
    forfeited(semi_one, absent="b")
    record_result(semi_two, [(25, 3), (25, 4)], confirm=True)
    final = stage.matches.get(round__name="final")
    change_status(final, Match.Status.IN_PLAY)
    with pytest.raises(ServiceError, match="final of this bracket is already under way"):
        late.cancel_forfeit(semi_one, chief, "too late")
    semi_one.refresh_from_db()
    assert semi_one.status == Match.Status.WALKOVER


def test_cancelling_a_double_forfeit_takes_back_the_next_opponents_walkover(tournament, chief):
    stage = knockout(tournament)
    semi_one, semi_two = stage.matches.filter(round__number=1).order_by("number")
    forfeited(semi_one, absent="ab")
    record_result(semi_two, [(25, 3), (25, 4)], confirm=True)
    final = stage.matches.get(round__name="final")
    assert final.status == Match.Status.BYE
    late.cancel_forfeit(semi_one, chief, "Both were sent to the wrong hall", reported=["a", "b"])
    final.refresh_from_db()
    assert (final.status, final.winner_id, final.entry_a_id) == (Match.Status.SCHEDULED, None, None)


def swiss(tournament, players=4):
    event = EventFactory(tournament=tournament, rule_set="ecc")
    for _ in range(players):
        EntryFactory(event=event)
    stage = Stage.objects.create(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=3)
    rnd = pair_swiss_round(stage, random.Random(1))
    publish_round(rnd)
    return stage, rnd


def ecc_round_with_one_absent(stage, rnd):
    """ECC 18: "Start" at T; in the first match B never reports, every other side reports in time."""
    RoundClockFactory(round=rnd, started_at=T)
    matches = list(rnd.matches.order_by("number"))
    late.refresh_deadlines(matches)
    Match.objects.filter(round=rnd).update(reported_a_at=T, reported_b_at=T)
    Match.objects.filter(pk=matches[0].pk).update(reported_b_at=None)
    assert late.apply_forfeits(now=T + timedelta(minutes=6, seconds=1)) == 1
    for match in matches[1:]:
        record_result(match, [(25, 10)], confirm=True)
    first = matches[0]
    first.refresh_from_db()
    return first


def test_swiss_keeps_a_player_who_forfeited_by_default_ecc(tournament):
    stage, rnd = swiss(tournament)
    absent = ecc_round_with_one_absent(stage, rnd).entry_b
    later = pair_swiss_round(stage, random.Random(2))
    assert later.matches.filter(entry_a=absent).exists() or later.matches.filter(entry_b=absent).exists()


def test_swiss_withdraws_a_player_who_forfeited_from_later_rounds(tournament, chief):
    stage, rnd = swiss(tournament)
    match = ecc_round_with_one_absent(stage, rnd)
    with pytest.raises(ServiceError):
        late.set_withdrawn_after_forfeit(match, "a", withdrawn=True)  # A reported: not theirs to lose
    entry = late.set_withdrawn_after_forfeit(match, "b", withdrawn=True)
    assert entry.withdrawn
    later = pair_swiss_round(stage, random.Random(2))
    sides = later.matches.values_list("entry_a", "entry_b")
    playing = {entry for pair in sides for entry in pair}
    assert entry.pk not in playing and len(playing - {None}) == 3
    # The forfeit still counts in the standings: a loss 0-25 (ECC 18).
    row = {r.id: r for r in stage_standings(stage)}[entry.pk]
    assert (row.losses, row.net_score) == (1, -25)


def test_cancelling_reinstates_a_player_withdrawn_for_the_forfeit(tournament, chief):
    stage, rnd = swiss(tournament)
    match = ecc_round_with_one_absent(stage, rnd)
    late.set_withdrawn_after_forfeit(match, "b", withdrawn=True)
    late.cancel_forfeit(match, chief, "Clock started early", reported=["b"])
    match.entry_b.refresh_from_db()
    assert match.entry_b.withdrawn is False  # the forfeit is gone, and with it the withdrawal


def test_swiss_override_is_refused_once_the_next_round_is_paired(tournament, chief):
    stage, rnd = swiss(tournament)
    match = ecc_round_with_one_absent(stage, rnd)
    pair_swiss_round(stage, random.Random(2))
    with pytest.raises(ServiceError, match="Round 2 is already paired"):
        late.cancel_forfeit(match, chief, "Clock started early")
    match.refresh_from_db()
    assert match.status == Match.Status.WALKOVER


def test_the_plain_cancel_walkover_move_sends_a_forfeit_to_its_own_override(tournament, chief):
    match = forfeited(make_match(tournament, "icf"))
    with pytest.raises(ServiceError, match="cancel the forfeit on the check-in page"):
        change_status(match, Match.Status.SCHEDULED, user=chief, reason="organisers' delay")
    match.refresh_from_db()
    assert (match.status, match.forfeited) == (Match.Status.WALKOVER, "b")


def test_a_swiss_stage_set_to_withdraw_forfeiters_withdraws_them_automatically(tournament):
    stage, rnd = swiss(tournament)
    Stage.objects.filter(pk=stage.pk).update(forfeit_withdraws=True)
    stage.refresh_from_db()
    absent = ecc_round_with_one_absent(stage, rnd).entry_b
    absent.refresh_from_db()
    assert absent.withdrawn
    later = pair_swiss_round(stage, random.Random(2))
    assert not later.matches.filter(entry_a=absent).exists() and not later.matches.filter(entry_b=absent).exists()
