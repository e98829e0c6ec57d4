"""The scheduling engine, plain Python: expected placements written out in full."""

from datetime import datetime

import pytest

from matches.scheduling.engine import Booking, Conflict, SchedulingError, ToPlace, conflicts, schedule

NINE = datetime(2026, 12, 5, 9, 0)


def at(hour, minute=0):
    return datetime(2026, 12, 5, hour, minute)


def placed(bookings):
    """(match, table, "HH:MM", umpire) per booking: the shape the expectations are written in."""
    return [(b.match, b.table, f"{b.start:%H:%M}", b.umpire) for b in bookings]


def match(name, *players, **kwargs):
    return ToPlace(name, frozenset(players), **kwargs)


def test_five_matches_on_two_tables_fill_the_tables_slot_by_slot():
    matches = [match(f"m{n}", f"p{2 * n}", f"p{2 * n + 1}", needs_umpire=False) for n in range(1, 6)]
    result = schedule(matches, [], NINE, tables=[1, 2], match_minutes=60, rest_minutes=10)
    assert placed(result) == [
        ("m1", 1, "09:00", None),
        ("m2", 2, "09:00", None),
        ("m3", 1, "10:00", None),
        ("m4", 2, "10:00", None),
        ("m5", 1, "11:00", None),
    ]
    assert [b.end for b in result] == [at(10), at(10), at(11), at(11), at(12)]


def test_a_player_waits_for_their_rest_while_others_take_the_free_table():
    # ann plays m1 and m2: m2 waits for 10:00 + 10 minutes of rest; m3 (other players) takes the free table at 10:00.
    matches = [
        match("m1", "ann", "bob", needs_umpire=False),
        match("m2", "ann", "cid", needs_umpire=False),
        match("m3", "dan", "eve", needs_umpire=False),
    ]
    result = schedule(matches, [], NINE, tables=[1], match_minutes=60, rest_minutes=10)
    assert placed(result) == [("m1", 1, "09:00", None), ("m2", 1, "10:10", None), ("m3", 1, "11:10", None)]
    result = schedule(matches, [], NINE, tables=[1, 2], match_minutes=60, rest_minutes=10)
    assert placed(result) == [("m1", 1, "09:00", None), ("m2", 1, "10:10", None), ("m3", 2, "09:00", None)]


def test_rest_of_exactly_rest_minutes_is_allowed():
    earlier = Booking("old", at(8), at(8, 50), 3, frozenset({"ann"}))
    assert conflicts(Booking("new", at(9), at(10), 1, frozenset({"ann"})), [earlier], 10, range(1, 5)) == []
    result = schedule([match("m1", "ann", "bob", needs_umpire=False)], [earlier], NINE, [1], 60, 10)
    assert placed(result) == [("m1", 1, "09:00", None)]


def test_one_minute_short_of_the_rest_is_refused_and_scheduling_waits_for_it():
    earlier = Booking("old", at(8), at(8, 51), 3, frozenset({"ann"}))
    found = conflicts(Booking("new", at(9), at(10), 1, frozenset({"ann", "bob"})), [earlier], 10, range(1, 5))
    assert found == [Conflict("rest", earlier, "ann")]
    result = schedule([match("m1", "ann", "bob", needs_umpire=False)], [earlier], NINE, [1], 60, 10)
    assert placed(result) == [("m1", 1, "09:01", None)]


def test_rest_is_needed_before_a_later_match_too():
    later = Booking("old", at(10, 5), at(11), 2, frozenset({"bob"}))
    found = conflicts(Booking("new", at(9), at(10), 1, frozenset({"ann", "bob"})), [later], 10, range(1, 5))
    assert found == [Conflict("rest", later, "bob")]


def test_overlapping_player_is_refused():
    other = Booking("old", at(9, 30), at(10, 30), 2, frozenset({"ann", "cid"}))
    found = conflicts(Booking("new", at(9), at(10), 1, frozenset({"ann", "bob"})), [other], 0, range(1, 5))
    assert found == [Conflict("player", other, "ann")]
    assert found[0].field == "planned_at"


def test_doubles_partner_who_also_plays_singles_is_one_person():
    # ann plays singles (event 1) and doubles with bob (event 2): the doubles match waits for her singles.
    singles = Booking("singles", at(9), at(10), 1, frozenset({"ann", "cid"}))
    doubles = match("doubles", "ann", "bob", "dan", "eve", needs_umpire=False)
    result = schedule([doubles], [singles], NINE, [1, 2], 60, 10)
    assert placed(result) == [("doubles", 1, "10:10", None)]


def test_a_table_is_never_double_booked():
    other = Booking("old", at(9, 30), at(10, 30), 1, frozenset({"x", "y"}))
    found = conflicts(Booking("new", at(9), at(10), 1, frozenset({"ann", "bob"})), [other], 10, range(1, 5))
    assert found == [Conflict("table", other)]
    assert found[0].field == "table"
    # Back to back on one table is fine.
    assert conflicts(Booking("new", at(10, 30), at(11, 30), 1, frozenset({"ann"})), [other], 10, range(1, 5)) == []


def test_a_table_outside_the_hall_is_refused():
    assert conflicts(Booking("new", at(9), at(10), 5, frozenset()), [], 10, range(1, 5)) == [Conflict("table_range")]


def test_umpire_double_booking_is_refused():
    other = Booking("old", at(9, 30), at(10, 30), 2, frozenset({"x", "y"}), umpire="uma")
    found = conflicts(Booking("new", at(9), at(10), 1, frozenset({"ann", "bob"}), "uma"), [other], 10, range(1, 5))
    assert found == [Conflict("umpire", other, "uma")]
    assert found[0].field == "umpire"


def test_an_umpire_needs_no_rest_between_matches():
    other = Booking("old", at(8), at(9), 2, frozenset({"x", "y"}), umpire="uma")
    assert conflicts(Booking("new", at(9), at(10), 1, frozenset({"ann"}), "uma"), [other], 10, range(1, 5)) == []


def test_an_umpire_cannot_umpire_while_playing_elsewhere_or_their_own_match():
    playing = Booking("old", at(9), at(10), 2, frozenset({"uma", "y"}))
    found = conflicts(Booking("new", at(9), at(10), 1, frozenset({"ann", "bob"}), "uma"), [playing], 10, range(1, 5))
    assert found == [Conflict("umpire", playing, "uma")]
    own = conflicts(Booking("new", at(9), at(10), 1, frozenset({"uma", "bob"}), "uma"), [], 10, range(1, 5))
    assert own == [Conflict("umpire_plays", None, "uma")]


def test_a_player_cannot_play_while_umpiring_elsewhere():
    umpiring = Booking("old", at(9), at(10), 2, frozenset({"x", "y"}), umpire="ann")
    found = conflicts(Booking("new", at(9, 30), at(10, 30), 1, frozenset({"ann", "bob"})), [umpiring], 10, range(1, 5))
    assert found == [Conflict("player", umpiring, "ann")]


def test_umpires_are_shared_evenly_and_never_at_two_boards():
    matches = [match(f"m{n}", f"p{2 * n}", f"p{2 * n + 1}") for n in range(1, 6)]
    result = schedule(matches, [], NINE, [1, 2, 3], 60, 10, umpires=["uma", "ulf"])
    # Two umpires for three tables: the third match at 9:00 gets none (umpires never delay a match); loads 3 and 2.
    assert placed(result) == [
        ("m1", 1, "09:00", "uma"),
        ("m2", 2, "09:00", "ulf"),
        ("m3", 3, "09:00", None),
        ("m4", 1, "10:00", "uma"),
        ("m5", 2, "10:00", "ulf"),
    ]


def test_busy_umpire_load_counts_and_an_umpire_never_umpires_their_own_match():
    # ulf already umpired twice today, so uma takes m1; uma plays m2, so ulf umpires it, and m2 waits until uma
    # has finished umpiring m1 (no rest needed between umpiring and playing).
    busy = [
        Booking("a", at(7), at(8), 1, frozenset({"x"}), umpire="ulf"),
        Booking("b", at(8), at(9), 1, frozenset({"x"}), umpire="ulf"),
    ]
    matches = [match("m1", "ann", "bob"), match("m2", "uma", "cid")]
    result = schedule(matches, busy, NINE, [1, 2], 60, 10, umpires=["ulf", "uma"])
    assert placed(result) == [("m1", 1, "09:00", "uma"), ("m2", 1, "10:00", "ulf")]


def test_preferred_table_and_umpire_are_kept_when_free():
    matches = [match("m1", "ann", "bob", table=4, umpire="ulf"), match("m2", "cid", "dan", table=4)]
    result = schedule(matches, [], NINE, [1, 2, 3, 4], 60, 10, umpires=["uma", "ulf"])
    assert placed(result) == [("m1", 4, "09:00", "ulf"), ("m2", 1, "09:00", "uma")]


def test_no_eligible_umpire_leaves_the_match_without_one():
    result = schedule([match("m1", "uma", "bob")], [], NINE, [1], 60, 10, umpires=["uma"])
    assert placed(result) == [("m1", 1, "09:00", None)]


def test_an_earlier_booking_of_another_round_blocks_its_table_until_it_ends():
    busy = [Booking("r1", at(8, 30), at(9, 30), 1, frozenset({"x", "y"}))]
    result = schedule([match("m1", "ann", "bob", needs_umpire=False)], busy, NINE, [1], 60, 10)
    assert placed(result) == [("m1", 1, "09:30", None)]


@pytest.mark.parametrize(
    ("tables", "minutes", "rest", "field"),
    [([], 60, 10, "tables"), ([1], 0, 10, "match_minutes"), ([1], 60, -1, "rest_minutes")],
)
def test_bad_setup_is_a_user_error(tables, minutes, rest, field):
    with pytest.raises(SchedulingError) as error:
        schedule([match("m1", "a", "b")], [], NINE, tables, minutes, rest)
    assert error.value.field == field


def test_a_match_starts_no_earlier_than_its_not_before_even_with_tables_free():
    # A knockout final waits for its semi-finals (the service gives their end plus the rest as `not_before`).
    matches = [match("final", needs_umpire=False, not_before=at(11, 10)), match("other", "p1", needs_umpire=False)]
    result = schedule(matches, [], NINE, tables=[1, 2], match_minutes=60, rest_minutes=10)
    assert placed(result) == [("final", 1, "11:10", None), ("other", 1, "09:00", None)]
    # A `not_before` already past changes nothing.
    early = schedule([match("final", needs_umpire=False, not_before=at(8))], [], NINE, [1], 60, 10)
    assert placed(early) == [("final", 1, "09:00", None)]
