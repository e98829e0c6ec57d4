"""A withdrawn entry is never scheduled again. Its unplayed matches in round robins, groups and Swiss rounds
already paired take no table and keep no opponent waiting: where the laws say a side that does not come loses the
entire match (ICF 143(i), queen2 ¶10; ECC 18: 25-0) they are walkovers to the opponent at once
(scoring.withdrawals); where the laws say nothing (office) they are only left unscheduled, and the round page says
"withdrawn"."""

import random
from datetime import UTC, datetime

import pytest
from django.db.models import Q
from django.urls import reverse

from matches.models import ResultChange
from matches.scheduling.errors import ScheduleError
from matches.scheduling.services import call_round, move_match, schedule_round, schedule_stage
from matches.scoring.services import record_result
from stages.models import Match, Stage
from stages.services import draw_stage, pair_swiss_round, publish_round, publish_stage
from tests.factories import EntryFactory, EventFactory, VenueFactory
from tournaments.services import withdraw_entry

pytestmark = pytest.mark.django_db

S = Match.Status
NINE = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def round_robin(tournament, rule_set, size=4):
    event = EventFactory(tournament=tournament, rule_set=rule_set)
    for seed in range(1, size + 1):
        EntryFactory(event=event, seed=seed)
    stage = Stage.objects.create(event=event, name="League", kind=Stage.Kind.ROUND_ROBIN)
    draw_stage(stage)
    publish_stage(stage)
    return stage


def of(entry):
    return Match.objects.filter(Q(entry_a=entry) | Q(entry_b=entry))


def test_icf_143i_a_withdrawn_entrys_round_robin_matches_are_walkovers_to_its_opponents(tournament):
    VenueFactory(tournament=tournament, tables=4, match_minutes=60, rest_minutes=10)
    stage = round_robin(tournament, "icf")
    gone = stage.event.entries.get(seed=1)
    withdraw_entry(gone)
    matches = list(of(gone).order_by("round__number"))
    assert len(matches) == 3 and {m.status for m in matches} == {S.WALKOVER}
    assert all(m.winner_id not in (None, gone.pk) for m in matches)
    change = ResultChange.objects.filter(match=matches[0], what=ResultChange.What.WALKOVER).get()
    assert change.reason.startswith("ICF 143(i): ") and change.after["withdrawal"] is True
    # The others' matches are scheduled; none of the withdrawn entry's takes a table or a time.
    placed = schedule_stage(stage, NINE)
    assert len(placed) == 3 and not of(gone).exclude(table=None).exists()
    assert not of(gone).exclude(planned_at=None).exists()


def test_ecc_18_a_withdrawn_entrys_match_in_a_paired_swiss_round_is_lost_25_0(tournament):
    event = EventFactory(tournament=tournament, rule_set="ecc")
    for seed in range(1, 7):
        EntryFactory(event=event, seed=seed)
    stage = Stage.objects.create(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=5)
    rnd = publish_round(pair_swiss_round(stage, random.Random(1)))
    gone = rnd.matches.first().entry_b
    withdraw_entry(gone)
    match = of(gone).get()
    assert match.status == S.WALKOVER and match.winner_id == match.entry_a_id
    assert (match.score_a, match.score_b) == (25, 0)
    assert match.changes.get(what=ResultChange.What.WALKOVER).reason.startswith("ECC 18: ")
    # Reinstated before the next round is paired: the match is to be played again.
    withdraw_entry(gone, False)
    match.refresh_from_db()
    assert match.status == S.SCHEDULED and match.winner_id is None and match.score_a is None
    # Withdrawn again and the next round paired on that result: reinstating no longer takes the walkover back.
    withdraw_entry(gone)
    for other in rnd.matches.exclude(pk=match.pk):
        record_result(other, [(25, 10)], confirm=True)
    pair_swiss_round(stage, random.Random(2))
    withdraw_entry(gone, False)
    match.refresh_from_db()
    assert match.status == S.WALKOVER


def test_a_walkover_decided_otherwise_is_not_taken_back_on_reinstatement(tournament):
    stage = round_robin(tournament, "icf")
    gone = stage.event.entries.get(seed=1)
    withdraw_entry(gone)
    reopened = of(gone).first()
    from matches.scoring.services import record_walkover
    from matches.services import change_status

    change_status(reopened, S.SCHEDULED, reason="Wrong walkover")
    side = "b" if reopened.entry_a_id == gone.pk else "a"
    record_walkover(reopened, side, reason="The other side did not come")
    withdraw_entry(gone, False)
    reopened.refresh_from_db()
    assert reopened.status == S.WALKOVER and reopened.winner_id == gone.pk
    assert of(gone).filter(status=S.SCHEDULED).count() == 2


def test_office_rules_say_nothing_so_the_match_is_only_left_unscheduled(client, tournament, secretary):
    VenueFactory(tournament=tournament, tables=4, match_minutes=30, rest_minutes=0)
    stage = round_robin(tournament, "office")
    gone = stage.event.entries.get(seed=1)
    withdraw_entry(gone)
    assert set(of(gone).values_list("status", flat=True)) == {S.SCHEDULED}  # no law makes it a walkover
    first = stage.rounds.get(number=1)
    placed = schedule_round(first, NINE)
    assert len(placed) == 1 and not of(gone).exclude(table=None).exists()
    called, _clock = call_round(first)
    assert [m.pk for m in called] == [placed[0].pk]  # nobody is called to wait for the withdrawn entry
    withdrawn_match = of(gone).get(round=first)
    with pytest.raises(ScheduleError) as refused:
        move_match(withdrawn_match, 2, NINE)
    assert "has withdrawn" in str(refused.value.errors["table"][0])
    client.force_login(secretary)
    page = client.get(reverse("round-detail", args=[tournament.slug, first.pk])).content.decode()
    row = page.split(f'id="match-{withdrawn_match.pk}"')[1].split("</li>")[0]
    assert 'class="badge withdrawn"' in row and "No table yet" not in row and "Move" not in row
    assert "Scheduled" not in row and "No umpire yet" not in row and "Score card" not in row


def test_a_withdrawn_entrys_booked_match_gives_its_table_and_its_opponents_time_back(tournament):
    # Office rules: the match stays unplayed but was booked before the withdrawal; the opponent's next match
    # may now take that table at that time.
    VenueFactory(tournament=tournament, tables=1, match_minutes=30, rest_minutes=0)
    stage = round_robin(tournament, "office")
    first, second = stage.rounds.order_by("number")[:2]
    schedule_round(first, NINE)
    gone_match = first.matches.exclude(entry_b=None).order_by("table", "planned_at").first()
    assert gone_match.table == 1 and gone_match.planned_at == NINE
    gone = gone_match.entry_a
    withdraw_entry(gone)
    placed = schedule_round(second, NINE)
    assert min(m.planned_at for m in placed) == NINE  # the table and time it held are free again
