"""Late arrivals: the periodic task forfeits every match past its deadline, once, notifies the
people concerned, and standings and brackets follow; both sides absent: both lose (ICF 143(i), ECC 18)."""

import logging
from datetime import UTC, datetime, timedelta

import pytest

from matches.checkin import services as late
from matches.checkin.tasks import apply_forfeits as apply_forfeits_task
from matches.models import ResultChange
from matches.scoring.services import record_result
from stages.draws.knockout import advance
from stages.draws.standings import MatchResult, standings
from stages.models import Match, Stage
from stages.selectors import stage_standings
from tests.factories import EntryFactory, EventFactory, MatchFactory, PlayerFactory, RoundFactory, UserFactory
from tests.helpers import knockout, make_match
from tournaments.models import Notification

pytestmark = pytest.mark.django_db

T = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)
LATER = T + timedelta(minutes=16)  # past the ICF 143(i) deadline of a match called at T


def call(match, at=T):
    """Announce `match` at `at` (ICF 143(i): the 15 minutes run from here)."""
    Match.objects.filter(pk=match.pk).update(status=Match.Status.CALLED, called_at=at)
    match.refresh_from_db()
    late.refresh_deadlines([match])
    return match


def player_entry(event):
    """An entry whose player has a user account (so the player is notified)."""
    return EntryFactory(event=event, members=[PlayerFactory(user=UserFactory())])


def test_running_twice_forfeits_once_audits_once_notifies_once(tournament, secretary, umpire):
    event = EventFactory(tournament=tournament, rule_set="icf")
    rnd = RoundFactory(stage__event=event, stage__kind=Stage.Kind.ROUND_ROBIN)
    match = call(MatchFactory(round=rnd, entry_a=player_entry(event), entry_b=player_entry(event), umpire=umpire))
    late.report(match, "a", umpire, at=T + timedelta(minutes=3))
    assert late.apply_forfeits(now=LATER) == 1
    assert late.apply_forfeits(now=LATER) == 0
    assert apply_forfeits_task.delay().get() == 0  # the Celery task (eager in tests) runs the same function
    assert match.changes.filter(what=ResultChange.What.FORFEIT).count() == 1
    b_user = match.entry_b.members.get().player.user
    a_user = match.entry_a.members.get().player.user
    for user in (secretary, umpire, a_user, b_user):
        assert Notification.objects.filter(user=user).count() == 1, user
    note = Notification.objects.get(user=b_user)
    assert "ICF 143(i)" in note.body and "10:15:00" in note.body and note.url == match.stage.get_absolute_url()
    assert Notification.objects.get(user=umpire).url.endswith(f"/rounds/{rnd.pk}/checkin/")


def test_a_crash_half_way_loses_nothing_and_the_next_run_finishes(tournament, secretary, monkeypatch, caplog):
    first, second = (call(make_match(tournament, "icf")) for _ in range(2))
    real = late.notify_forfeit

    def crash_on_second(match):
        if match.pk == second.pk:
            raise RuntimeError("worker killed")
        real(match)

    monkeypatch.setattr(late, "notify_forfeit", crash_on_second)
    with caplog.at_level(logging.ERROR, logger="matches.checkin.services"):
        assert late.apply_forfeits(now=LATER) == 1
    assert "stays due" in caplog.text
    second.refresh_from_db()
    # The second match's transaction rolled back whole: no status change, no audit row, no notification.
    assert (second.status, second.forfeited) == (Match.Status.CALLED, "")
    assert not second.changes.filter(what=ResultChange.What.FORFEIT).exists()
    monkeypatch.setattr(late, "notify_forfeit", real)
    assert late.apply_forfeits(now=LATER) == 1
    for match in (first, second):
        assert match.changes.filter(what=ResultChange.What.FORFEIT).count() == 1
    assert Notification.objects.filter(user=secretary).count() == 2


def test_only_due_matches_are_touched(tournament, umpire):
    both_here = call(make_match(tournament, "icf", umpire=umpire))
    late.report(both_here, "a", umpire, at=T)
    late.report(both_here, "b", umpire, at=T)
    in_play = call(make_match(tournament, "icf"))
    Match.objects.filter(pk=in_play.pk).update(status=Match.Status.IN_PLAY)
    not_yet = call(make_match(tournament, "icf"), at=LATER)
    awaiting_feeder = call(make_match(tournament, "icf", entry_b=None))
    assert late.apply_forfeits(now=LATER) == 0
    assert not Match.objects.filter(status=Match.Status.WALKOVER).exists()
    assert {both_here.pk, in_play.pk, not_yet.pk, awaiting_feeder.pk} == set(Match.objects.values_list("pk", flat=True))


def test_a_preview_round_is_never_forfeited(tournament, caplog):
    """queen2 ¶10 counts from the planned time, which a preview's match may already have."""
    preview = make_match(tournament, "queen2", planned_at=T)
    preview.round.status = "draft"
    preview.round.save()
    late.refresh_deadlines([preview])
    with caplog.at_level(logging.ERROR):
        assert late.apply_forfeits(now=LATER) == 0
    assert Match.objects.get(pk=preview.pk).status == Match.Status.SCHEDULED and not caplog.records


def test_both_absent_both_lose_in_the_standings(tournament, umpire):
    event = EventFactory(tournament=tournament, rule_set="icf")
    rnd = RoundFactory(stage__event=event, stage__kind=Stage.Kind.ROUND_ROBIN)
    a, b, c = (EntryFactory(event=event) for _ in range(3))
    absent_both = call(MatchFactory(round=rnd, entry_a=a, entry_b=b))
    played = MatchFactory(round=rnd, entry_a=a, entry_b=c, status=Match.Status.CONFIRMED, score_a=50, score_b=20)
    played.winner = a
    played.save()
    assert late.apply_forfeits(now=LATER) == 1
    absent_both.refresh_from_db()
    assert (absent_both.status, absent_both.forfeited, absent_both.winner_id) == (Match.Status.WALKOVER, "ab", None)
    assert (absent_both.score_a, absent_both.score_b) == (0, 0)
    rows = {row.id: row for row in stage_standings(rnd.stage)}
    assert (rows[a.pk].played, rows[a.pk].wins, rows[a.pk].losses, rows[a.pk].points) == (2, 1, 1, 2)
    assert (rows[b.pk].played, rows[b.pk].losses, rows[b.pk].points, rows[b.pk].draws) == (1, 1, 0, 0)
    assert (rows[c.pk].losses, rows[c.pk].points) == (1, 0)


def test_standings_engine_counts_a_double_forfeit_as_a_loss_for_each():
    rows = standings(
        [{"id": "x", "name": "X"}, {"id": "y", "name": "Y"}],
        [MatchResult("x", "y", 0, 0, both_lose=True), {"a": "y", "b": None, "score_a": 25}],
        precedence=("points", "head_to_head", "name"),
    )
    assert [(r.id, r.points, r.wins, r.draws, r.losses) for r in rows] == [("y", 2, 1, 0, 1), ("x", 0, 0, 0, 1)]


def test_a_knockout_forfeit_advances_the_player_who_reported(tournament, secretary):
    stage = knockout(tournament)
    semi_one = stage.matches.filter(round__number=1).order_by("number").first()
    call(semi_one)
    late.report(semi_one, "b", secretary, at=T)
    assert late.apply_forfeits(now=LATER) == 1
    final = stage.matches.get(round__name="final")
    assert final.entry_a_id == semi_one.entry_b_id and final.entry_b_id is None
    semi_one.refresh_from_db()
    # ICF 143: the entire match, no score.
    assert (semi_one.games_b, semi_one.score_b, semi_one.score_a) == (0, None, None)


def test_a_double_forfeit_in_a_knockout_advances_nobody_and_the_next_opponent_has_a_walkover(tournament):
    stage = knockout(tournament)
    semi_one, semi_two = stage.matches.filter(round__number=1).order_by("number")
    call(semi_one)  # nobody reports
    assert late.apply_forfeits(now=LATER) == 1
    final = stage.matches.get(round__name="final")
    assert (final.entry_a_id, final.entry_b_id, final.status) == (None, None, Match.Status.SCHEDULED)
    record_result(semi_two, [(25, 3), (25, 4)], confirm=True)
    final.refresh_from_db()
    winner = semi_two.entry_a_id
    assert (final.entry_b_id, final.status, final.winner_id) == (winner, Match.Status.BYE, winner)


def test_bracket_engine_takes_both_absent_ids():
    bracket = advance([[1, 4], [2, 3]], results={(1, 1): 2}, walkovers={(1, 0): (1, 4)})
    first, second = bracket.rounds[0]
    assert (first.decided, first.winner, first.walkover) == (True, None, True)
    final = bracket.rounds[1][0]
    assert (final.a, final.b, final.winner, final.walkover) == (None, 2, 2, True)


def test_a_double_forfeit_reads_as_lost_by_both_on_the_stage_page():
    from stages.display import result_text, side_scores

    match = Match(status=Match.Status.WALKOVER, entry_a_id=1, entry_b_id=2, winner_id=None, forfeited="ab")
    assert side_scores(match) == ("W/O", "W/O")
    assert result_text(match) == "both absent: lost by walk-over"
