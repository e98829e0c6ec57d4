"""The scheduling engine with the hall's playing sessions: nothing outside a session, what does not fit carried to
the next one, the break between two sessions kept, and what fits in none left out. Placements written in full."""

from datetime import datetime

from matches.scheduling.engine import Booking, Conflict, ToPlace, conflicts, schedule


def at(day, hour, minute=0):
    return datetime(2026, 12, day, hour, minute)


MONDAY, TUESDAY = 7, 8


def placed(bookings):
    """(match, table, "DD HH:MM") per booking, None for a match that fits in no session."""
    return [None if b is None else (b.match, b.table, f"{b.start:%d %H:%M}") for b in bookings]


def matches(count):
    return [
        ToPlace(f"m{n}", frozenset({f"p{2 * n}", f"p{2 * n + 1}"}), needs_umpire=False) for n in range(1, count + 1)
    ]


def test_without_sessions_every_hour_is_a_playing_hour():
    result = schedule(matches(3), [], at(MONDAY, 23), [1], 60, 0)
    assert placed(result) == [("m1", 1, "07 23:00"), ("m2", 1, "08 00:00"), ("m3", 1, "08 01:00")]


def test_what_does_not_fit_in_the_evening_is_carried_to_the_next_morning():
    sessions = [(at(MONDAY, 18), at(MONDAY, 20)), (at(TUESDAY, 10), at(TUESDAY, 12))]
    result = schedule(matches(5), [], at(MONDAY, 18), [1], 60, 0, sessions=sessions)
    assert placed(result) == [
        ("m1", 1, "07 18:00"),
        ("m2", 1, "07 19:00"),
        ("m3", 1, "08 10:00"),
        ("m4", 1, "08 11:00"),
        None,  # fits in no session: left out
    ]


def test_a_match_never_straddles_the_end_of_a_session():
    # 45-minute matches in a 90-minute session: two fit, the third would end at 20:15, after the session closes.
    sessions = [(at(MONDAY, 18), at(MONDAY, 19, 30)), (at(TUESDAY, 10), at(TUESDAY, 18))]
    result = schedule(matches(3), [], at(MONDAY, 18), [1], 45, 0, sessions=sessions)
    assert placed(result) == [("m1", 1, "07 18:00"), ("m2", 1, "07 18:45"), ("m3", 1, "08 10:00")]
    assert all(any(s <= b.start and b.end <= e for s, e in sessions) for b in result)


def test_the_lunch_break_between_two_sessions_of_a_day_is_kept():
    sessions = [(at(MONDAY, 9), at(MONDAY, 12)), (at(MONDAY, 13), at(MONDAY, 17))]
    result = schedule(matches(8), [], at(MONDAY, 9), [1, 2], 60, 10, sessions=sessions)
    starts = [f"{b.start:%H:%M}" for b in result]
    assert starts == ["09:00", "09:00", "10:00", "10:00", "11:00", "11:00", "13:00", "13:00"]
    assert not any(b.start < at(MONDAY, 13) and b.end > at(MONDAY, 12) for b in result)


def test_a_start_before_the_first_session_waits_for_it_and_one_inside_a_session_starts_there():
    sessions = [(at(MONDAY, 10), at(MONDAY, 12))]
    assert placed(schedule(matches(1), [], at(MONDAY, 6), [1], 60, 0, sessions=sessions)) == [("m1", 1, "07 10:00")]
    assert placed(schedule(matches(1), [], at(MONDAY, 10, 30), [1], 60, 0, sessions=sessions)) == [
        ("m1", 1, "07 10:30")
    ]


def test_a_players_rest_that_runs_past_the_session_sends_their_match_to_the_next():
    # ann plays m1 at 10:00-11:00 and must rest 10 minutes: 11:10-12:10 would end after the session closes at 12:00.
    sessions = [(at(MONDAY, 10), at(MONDAY, 12)), (at(TUESDAY, 10), at(TUESDAY, 12))]
    two = [ToPlace("m1", frozenset({"ann", "bob"}), needs_umpire=False), ToPlace("m2", frozenset({"ann", "cid"}))]
    result = schedule(two, [], at(MONDAY, 10), [1, 2], 60, 10, sessions=sessions)
    assert placed(result) == [("m1", 1, "07 10:00"), ("m2", 1, "08 10:00")]


def test_a_match_left_out_holds_no_time_so_nobody_waits_for_it():
    sessions = [(at(MONDAY, 10), at(MONDAY, 11))]
    two = [ToPlace("m1", frozenset({"ann", "bob"})), ToPlace("m2", frozenset({"ann", "cid"}), needs_umpire=False)]
    # m1 takes the only slot; m2 (ann again) fits nowhere.
    assert placed(schedule(two, [], at(MONDAY, 10), [1], 60, 0, sessions=sessions)) == [("m1", 1, "07 10:00"), None]
    late = [ToPlace("m1", frozenset({"ann"}), not_before=at(MONDAY, 10, 30)), *matches(1)]
    assert placed(schedule(late, [], at(MONDAY, 10), [1], 60, 0, sessions=sessions)) == [None, ("m1", 1, "07 10:00")]


def test_a_booking_outside_the_sessions_is_a_conflict_on_its_time():
    sessions = [(at(MONDAY, 10), at(MONDAY, 12))]
    inside = Booking("m", at(MONDAY, 11), at(MONDAY, 12), 1, frozenset({"ann"}))
    across = Booking("m", at(MONDAY, 11, 30), at(MONDAY, 12, 30), 1, frozenset({"ann"}))
    assert conflicts(inside, [], 10, range(1, 3), sessions) == []
    assert conflicts(across, [], 10, range(1, 3), sessions) == [Conflict("session")]
    assert conflicts(across, [], 10, range(1, 3), sessions)[0].field == "planned_at"
    assert conflicts(across, [], 10, range(1, 3)) == []  # no sessions: any hour
