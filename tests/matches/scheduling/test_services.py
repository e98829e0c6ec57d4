"""Scheduling services: a round's tables, times and umpires; moves and umpires refused with
messages naming the clash, nothing saved; calling a round."""

from datetime import UTC, datetime, timedelta

import pytest

from matches.models import ResultChange
from matches.scheduling.models import RoundClock
from matches.scheduling.services import (
    ScheduleError,
    assign_umpire,
    call_round,
    move_match,
    schedule_round,
    update_venue,
    venue_of,
)
from stages.models import Match, Round, Stage
from stages.services import draw_stage, publish_stage
from tests.factories import (
    EntryFactory,
    EventFactory,
    MatchFactory,
    PlayerFactory,
    RoundFactory,
    StageFactory,
    UserFactory,
    VenueFactory,
)
from tests.helpers import knockout, make_round
from tournaments.models import Event

pytestmark = pytest.mark.django_db

NINE = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def at(hour, minute=0):
    return NINE.replace(hour=hour, minute=minute)


def slots(rnd):
    return [
        (m.number, m.table, m.planned_at.strftime("%H:%M") if m.planned_at else None)
        for m in rnd.matches.order_by("number")
    ]


@pytest.fixture
def umpires(tournament):
    first, second = UserFactory(username="uma"), UserFactory(username="ulf")
    tournament.umpires.add(first, second)
    return first, second


def test_five_matches_on_two_tables_with_umpires_in_turn(tournament, secretary, umpires, django_assert_max_num_queries):
    VenueFactory(tournament=tournament, tables=2, match_minutes=60, rest_minutes=10)
    rnd = make_round(tournament, matches=5)
    # One of them writes the players' news (players.outbox), one reads the hall's playing sessions.
    with django_assert_max_num_queries(16):
        placed = schedule_round(rnd, NINE, user=secretary)
    assert len(placed) == 5
    assert slots(rnd) == [(1, 1, "09:00"), (2, 2, "09:00"), (3, 1, "10:00"), (4, 2, "10:00"), (5, 1, "11:00")]
    uma, ulf = umpires
    assert [m.umpire_id for m in rnd.matches.order_by("number")] == [uma.pk, ulf.pk, uma.pk, ulf.pk, uma.pk]
    changes = ResultChange.objects.filter(match__round=rnd)
    assert changes.count() == 5 and {c.what for c in changes} == {ResultChange.What.SCHEDULE}
    first = changes.get(match__number=1)
    assert first.user == secretary
    assert first.before == {"table": None, "planned_at": None, "umpire": None}
    assert first.after == {"table": 1, "planned_at": "2026-12-05T09:00:00+00:00", "umpire": uma.pk}


def test_scheduling_stores_the_late_arrival_deadline(tournament):
    # queen2 ¶10: players report 5 minutes before the planned time.
    VenueFactory(tournament=tournament, tables=1)
    rnd = make_round(tournament, matches=2, rule_set="queen2")
    schedule_round(rnd, NINE)
    deadlines = list(rnd.matches.order_by("number").values_list("report_deadline", flat=True))
    assert deadlines == [at(8, 55), at(9, 55)]


def test_byes_get_no_table_and_self_umpired_matches_no_umpire(tournament, umpires):
    VenueFactory(tournament=tournament, tables=4)
    rnd = make_round(tournament, matches=2)
    rnd.matches.filter(number=2).update(self_umpired=True)
    bye = MatchFactory(round=rnd, number=3, entry_b=None, status=Match.Status.BYE)
    schedule_round(rnd, NINE)
    bye.refresh_from_db()
    assert (bye.table, bye.planned_at) == (None, None)
    self_umpired = rnd.matches.get(number=2)
    assert self_umpired.table == 2 and self_umpired.umpire is None
    assert rnd.matches.get(number=1).umpire == umpires[0]


def test_a_player_in_singles_and_doubles_gets_rest_between_events(tournament):
    VenueFactory(tournament=tournament, tables=4, match_minutes=60, rest_minutes=15)
    ann = PlayerFactory(first_name="Ann")
    singles = make_round(tournament)
    MatchFactory(round=singles, number=1, entry_a=EntryFactory(event=singles.stage.event, members=[ann]))
    schedule_round(singles, NINE)
    doubles_event = EventFactory(tournament=tournament, kind=Event.Kind.DOUBLES)
    doubles = RoundFactory(stage=StageFactory(event=doubles_event))
    pair = EntryFactory(event=doubles_event, members=[PlayerFactory(), ann])
    MatchFactory(round=doubles, number=1, entry_a=pair)
    MatchFactory(round=doubles, number=2)
    schedule_round(doubles, NINE)
    # Ann's singles ends at 10:00 on table 1: her doubles waits for her 15 minutes of rest.
    assert slots(doubles) == [(1, 1, "10:15"), (2, 2, "09:00")]


def test_tables_chosen_by_the_draw_are_kept_where_free(tournament):
    VenueFactory(tournament=tournament, tables=8)
    rnd = make_round(tournament, matches=2)
    rnd.matches.filter(number=1).update(table=7)
    rnd.matches.filter(number=2).update(table=3)
    schedule_round(rnd, NINE)
    assert slots(rnd) == [(1, 7, "09:00"), (2, 3, "09:00")]
    schedule_round(rnd, NINE, keep_tables=False, first_table=5)
    assert slots(rnd) == [(1, 5, "09:00"), (2, 6, "09:00")]


def test_a_later_knockout_round_waits_for_its_feeders(tournament):
    VenueFactory(tournament=tournament, tables=4, match_minutes=60, rest_minutes=10)
    semis, final = knockout(tournament, size=4).rounds.order_by("number")
    schedule_round(semis, NINE)
    schedule_round(final, NINE)
    assert slots(semis) == [(1, 1, "09:00"), (2, 2, "09:00")]
    assert slots(final) == [(1, 1, "10:10")]
    assert_after_feeders(semis.stage, {(2, 1): [(1, 1), (1, 2)]})


def test_a_final_waits_for_semi_finals_booked_later_in_the_day(tournament):
    # Nobody is in two matches at once either way; the final still comes after the semi-finals that fill it.
    VenueFactory(tournament=tournament, tables=4, match_minutes=60, rest_minutes=10)
    semis, final = knockout(tournament, size=4).rounds.order_by("number")
    schedule_round(semis, at(12))
    schedule_round(final, NINE)
    assert slots(final) == [(1, 1, "13:10")]


def test_a_bye_holds_back_nothing(tournament):
    # 3 entries: seed 1 has a bye in the semi-finals (stages.draws.knockout.bracket_slots), so the final waits
    # for the other semi-final only.
    VenueFactory(tournament=tournament, tables=4, match_minutes=60, rest_minutes=10)
    semis, final = knockout(tournament, size=3).rounds.order_by("number")
    schedule_round(semis, NINE)
    schedule_round(final, NINE)
    assert slots(semis) == [(1, None, None), (2, 1, "09:00")]
    assert slots(final) == [(1, 1, "10:10")]


def test_every_round_of_eight_with_a_third_place_match_waits_for_its_feeders(tournament):
    # Two tables: quarter-finals 3 and 4 are played an hour after 1 and 2, so semi-final 2 waits for them and the
    # rest, while semi-final 1 waits only for a table. Until the semi-finals are played anyone of the four may
    # yet be in the final or the third-place match, so the two are not played at once.
    VenueFactory(tournament=tournament, tables=2, match_minutes=60, rest_minutes=10)
    stage = drawn_knockout(tournament, size=8, third_place_match=True)
    rounds = list(stage.rounds.order_by("number"))
    assert [r.name for r in rounds] == ["quarter_final", "semi_final", "final", "third_place"]
    for rnd in rounds:
        schedule_round(rnd, NINE)
    assert [slots(r) for r in rounds] == [
        [(1, 1, "09:00"), (2, 2, "09:00"), (3, 1, "10:00"), (4, 2, "10:00")],
        [(1, 1, "11:00"), (2, 2, "11:10")],
        [(1, 1, "12:20")],
        [(1, 1, "13:30")],
    ]
    assert_after_feeders(
        stage,
        {
            (2, 1): [(1, 1), (1, 2)],
            (2, 2): [(1, 3), (1, 4)],
            (3, 1): [(2, 1), (2, 2)],
            (4, 1): [(2, 1), (2, 2)],  # third place: the losing semi-finalists
        },
    )


def test_a_move_out_of_the_bracket_order_is_refused(tournament):
    VenueFactory(tournament=tournament, tables=4, match_minutes=60, rest_minutes=10)
    semis, final = knockout(tournament, size=4).rounds.order_by("number")
    schedule_round(semis, NINE)
    schedule_round(final, NINE)
    first, second = semis.matches.select_related("round", "entry_a", "entry_b").order_by("number")
    the_final = final.matches.get()
    # At 07:00 the final ends, with the rest, before the semi-finals begin: only the order is broken.
    assert refused(the_final, 1, at(7), "planned_at") == [
        f"Semi final match {m.number} ({m.entry_a} v {m.entry_b}) at table {m.number}, Sat 05 Dec 09:00–10:00 "
        "feeds this match: this one must start at least 10 minutes after it ends."
        for m in (first, second)
    ]
    assert refused(first, 1, at(12), "planned_at") == [
        "Final match 1 (— v —) at table 1, Sat 05 Dec 10:10–11:10 waits for this match: this one must end at "
        "least 10 minutes before it starts."
    ]
    move_match(the_final, 3, at(10, 30))  # later is fine
    assert slots(final) == [(1, 3, "10:30")]


def drawn_knockout(tournament, size, **settings):
    """A knockout of `size` seeded entries with the stage's `settings`, drawn and published as the secretary does."""
    event = EventFactory(tournament=tournament, rule_set="icf")
    for seed in range(1, size + 1):
        EntryFactory(event=event, seed=seed)
    stage = Stage.objects.create(event=event, name="KO", kind=Stage.Kind.KNOCKOUT, **settings)
    draw_stage(stage)
    publish_stage(stage)
    return stage


def assert_after_feeders(stage, fed_by):
    """Every match in `fed_by` ((round, number) -> the matches whose results fill it) starts no earlier than the
    end of each of them plus the venue's rest; all are booked."""
    venue = venue_of(stage.event.tournament)
    slot = timedelta(minutes=venue.match_minutes + venue.rest_minutes)
    booked = {(m.round.number, m.number): m.planned_at for m in stage.matches.select_related("round")}
    late = [
        (match, feeder)
        for match, feeders in fed_by.items()
        for feeder in feeders
        if booked[match] is None or booked[feeder] is None or booked[match] < booked[feeder] + slot
    ]
    assert late == []


def test_preview_rounds_and_rounds_with_nothing_to_place_are_refused(tournament):
    draft = make_round(tournament, matches=1, status=Round.Status.DRAFT)
    with pytest.raises(ScheduleError) as error:
        schedule_round(draft, NINE)
    assert error.value.as_dict() == {"round": [f"{draft.display_name} is a preview: publish it before scheduling it."]}
    done = make_round(tournament, matches=1)
    done.matches.update(status=Match.Status.CONFIRMED)
    with pytest.raises(ScheduleError) as error:
        schedule_round(done, NINE)
    assert "waits for a table" in error.value.message


def test_table_range_override_is_checked(tournament):
    VenueFactory(tournament=tournament, tables=4)
    rnd = make_round(tournament, matches=1)
    with pytest.raises(ScheduleError) as error:
        schedule_round(rnd, NINE, first_table=3, last_table=5)
    assert error.value.as_dict() == {"first_table": ["Choose tables from 1 to 4, the first no higher than the last."]}
    assert slots(rnd) == [(1, None, None)]


# ---------------------------------------------------------------- moving a match


@pytest.fixture
def booked(tournament):
    """Round 1 on 2 tables: #1 (A v B) table 1 09:00, #2 (C v D) table 2 09:00, #3 (A2 v B2) table 1 10:00."""
    VenueFactory(tournament=tournament, tables=2, match_minutes=60, rest_minutes=10)
    rnd = make_round(tournament, matches=3)
    schedule_round(rnd, NINE)
    return {m.number: m for m in rnd.matches.select_related("entry_a", "entry_b")}


def refused(match, table, when, field):
    before = Match.objects.values("table", "planned_at").get(pk=match.pk)
    audit = ResultChange.objects.count()
    with pytest.raises(ScheduleError) as error:
        move_match(match, table, when, reason="test")
    assert Match.objects.values("table", "planned_at").get(pk=match.pk) == before
    assert ResultChange.objects.count() == audit
    assert list(error.value.as_dict()) == [field]
    return error.value.as_dict()[field]


def test_move_to_a_taken_table_names_the_match_table_and_time(booked):
    messages = refused(booked[3], 2, at(9, 30), "table")
    other = booked[2]
    assert messages == [
        f"Table 2 is taken by Round {other.round.number} match 2 ({other.entry_a} v {other.entry_b}) at table 2, "
        "Sat 05 Dec 09:00–10:00."
    ]


def test_move_making_a_player_overlap_or_miss_rest_is_refused(booked):
    ann = booked[1].entry_a
    booked[3].entry_a = ann
    booked[3].save()
    first = booked[1]
    where = f"Round {first.round.number} match 1 ({first.entry_a} v {first.entry_b}) at table 1, Sat 05 Dec 09:00–10:00"
    with pytest.raises(ScheduleError) as error:
        move_match(booked[3], 2, at(9, 30))
    # Table 2 is taken then too: every clash is reported, each on its field.
    assert set(error.value.as_dict()) == {"table", "planned_at"}
    assert error.value.as_dict()["planned_at"] == [f"{ann} plays {where}."]
    # 10:05 leaves 5 minutes of rest, 10 are needed.
    assert refused(booked[3], 1, at(10, 5), "planned_at") == [
        f"{ann} plays {where} and must rest 10 minutes between matches."
    ]
    # Exactly the rest is fine.
    move_match(booked[3], 2, at(10, 10))
    assert ResultChange.objects.filter(match=booked[3], what=ResultChange.What.SCHEDULE).count() == 2


def test_move_outside_the_hall_or_of_a_started_match_is_refused(booked):
    assert refused(booked[3], 3, at(12), "table") == ["The hall has tables 1 to 2."]
    booked[3].status = Match.Status.IN_PLAY
    booked[3].save()
    assert refused(booked[3], 1, at(12), "status") == ["A in play match keeps its table and time."]


def test_move_is_refused_when_the_umpire_is_elsewhere(booked, tournament, umpires):
    uma = umpires[0]
    update_venue(tournament, tables=3, match_minutes=60, rest_minutes=10)
    Match.objects.filter(pk__in=[booked[2].pk, booked[3].pk]).update(umpire=uma)
    booked[3].refresh_from_db()
    second = booked[2]
    assert refused(booked[3], 3, at(9, 30), "umpire") == [
        f"Umpire uma is at Round {second.round.number} match 2 ({second.entry_a} v {second.entry_b}) at table 2, "
        "Sat 05 Dec 09:00–10:00."
    ]


def test_a_move_is_logged_and_refreshes_the_deadline(tournament):
    VenueFactory(tournament=tournament, tables=2)
    rnd = make_round(tournament, matches=1, rule_set="queen2")
    schedule_round(rnd, NINE)
    match = rnd.matches.get()
    move_match(match, 2, at(13), reason="hall closed")
    match.refresh_from_db()
    assert (match.table, match.planned_at, match.report_deadline) == (2, at(13), at(12, 55))
    change = match.changes.filter(what=ResultChange.What.SCHEDULE).last()
    assert change.reason == "hall closed" and change.after["planned_at"] == "2026-12-05T13:00:00+00:00"


# ---------------------------------------------------------------- umpires


def test_assign_umpire_refuses_busy_playing_and_unknown_umpires(booked, tournament, umpires):
    uma, ulf = umpires
    assign_umpire(booked[1], uma, reason="chief's choice")
    change = booked[1].changes.get(what=ResultChange.What.UMPIRE)
    assert change.after["umpire"] == uma.pk and change.reason == "chief's choice"
    with pytest.raises(ScheduleError) as error:
        assign_umpire(booked[2], uma)  # 09:00, like #1
    assert error.value.field == "umpire" and "Umpire uma is at Round" in error.value.message
    outsider = UserFactory(username="outsider")
    with pytest.raises(ScheduleError) as error:
        assign_umpire(booked[2], outsider)
    assert error.value.message == "outsider is not an umpire of this tournament."
    player = booked[2].entry_a.members.get().player
    player.user = ulf
    player.save()
    with pytest.raises(ScheduleError) as error:
        assign_umpire(booked[2], ulf)
    assert error.value.message == f"{player.full_name} plays in this match and cannot umpire it."
    booked[2].refresh_from_db()
    assert booked[2].umpire is None
    Match.objects.filter(pk=booked[3].pk).update(self_umpired=True)
    with pytest.raises(ScheduleError, match="self-umpired"):
        assign_umpire(booked[3], uma)


# ---------------------------------------------------------------- the venue


def test_venue_is_created_with_a_table_for_every_pair_of_the_largest_event(tournament):
    event = EventFactory(tournament=tournament)
    for _ in range(21):
        EntryFactory(event=event)
    assert venue_of(tournament).tables == 11
    assert venue_of(tournament).pk == venue_of(tournament).pk


def test_fewer_tables_are_refused_while_a_match_is_booked_beyond_them(booked, tournament):
    with pytest.raises(ScheduleError) as error:
        update_venue(tournament, tables=1, match_minutes=60, rest_minutes=10)
    assert error.value.field == "tables" and "Table 2 is booked for Round" in error.value.message
    with pytest.raises(ScheduleError) as error:
        update_venue(tournament, tables=0, match_minutes=0, rest_minutes=-1)
    assert set(error.value.as_dict()) == {"tables", "match_minutes", "rest_minutes"}
    assert update_venue(tournament, tables=6, match_minutes=57, rest_minutes=5).tables == 6


def test_tournament_tables_of_a_swiss_stage_come_from_the_venue(tournament):
    from stages.services import tournament_tables

    VenueFactory(tournament=tournament, tables=3)
    assert tournament_tables(StageFactory(event=EventFactory(tournament=tournament))) == 3


# ---------------------------------------------------------------- calling a round


def test_calling_an_icf_round_announces_its_matches_without_a_clock(tournament, secretary):
    rnd = make_round(tournament, matches=2)
    MatchFactory(round=rnd, number=3, entry_b=None, status=Match.Status.BYE)
    called, clock = call_round(rnd, user=secretary)
    assert len(called) == 2 and clock is None
    assert sorted(rnd.matches.values_list("status", flat=True)) == ["bye", "called", "called"]
    change = ResultChange.objects.filter(match__round=rnd, what=ResultChange.What.STATUS).first()
    assert change.user == secretary and change.reason == "Round called" and change.after["status"] == "called"
    assert not RoundClock.objects.filter(round=rnd).exists()
    # ICF 143(i): 15 minutes from the call.
    match = rnd.matches.get(number=1)
    assert match.report_deadline == match.called_at + timedelta(minutes=15)
    with pytest.raises(ScheduleError, match="waits to be called"):
        call_round(rnd)


def test_calling_an_ecc_round_is_start_and_starts_the_clock(tournament, secretary):
    # ECC 18, 27: "Start"; ECC 39-41: 50 + 7 minutes.
    rnd = make_round(tournament, matches=2, rule_set="ecc")
    called, clock = call_round(rnd, user=secretary)
    assert len(called) == 2
    assert clock.first_bell_at - clock.started_at == timedelta(minutes=50)
    assert clock.second_bell_at - clock.first_bell_at == timedelta(minutes=7)
    assert clock.started_by == secretary
    match = rnd.matches.get(number=1)
    assert match.status == Match.Status.CALLED
    assert match.report_deadline == clock.started_at + timedelta(minutes=6)  # ECC 18
    assert match.changes.get(what=ResultChange.What.STATUS).reason == '"Start" called: the round clock runs (ECC 39-41)'


def test_a_preview_round_is_not_called(tournament):
    rnd = make_round(tournament, matches=1, status=Round.Status.DRAFT)
    with pytest.raises(ScheduleError, match="preview"):
        call_round(rnd)
    assert rnd.matches.get().status == Match.Status.SCHEDULED
