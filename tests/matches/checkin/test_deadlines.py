"""Late arrivals: reporting deadlines from the rule set, reporting at the board, and the
boundary minute of each law: exactly at the deadline is in time, one second after loses."""

from datetime import UTC, datetime, timedelta

import pytest

from core.errors import ServiceError
from matches.checkin import services as late
from matches.models import ResultChange
from matches.services import change_status
from stages.models import Match, Stage
from tests.factories import RoundClockFactory, UserFactory
from tests.helpers import make_match

pytestmark = pytest.mark.django_db

T = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)
SECOND = timedelta(seconds=1)


def icf_called(tournament, **fields):
    """ICF 143(i): a match announced (called) at T; reporting closes at T + 15 minutes."""
    match = make_match(tournament, "icf", status=Match.Status.CALLED, called_at=T, **fields)
    late.refresh_deadlines([match])
    return match


def ecc_started(tournament, **fields):
    """ECC 18: "Start" of the round at T; a player not at the board 6 minutes later loses 25-0."""
    match = make_match(tournament, "ecc", kind=Stage.Kind.SWISS, **fields)
    RoundClockFactory(round=match.round, started_at=T)
    late.refresh_deadlines([match])
    return match


def queen2_planned(tournament, **fields):
    """queen2 ¶10: report 5 minutes before the planned time T."""
    match = make_match(tournament, "queen2", planned_at=T, **fields)
    late.refresh_deadlines([match])
    return match


DEADLINES = [
    (icf_called, T + timedelta(minutes=15), "ICF 143(i)"),
    (ecc_started, T + timedelta(minutes=6), "ECC 18"),
    (queen2_planned, T - timedelta(minutes=5), "queen2 ¶10"),
]


@pytest.mark.parametrize(("build", "deadline", "law"), DEADLINES)
def test_deadline_comes_from_the_rule_set_and_the_match_times(tournament, build, deadline, law):
    match = build(tournament)
    match.refresh_from_db()
    assert match.report_deadline == deadline
    assert late.late_arrival_of(match).law == law


@pytest.mark.parametrize(("build", "deadline", "law"), DEADLINES)
def test_reporting_exactly_at_the_deadline_is_in_time(tournament, secretary, build, deadline, law):
    match = build(tournament)
    late.report(match, "a", secretary, at=deadline)
    late.report(match, "b", secretary, at=deadline)
    assert late.apply_forfeits(now=deadline + timedelta(hours=1)) == 0
    match.refresh_from_db()
    assert match.status in late.WAITING and (match.reported_a_at, match.forfeited) == (deadline, "")
    assert match.changes.filter(what=ResultChange.What.REPORTED).count() == 2


@pytest.mark.parametrize(("build", "deadline", "law"), DEADLINES)
def test_one_second_after_the_deadline_the_report_is_refused_naming_the_law(tournament, umpire, build, deadline, law):
    match = build(tournament, umpire=umpire)
    with pytest.raises(ServiceError) as refused:
        late.report(match, "a", umpire, at=deadline + SECOND)
    assert law in refused.value.message and f"{deadline:%H:%M:%S}" in refused.value.message
    assert "chief referee" in refused.value.message
    match.refresh_from_db()
    assert match.reported_a_at is None


@pytest.mark.parametrize(("build", "deadline", "law"), DEADLINES)
def test_the_task_forfeits_one_second_after_the_deadline_not_at_it(tournament, secretary, build, deadline, law):
    match = build(tournament)
    late.report(match, "a", secretary, at=deadline - timedelta(minutes=1))
    assert late.apply_forfeits(now=deadline) == 0  # exactly at the deadline B may still arrive
    match.refresh_from_db()
    assert match.status != Match.Status.WALKOVER
    assert late.apply_forfeits(now=deadline + SECOND) == 1
    match.refresh_from_db()
    assert (match.status, match.forfeited, match.winner_id) == (Match.Status.WALKOVER, "b", match.entry_a_id)
    row = match.changes.get(what=ResultChange.What.FORFEIT)
    assert law in row.reason and row.user is None


def test_icf_and_queen2_forfeit_loses_the_entire_match_ecc_25_0(tournament, secretary):
    """ICF 143 / queen2 ¶10: the entire match is lost, a walk-over with no score; ECC 18: 25-0."""
    icf, ecc, queen2 = icf_called(tournament), ecc_started(tournament), queen2_planned(tournament)
    for match in (icf, ecc, queen2):
        late.report(match, "b", secretary, at=T - timedelta(hours=1))
    assert late.apply_forfeits(now=T + timedelta(hours=1)) == 3
    for match in (icf, ecc, queen2):
        match.refresh_from_db()
    assert (icf.games_a, icf.games_b, icf.score_a, icf.score_b, icf.winner_id) == (0, 0, None, None, icf.entry_b_id)
    assert (queen2.games_b, queen2.score_b, queen2.score_a, queen2.winner_id) == (0, None, None, queen2.entry_b_id)
    assert (ecc.games_b, ecc.score_b, ecc.score_a) == (1, 25, 0)


def test_a_best_of_three_ecc_stage_forfeits_25_0_per_game(tournament, secretary):
    match = ecc_started(tournament)
    Stage.objects.filter(pk=match.stage_id).update(games_per_match=3)
    late.report(match, "a", secretary, at=T)
    late.apply_forfeits(now=T + timedelta(hours=1))
    match.refresh_from_db()
    assert (match.games_a, match.score_a, match.score_b) == (2, 50, 0)


def test_calling_a_match_starts_the_icf_15_minutes_and_withdrawing_the_call_clears_them(tournament, secretary):
    match = make_match(tournament, "icf")
    change_status(match, Match.Status.CALLED, user=secretary)
    match.refresh_from_db()
    assert match.report_deadline == match.called_at + timedelta(minutes=15)  # ICF 143(i)
    change_status(match, Match.Status.SCHEDULED, user=secretary, reason="wrong table")
    match.refresh_from_db()
    assert match.report_deadline is None
    first_call = match.called_at
    change_status(match, Match.Status.CALLED, user=secretary)
    match.refresh_from_db()
    assert match.called_at > first_call and match.report_deadline == match.called_at + timedelta(minutes=15)


def test_no_deadline_without_the_reference_time_or_a_law(tournament):
    icf = make_match(tournament, "icf")  # not announced yet
    ecc = make_match(tournament, "ecc")  # no "Start" yet
    queen2 = make_match(tournament, "queen2")  # no planned time
    office = make_match(tournament, "office", planned_at=T, status=Match.Status.CALLED, called_at=T)
    assert late.refresh_deadlines([icf, ecc, queen2, office]) == []
    assert Match.objects.exclude(report_deadline=None).count() == 0


def test_decided_matches_keep_their_deadline(tournament):
    match = make_match(tournament, "queen2", planned_at=T, status=Match.Status.CONFIRMED)
    assert late.refresh_deadlines([match]) == []


def test_reporting_twice_changes_nothing_and_bad_sides_are_refused(tournament, umpire):
    match = icf_called(tournament, umpire=umpire)
    late.report(match, "a", umpire, at=T)
    late.report(match, "a", umpire, at=T + timedelta(minutes=5))
    match.refresh_from_db()
    assert match.reported_a_at == T
    assert match.changes.filter(what=ResultChange.What.REPORTED).count() == 1
    with pytest.raises(ServiceError) as refused:
        late.report(match, "c", umpire)
    assert refused.value.field == "side"


def test_a_match_under_way_takes_no_report(tournament, umpire):
    match = make_match(tournament, "icf", status=Match.Status.IN_PLAY, umpire=umpire)
    with pytest.raises(ServiceError) as refused:
        late.report(match, "a", umpire)
    assert refused.value.field == "status"


def test_the_chief_referee_accepts_a_late_report_only_with_a_reason(tournament, umpire):
    chief = UserFactory()
    tournament.chief_referees.add(chief)
    match = icf_called(tournament, umpire=umpire)
    after = T + timedelta(minutes=16)
    with pytest.raises(ServiceError):
        late.report(match, "a", chief, at=after)  # no reason
    with pytest.raises(ServiceError):
        late.report(match, "a", umpire, at=after, reason="stuck in traffic")  # not the chief referee
    late.report(match, "a", chief, at=after, reason="the hall was locked")
    row = match.changes.get(what=ResultChange.What.REPORTED)
    assert row.after["late"] is True and row.reason == "the hall was locked" and row.user == chief


def test_who_may_report(tournament, umpire):
    other_umpire, outsider, chief = UserFactory(), UserFactory(), UserFactory()
    tournament.umpires.add(other_umpire)
    tournament.chief_referees.add(chief)
    assigned = icf_called(tournament, umpire=umpire)
    unassigned = icf_called(tournament)
    assert late.can_report(umpire, assigned) and late.can_report(chief, assigned)
    assert not late.can_report(other_umpire, assigned)  # the match has its own umpire
    assert late.can_report(other_umpire, unassigned)  # nobody assigned: any umpire of the tournament
    assert not late.can_report(outsider, unassigned)
