"""Protests (ICF XVIII): every rule of ICF 144-151 and queen2 ¶18 at its boundary, through protests.services."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from core.errors import NotAllowed, ServiceError
from matches.models import ResultChange
from matches.scoring.scorecard import add_board
from matches.scoring.services import confirm_result
from protests import fees, selectors, services
from protests.models import Protest
from stages.models import Match, Stage
from stages.selectors import stage_standings
from stages.services import (
    StageError,
    draw_stage,
    finish_stage,
    pair_swiss_round,
    publish_round,
    publish_stage,
)
from tests.factories import EntryFactory, EventFactory, MatchFactory, ProtestFactory, StageFactory, UserFactory
from tests.helpers import GAME_25_3, game_25_0, make_match
from tournaments.models import Notification

from .conftest import T0, linked_user, minutes, played_match

pytestmark = pytest.mark.django_db
P = Protest.Status
W = ResultChange.What


def oral(match, user, board=4, game=1, fee_paid=True, at=T0, **fields):
    values = {"side": "B", "protester_name": "R. Kumar", "decision_appealed": "Foul called on B's last stroke."}
    values.update(fields)
    return services.log_oral_protest(match, game_no=game, board_no=board, fee_paid=fee_paid, user=user, at=at, **values)


def lodge(protest, user, at):
    return services.lodge_written(
        protest, "B's striker did not touch the queen; the foul was wrongly called.", "The foul on board 4.", user, at
    )


# ---------------------------------------------------------------- ICF 146, queen2 ¶18: the written window


def test_icf_146_written_protest_at_exactly_15_minutes_after_the_board_is_accepted(tournament, umpire, fee):
    match = played_match(tournament, umpire)
    protest = lodge(oral(match, umpire), umpire, minutes(15))
    assert protest.status == P.LODGED and protest.board_completed_at == T0
    assert protest.written_received_at == minutes(15) and protest.received_by == umpire


def test_icf_146_written_protest_at_15_01_is_refused_with_the_deadline(tournament, umpire, fee):
    match = played_match(tournament, umpire)
    protest = oral(match, umpire)
    with pytest.raises(ServiceError) as refused:
        lodge(protest, umpire, minutes(15, seconds=1))
    assert refused.value.field == "written_text"
    assert refused.value.message == (
        "ICF 146: the written protest was due within 15 minutes of the end of game 1 board 4, by 14:15; "
        "it was handed in at 14:15:01 and is refused."
    )
    with pytest.raises(ServiceError, match="by 14:15; it was handed in at 14:16"):
        lodge(protest, umpire, minutes(16))
    protest.refresh_from_db()
    assert protest.status == P.ORAL and protest.written_text == ""
    assert not Match.objects.get(pk=match.pk).result_withheld


def test_icf_146_window_runs_from_the_protested_board_not_the_last_one(tournament, umpire, fee):
    match = played_match(tournament, umpire)  # board 3 ended at 13:59, board 4 at 14:00
    protest = oral(match, umpire, board=3)
    with pytest.raises(ServiceError, match="board 3, by 14:14; it was handed in at 14:14:30"):
        lodge(protest, umpire, minutes(14, seconds=30))


def test_icf_146_the_umpire_may_state_when_the_board_ended(tournament, umpire, fee):
    match = played_match(tournament, umpire)  # the card says board 4 ended at 14:00
    stated = oral(match, umpire, board_completed_at=minutes(-10), at=minutes(1))
    with pytest.raises(ServiceError, match="by 14:05; it was handed in at 14:06"):
        lodge(stated, umpire, minutes(6))
    other = oral(match, umpire, side="A", at=minutes(1))
    with pytest.raises(ServiceError, match="by 14:15; it was handed in at 14:20"):  # the card's time...
        lodge(other, umpire, minutes(20))
    accepted = services.lodge_written(other, "Facts.", "Point.", umpire, minutes(20), board_completed_at=minutes(5))
    assert accepted.status == P.LODGED and accepted.board_completed_at == minutes(5)  # ...or the umpire's
    with pytest.raises(ServiceError, match="cannot have ended after 14:20, when this is logged"):
        oral(match, umpire, board_completed_at=minutes(21), at=minutes(20))


def test_icf_146_a_board_still_in_play_has_not_opened_the_window(tournament, umpire, fee):
    match = played_match(tournament, umpire)
    protest = oral(match, umpire, game=2, board=1)  # the board in play
    assert selectors.written_deadline(protest) is None
    assert lodge(protest, umpire, minutes(45)).status == P.LODGED


def test_queen2_p18_written_protest_within_5_minutes(tournament, umpire, fee):
    match = make_match(tournament, rule_set="queen2", umpire=umpire, status=Match.Status.IN_PLAY)
    on_time = oral(match, umpire, board=2, board_completed_at=T0)
    assert lodge(on_time, umpire, minutes(5)).status == P.LODGED
    late = oral(match, umpire, board=2, board_completed_at=T0)
    with pytest.raises(ServiceError, match=r"^queen2 ¶18: .* within 5 minutes .* by 14:05; .* at 14:05:01"):
        lodge(late, umpire, minutes(5, seconds=1))


def test_queen2_p18_decision_at_the_earliest_possible_has_no_due_time(tournament, umpire, fee):
    match = make_match(tournament, rule_set="queen2", umpire=umpire, status=Match.Status.IN_PLAY)
    protest = lodge(oral(match, umpire, board=2, board_completed_at=T0), umpire, minutes(1))
    assert protest.due_at is None
    assert services.flag_overdue(now=minutes(600)) == 0


def test_ecc_self_umpired_laws_have_no_protest_procedure(tournament, umpire, fee):
    match = make_match(tournament, rule_set="ecc", umpire=umpire, status=Match.Status.IN_PLAY)
    with pytest.raises(ServiceError, match="ECC laws for self-umpired games have no protest: there is no Umpire"):
        oral(match, umpire, board=1)
    office = make_match(tournament, rule_set="office", umpire=umpire, status=Match.Status.IN_PLAY)
    with pytest.raises(ServiceError, match="office league rules lay down no protest procedure"):
        oral(office, umpire, board=1)
    assert not Protest.objects.exists()


# ---------------------------------------------------------------- ICF 144, 145, 147: the oral protest and the fee


def test_icf_145_without_the_scrutiny_fee_the_protest_is_not_entertained(tournament, umpire, fee):
    match = played_match(tournament, umpire)
    with pytest.raises(ServiceError) as refused:
        oral(match, umpire, fee_paid=False)
    assert refused.value.field == "fee_paid"
    assert refused.value.message == (
        "ICF 145: no protest is entertained without payment of the scrutiny fee (500.00 INR). The protest is "
        "refused; nothing is recorded."
    )
    # Refused at once: nothing waits for a later payment, nothing is withheld.
    match.refresh_from_db()
    assert not Protest.objects.exists() and not match.result_withheld
    assert not match.changes.filter(what=W.WITHHELD).exists()
    paid = oral(match, umpire, at=minutes(2))
    assert (paid.fee_status, paid.fee_amount, paid.fee_currency) == (Protest.Fee.HELD, Decimal("500.00"), "INR")
    assert paid.fee_received_by == umpire and paid.fee_paid_at == minutes(2)
    assert lodge(paid, umpire, minutes(3)).status == P.LODGED


def test_queen2_takes_icf_145_by_p21_a_fee_less_protest_is_refused(tournament, umpire, fee):
    match = make_match(tournament, rule_set="queen2", umpire=umpire, status=Match.Status.IN_PLAY)
    with pytest.raises(ServiceError, match=r"^ICF 145 \(queen2 ¶21\): no protest is entertained without payment"):
        oral(match, umpire, board=2, fee_paid=False)
    assert not Protest.objects.exists()


def test_icf_145_a_tournament_without_a_fee_cannot_take_one(tournament, umpire):
    match = played_match(tournament, umpire)
    for fee_paid in (True, False):
        with pytest.raises(ServiceError, match="ICF 145: .* no scrutiny fee set yet; a secretary sets it first"):
            oral(match, umpire, fee_paid=fee_paid)
    assert not Protest.objects.exists()


def test_a_protest_logged_without_its_fee_before_icf_145_was_enforced_can_only_be_rejected(
    tournament, umpire, chief, fee
):
    match = played_match(tournament, umpire)
    legacy = ProtestFactory(match=match, game_no=1, board_no=4, fee_status="unpaid", intimated_at=T0)
    with pytest.raises(ServiceError, match="logged without it and can only be rejected"):
        lodge(legacy, umpire, minutes(1))
    with pytest.raises(ServiceError, match="awaits its written form"):
        services.decide(legacy, "overruled", "No.", chief, at=minutes(1))
    rejected = services.decide(legacy, "rejected", "ICF 145: no fee was paid.", chief, at=minutes(1))
    assert (rejected.status, rejected.fee_status) == (P.REJECTED, Protest.Fee.UNPAID)


def test_a_later_change_of_the_fee_leaves_fees_paid_as_they_were(tournament, umpire, fee):
    match = played_match(tournament, umpire)
    first = oral(match, umpire)
    services.set_fee(tournament, Decimal("20"), "eur")
    second = oral(match, umpire, side="A")
    first.refresh_from_db()
    assert (first.fee_amount, first.fee_currency) == (Decimal("500.00"), "INR")
    assert (second.fee_amount, second.fee_currency) == (Decimal("20.00"), "EUR")
    with pytest.raises(ServiceError, match="three letters"):
        services.set_fee(tournament, Decimal("20"), "euro")
    with pytest.raises(ServiceError, match="above zero"):
        services.set_fee(tournament, Decimal("0"), "EUR")


def test_icf_144_147_the_protest_names_the_protester_the_decision_and_the_point(tournament, umpire, fee):
    match = played_match(tournament, umpire)
    with pytest.raises(ServiceError, match="ICF 147: state the decision"):
        oral(match, umpire, decision_appealed=" ")
    with pytest.raises(ServiceError, match="ICF 144: name the player, captain or team manager"):
        oral(match, umpire, protester_name="")
    protest = oral(match, umpire, role=Protest.Role.TEAM_MANAGER)
    assert protest.role == "team_manager" and protest.logged_by == umpire and protest.intimated_at == T0
    with pytest.raises(ServiceError, match="ICF 147: state the point appealed against"):
        services.lodge_written(protest, "Facts.", "", umpire, minutes(1))
    with pytest.raises(ServiceError, match="ICF 147: state the facts"):
        services.lodge_written(protest, "", "Point.", umpire, minutes(1))


def test_the_protested_board_is_on_the_card_or_in_play(tournament, umpire, fee):
    match = played_match(tournament, umpire)
    with pytest.raises(
        ServiceError, match="Game 1 has no board 5 on this match's score card; the board in play is game 2"
    ):
        oral(match, umpire, board=5)
    with pytest.raises(ServiceError, match="Game 2 has no board 2"):
        oral(match, umpire, game=2, board=2)
    not_started = make_match(tournament, umpire=umpire)
    with pytest.raises(ServiceError, match="ICF 145: a protest follows an incident of play; a scheduled match"):
        oral(not_started, umpire, board=1)


# ---------------------------------------------------------------- ICF 149: no withdrawal


def test_icf_149_a_lodged_protest_cannot_be_withdrawn_or_lodged_again(tournament, umpire, fee):
    protest = lodge(oral(played_match(tournament, umpire), umpire), umpire, minutes(1))
    assert not any(name in dir(services) for name in ("withdraw", "withdraw_protest", "delete_protest", "cancel"))
    with pytest.raises(ServiceError, match="ICF 149: this protest is already lodged"):
        lodge(protest, umpire, minutes(2))
    protest.refresh_from_db()
    assert protest.status == P.LODGED


# ---------------------------------------------------------------- ICF 150: the result is withheld


def test_icf_150_play_continues_but_the_result_is_withheld_from_the_standings(tournament, umpire, chief, fee):
    match = played_match(tournament, umpire)
    protest = lodge(oral(match, umpire), umpire, minutes(1))
    match.refresh_from_db()
    assert match.result_withheld and match.status == Match.Status.IN_PLAY
    for board in game_25_0("A"):  # play continues from where it stopped
        add_board(match, None, board, user=umpire)
    confirm_result(match, user=umpire)  # confirmed, but not final
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.result_withheld and not match.is_decided
    rows = {row.id: row for row in stage_standings(match.stage)}
    assert rows[match.entry_a_id].points == 0 and rows[match.entry_a_id].played == 0
    assert [c.what for c in match.history.filter(what__in=[W.WITHHELD, W.RELEASED])] == [W.WITHHELD]

    services.decide(protest, "overruled", "The foul was rightly called.", chief)  # ICF 151(b): the result stands
    match.refresh_from_db()
    assert not match.result_withheld and match.is_decided and match.winner_id == match.entry_a_id
    rows = {row.id: row for row in stage_standings(match.stage)}
    assert rows[match.entry_a_id].points == 2 and rows[match.entry_a_id].played == 1
    assert [c.what for c in match.history.filter(what__in=[W.WITHHELD, W.RELEASED])] == [W.WITHHELD, W.RELEASED]


def test_icf_150_a_withheld_result_keeps_swiss_from_pairing_and_the_stage_from_finishing(
    tournament, umpire, chief, fee
):
    event = EventFactory(tournament=tournament, rule_set="icf")
    for _ in range(2):
        EntryFactory(event=event)
    stage = StageFactory(event=event, kind=Stage.Kind.SWISS, rounds_planned=2)
    publish_round(draw_stage(stage))
    match = stage.matches.get()
    match.umpire = umpire
    match.save()
    for board in [*GAME_25_3, *game_25_0("A")]:
        add_board(match, None, board, user=umpire)
    protest = services.log_oral_protest(
        match, game_no=1, board_no=4, side="B", protester_name="X", decision_appealed="Y", fee_paid=True, user=umpire
    )
    services.lodge_written(protest, "Facts.", "Point.", umpire)
    confirm_result(match, user=umpire)
    with pytest.raises(StageError, match="Round 1 has matches without a confirmed result"):
        pair_swiss_round(stage)
    with pytest.raises(StageError, match="still has 1 match"):
        finish_stage(stage)
    services.decide(protest, "overruled", "Rightly called.", chief)
    with pytest.raises(StageError, match="has played 1 of 2 rounds"):  # the result counts again
        finish_stage(stage)


def test_icf_150_a_withheld_result_advances_nobody_in_the_bracket(tournament, umpire, chief, fee):
    event = EventFactory(tournament=tournament, rule_set="icf")
    for seed in range(1, 5):
        EntryFactory(event=event, seed=seed)
    stage = StageFactory(event=event, kind=Stage.Kind.KNOCKOUT)
    draw_stage(stage)
    publish_stage(stage)
    first = stage.matches.filter(round__number=1).order_by("number").first()
    final = stage.matches.get(round__number=2)
    first.umpire = umpire
    first.save()
    for board in GAME_25_3:
        add_board(first, None, board, user=umpire)
    protest = services.log_oral_protest(
        first, game_no=1, board_no=2, side="B", protester_name="X", decision_appealed="Y", fee_paid=True, user=umpire
    )
    services.lodge_written(protest, "Facts.", "Point.", umpire)
    for board in game_25_0("A"):
        add_board(first, None, board, user=umpire)
    confirm_result(first, user=umpire)
    final.refresh_from_db()
    assert (final.entry_a_id, final.entry_b_id) == (None, None)  # the winner is not advanced

    services.decide(protest, "overruled", "Rightly called.", chief)
    final.refresh_from_db()
    first.refresh_from_db()
    assert final.entry_a_id == first.winner_id == first.entry_a_id  # released: the winner goes on


# ---------------------------------------------------------------- ICF 151: the decision


def test_icf_151a_upheld_replays_from_the_protested_board_and_refunds_the_fee(tournament, umpire, chief, fee):
    match = played_match(tournament, umpire, boards=[*GAME_25_3, *game_25_0("A")])
    protest = lodge(oral(match, umpire, board=3), umpire, minutes(1))
    confirm_result(match, user=umpire)
    decided = services.decide(protest, "upheld", "The queen was covered legally.", chief, at=minutes(30))
    assert decided.status == P.UPHELD and decided.fee_status == Protest.Fee.REFUNDED
    assert (decided.decided_by, decided.decided_at, decided.fee_settled_at) == (chief, minutes(30), minutes(30))
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PLAY and not match.result_withheld and match.winner_id is None
    assert (match.replay_from_game, match.replay_from_board) == (1, 3)
    kept = [(b.game_no, b.number) for b in match.boards.filter(voided=False)]
    voided = [(b.game_no, b.number) for b in match.boards.filter(voided=True)]
    assert kept == [(1, 1), (1, 2)]
    assert voided == [(1, 3), (1, 4), (2, 1), (2, 2), (2, 3)]  # kept in history
    assert not match.games.exists()
    replay = match.history.get(what=W.REPLAY)
    assert replay.reason == f"Protest #{protest.pk} upheld (ICF 151(a)): The queen was covered legally."
    assert len(replay.before["voided_boards"]) == 5
    assert [c.what for c in match.history.filter(what__in=[W.WITHHELD, W.REPLAY, W.RELEASED])] == [
        W.WITHHELD,
        W.REPLAY,
        W.RELEASED,
    ]


def test_icf_151b_overruled_the_result_stands_and_the_fee_is_forfeited(tournament, umpire, chief, fee):
    match = played_match(tournament, umpire, boards=[*GAME_25_3, *game_25_0("A")])
    protest = lodge(oral(match, umpire), umpire, minutes(1))
    decided = services.decide(protest, "overruled", "Rightly called.", chief)
    assert decided.status == P.OVERRULED and decided.fee_status == Protest.Fee.FORFEITED
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.boards.filter(voided=True).count() == 0
    assert not match.result_withheld


def test_icf_148_abusive_protest_is_rejected_summarily_and_the_fee_forfeited(tournament, umpire, chief, fee):
    protest = lodge(oral(played_match(tournament, umpire), umpire), umpire, minutes(1))
    decided = services.decide(protest, "rejected", "ICF 148: uncouth and abusive language.", chief)
    assert decided.status == P.REJECTED and decided.fee_status == Protest.Fee.FORFEITED
    assert not Match.objects.get(pk=protest.match_id).result_withheld


def test_icf_146_an_oral_protest_is_decided_only_once_lodged_or_rejected_once_its_window_passed(
    tournament, umpire, chief, fee
):
    protest = oral(played_match(tournament, umpire), umpire)
    with pytest.raises(ServiceError, match="awaits its written form; .* rejected after 14:15 if it does not come"):
        services.decide(protest, "rejected", "No written protest.", chief, at=minutes(15))
    with pytest.raises(ServiceError, match="awaits its written form"):
        services.decide(protest, "overruled", "No written protest.", chief, at=minutes(20))
    decided = services.decide(protest, "rejected", "ICF 146: no written protest.", chief, at=minutes(15, seconds=1))
    assert decided.status == P.REJECTED and decided.fee_status == Protest.Fee.FORFEITED


def test_icf_151_the_umpire_of_the_match_never_decides(tournament, umpire, chief, secretary, fee):
    match = played_match(tournament, umpire)
    tournament.chief_referees.add(umpire)  # even when he is also a chief referee
    protest = lodge(oral(match, umpire), umpire, minutes(1))
    with pytest.raises(NotAllowed, match="never the umpire of the match"):
        services.decide(protest, "overruled", "Mine was right.", umpire)
    other_umpire = UserFactory()
    tournament.umpires.add(other_umpire)
    with pytest.raises(NotAllowed):
        services.decide(protest, "overruled", "No.", other_umpire)
    assert services.decide(protest, "overruled", "Rightly called.", secretary).decided_by == secretary
    with pytest.raises(ServiceError, match="already decided"):
        services.decide(protest, "upheld", "Changed my mind.", chief)


def test_icf_151c_the_decision_is_conveyed_to_the_parties(tournament, umpire, chief, fee):
    match = played_match(tournament, umpire)
    player = linked_user(match.entry_b)
    protest = lodge(oral(match, umpire), umpire, minutes(1))
    services.decide(protest, "overruled", "Rightly called.", chief)
    told = Notification.objects.filter(key=f"protest-{protest.pk}-decided")
    assert {n.user for n in told} == {player, umpire}
    assert told.first().url == f"/t/{tournament.slug}/protests/{protest.pk}/"


# ---------------------------------------------------------------- ICF 151(c): overdue after one hour


def test_icf_151c_the_hour_runs_from_the_written_protest_59_59_and_60_00_in_time_60_01_overdue(
    tournament, umpire, chief, secretary, fee
):
    # Oral protest at 14:00 (ICF 145), written protest lodged at 14:10 (ICF 146, 149, 150): due at 15:10.
    protest = oral(played_match(tournament, umpire), umpire, at=T0)
    assert protest.due_at is None  # the hour has not started while the written protest is awaited
    protest = lodge(protest, umpire, minutes(10))
    assert protest.due_at == minutes(70)
    assert services.flag_overdue(now=minutes(60, seconds=1)) == 0  # an hour from the oral protest: not yet due
    assert services.flag_overdue(now=minutes(69, seconds=59)) == 0  # 59:59 after lodging
    assert services.flag_overdue(now=minutes(70)) == 0  # 60:00: "within one hour" includes its last instant
    assert services.flag_overdue(now=minutes(70, seconds=1)) == 1  # 60:01: overdue
    assert services.flag_overdue(now=minutes(70, seconds=1)) == 0  # idempotent
    assert services.flag_overdue(now=minutes(90)) == 0
    protest.refresh_from_db()
    assert protest.overdue_flagged_at == minutes(70, seconds=1)
    told = Notification.objects.filter(key=f"protest-{protest.pk}-overdue")
    assert sorted(n.user.username for n in told) == sorted([chief.username, secretary.username])
    assert (
        "ICF 151(c): the decision was due by 15:10 (oral protest at 14:00, written protest lodged at 14:10)"
        in told.first().body
    )


def test_icf_151c_a_decision_at_60_00_is_in_time_and_never_flagged(tournament, umpire, chief, fee):
    protest = lodge(oral(played_match(tournament, umpire), umpire, at=T0), umpire, minutes(5))
    services.decide(protest, "overruled", "Rightly called.", chief, at=minutes(65))
    assert services.flag_overdue(now=minutes(65, seconds=1)) == 0
    protest.refresh_from_db()
    assert protest.overdue_flagged_at is None


def test_icf_151c_the_alternative_reading_counts_from_the_oral_protest(tournament, umpire, fee, monkeypatch):
    from dataclasses import replace

    from rules.sets.icf import ICF

    monkeypatch.setattr(ICF, "readings", replace(ICF.readings, protest_hour_from="oral"))
    protest = oral(played_match(tournament, umpire), umpire, at=T0)
    assert protest.due_at == minutes(60)
    assert lodge(protest, umpire, minutes(10)).due_at == minutes(60)
    assert services.flag_overdue(now=minutes(60)) == 0
    assert services.flag_overdue(now=minutes(60, seconds=1)) == 1


def test_overdue_task_runs_the_same_flagging_and_skips_oral_and_decided_protests(
    tournament, umpire, chief, secretary, fee
):
    from protests.tasks import flag_overdue_protests

    start = timezone.now() - timedelta(hours=3)
    match = played_match(tournament, umpire, finished_at=start)
    oral(match, umpire, at=start)  # never lodged: nothing to decide yet
    decided = lodge(oral(match, umpire, side="A", at=start), umpire, start)
    services.decide(decided, "overruled", "Rightly called.", chief)
    due = lodge(oral(match, umpire, at=start), umpire, start + timedelta(minutes=1))
    assert flag_overdue_protests.delay().get() == 1
    assert flag_overdue_protests.delay().get() == 0
    assert list(Protest.objects.exclude(overdue_flagged_at=None)) == [due]
    told = Notification.objects.filter(key__endswith="-overdue")
    assert sorted(n.user.username for n in told) == sorted([chief.username, secretary.username])


# ---------------------------------------------------------------- the fee ledger


def test_ledger_held_refunded_and_forfeited_add_up_to_what_was_paid(tournament, umpire, chief, fee):
    match = played_match(tournament, umpire, boards=[*GAME_25_3, *game_25_0("A")])
    upheld = lodge(oral(match, umpire), umpire, minutes(1))
    overruled = lodge(oral(match, umpire, side="A"), umpire, minutes(1))
    held = lodge(oral(match, umpire), umpire, minutes(2))
    with pytest.raises(ServiceError, match="ICF 145"):
        oral(match, umpire, fee_paid=False)  # refused: nothing in the ledger
    services.decide(overruled, "overruled", "Rightly called.", chief)
    services.decide(upheld, "upheld", "Wrongly called.", chief)
    services.set_fee(tournament, Decimal("25"), "EUR")
    ProtestFactory(match=MatchFactory(), fee_status="held", fee_amount=1, fee_currency="USD", fee_paid_at=T0)
    euro = oral(match, umpire, board=1, game=1, fee_paid=True)
    ledger = fees.ledger(tournament)
    totals = {t.currency: t for t in ledger.totals}
    assert set(totals) == {"INR", "EUR"}  # another tournament's fee is not in this ledger
    inr = totals["INR"]
    assert (inr.paid, inr.held, inr.refunded, inr.forfeited) == (
        Decimal("1500.00"),
        Decimal("500.00"),
        Decimal("500.00"),
        Decimal("500.00"),
    )
    assert inr.adds_up and totals["EUR"].adds_up and totals["EUR"].held == Decimal("25.00")
    assert [p.pk for p in ledger.protests] == [upheld.pk, overruled.pk, held.pk, euro.pk]


def test_a_paid_fee_always_has_its_amount(tournament, umpire, fee):
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        ProtestFactory(fee_status="held")
