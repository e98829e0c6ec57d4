"""The prize list: the overall prizes, then the women's, juniors' and veterans' top N in the event's final placings.
Plain function tests with the expected lists written out in full (place, entry, shared), then the stored event."""

from datetime import date

import pytest

from prizes.models import PrizeCategory
from prizes.selectors import event_prize_list
from prizes.services import CategoryRule
from prizes.winners import MISSING_BIRTH, MISSING_SEX, Person, prize_list
from stages.placings import Placing
from tests.factories import EntryFactory, EventFactory, PlayerFactory
from tests.helpers import play_round_robin
from tournaments.models import Event
from tournaments.people_models import age_on

START = date(2026, 12, 5)  # the tournament's first day: ages are counted on it
WOMEN = CategoryRule("women", 2)
JUNIOR = CategoryRule("junior", 2, age_limit=18)
VETERAN = CategoryRule("veteran", 1, age_limit=50)

F, M = "F", "M"


def woman(born=None):
    return Person(F, born)


def man(born=None):
    return Person(M, born)


def summary(sections):
    """Each section as (kind, [(prize, shared, place, place shared, entry)], missing entries, missing fact)."""
    return [
        (
            s.kind,
            [(w.prize, w.shared, w.placing.place, w.placing.shared, w.placing.entry) for w in s.winners],
            [p.entry for p in s.missing],
            s.missing_fact,
        )
        for s in sections
    ]


def test_age_is_counted_on_the_first_day_and_a_birthday_counts_on_the_day():
    assert age_on(date(2008, 12, 5), START) == 18
    assert age_on(date(2008, 12, 6), START) == 17
    assert age_on(date(1976, 12, 5), START) == 50


# ---------------------------------------------------------------- singles

SINGLES = [Placing(place, name) for place, name in enumerate("abcdefgh", start=1)]
PEOPLE = {
    "a": [man(date(1990, 1, 1))],
    "b": [woman(date(2009, 3, 1))],  # 17: junior too
    "c": [man(date(2008, 12, 5))],  # 18 on the first day: no longer a junior
    "d": [woman(date(1970, 6, 1))],  # 56: veteran too
    "e": [man(date(1976, 12, 6))],  # 49 on the first day: not yet a veteran
    "f": [woman(None)],  # no date of birth: a woman, never a junior or a veteran
    "g": [man(date(2010, 1, 1))],  # 16
    "h": [man(date(1950, 1, 1))],  # 76
}


def test_each_category_takes_its_top_eligible_entries_in_placing_order_overall_winners_included():
    sections = prize_list(SINGLES, PEOPLE, START, 3, [VETERAN, JUNIOR, WOMEN])
    assert summary(sections) == [
        ("overall", [(1, False, 1, False, "a"), (2, False, 2, False, "b"), (3, False, 3, False, "c")], [], ""),
        ("women", [(1, False, 2, False, "b"), (2, False, 4, False, "d")], [], ""),
        ("junior", [(1, False, 2, False, "b"), (2, False, 7, False, "g")], ["f"], MISSING_BIRTH),
        ("veteran", [(1, False, 4, False, "d")], [], ""),
    ]


def test_overall_prize_winners_excluded_leaves_them_out_of_every_category():
    sections = prize_list(SINGLES, PEOPLE, START, 3, [WOMEN, JUNIOR, VETERAN], overall_winners_excluded=True)
    assert summary(sections) == [
        ("overall", [(1, False, 1, False, "a"), (2, False, 2, False, "b"), (3, False, 3, False, "c")], [], ""),
        ("women", [(1, False, 4, False, "d"), (2, False, 6, False, "f")], [], ""),
        ("junior", [(1, False, 7, False, "g")], ["f"], MISSING_BIRTH),
        ("veteran", [(1, False, 4, False, "d")], [], ""),
    ]


def test_a_junior_category_by_date_of_birth_and_no_overall_prizes():
    born = CategoryRule("junior", 3, born_on_or_after=date(2008, 12, 5))
    sections = prize_list(SINGLES, PEOPLE, START, 0, [born])
    assert summary(sections) == [
        # "f", sixth, has no date of birth and might have taken the third prize from "g".
        (
            "junior",
            [(1, False, 2, False, "b"), (2, False, 3, False, "c"), (3, False, 7, False, "g")],
            ["f"],
            MISSING_BIRTH,
        ),
    ]


def test_a_missing_date_of_birth_is_named_only_when_it_is_within_the_prizes_reach():
    # "f" is placed sixth, below the veteran's only prize (fourth): nobody could have been missed.
    veteran = prize_list(SINGLES, PEOPLE, START, 0, [VETERAN])
    assert summary(veteran) == [("veteran", [(1, False, 4, False, "d")], [], "")]
    two = prize_list(SINGLES, PEOPLE, START, 0, [CategoryRule("veteran", 2, age_limit=50)])
    assert summary(two) == [("veteran", [(1, False, 4, False, "d"), (2, False, 8, False, "h")], ["f"], MISSING_BIRTH)]


def test_a_player_without_a_recorded_sex_is_not_considered_for_the_women_and_said_so():
    people = {**PEOPLE, "a": [Person("", date(1990, 1, 1))]}
    sections = prize_list(SINGLES, people, START, 0, [WOMEN])
    assert summary(sections) == [("women", [(1, False, 2, False, "b"), (2, False, 4, False, "d")], ["a"], MISSING_SEX)]


# ---------------------------------------------------------------- ties


def test_entries_tied_at_the_last_prize_share_it_and_keep_their_shared_place():
    placings = [
        Placing(1, "a"),
        Placing(2, "b"),
        Placing(3, "c", True),
        Placing(3, "d", True),
        Placing(5, "e", True),
        Placing(5, "f", True),
        Placing(5, "g", True),
        Placing(5, "h", True),
    ]
    people = {name: [woman(date(1990, 1, 1))] for name in "abcdefgh"}
    sections = prize_list(placings, people, START, 3, [CategoryRule("women", 4)])
    assert summary(sections) == [
        (
            "overall",
            [(1, False, 1, False, "a"), (2, False, 2, False, "b"), (3, True, 3, True, "c"), (3, True, 3, True, "d")],
            [],
            "",
        ),
        (
            "women",
            [
                (1, False, 1, False, "a"),
                (2, False, 2, False, "b"),
                (3, True, 3, True, "c"),
                (3, True, 3, True, "d"),
            ],
            [],
            "",
        ),
    ]
    # Five women's prizes reach the four tied at 5: all four share the fifth.
    sections = prize_list(placings, people, START, 0, [CategoryRule("women", 5)])
    assert summary(sections)[0][1][4:] == [
        (5, True, 5, True, "e"),
        (5, True, 5, True, "f"),
        (5, True, 5, True, "g"),
        (5, True, 5, True, "h"),
    ]


def test_a_tie_inside_a_category_shares_the_prize_number():
    placings = [Placing(1, "a"), Placing(2, "b", True), Placing(2, "c", True), Placing(4, "d")]
    people = {"a": [man()], "b": [woman()], "c": [woman()], "d": [woman()]}
    sections = prize_list(placings, people, START, 0, [CategoryRule("women", 3)])
    assert summary(sections) == [
        ("women", [(1, True, 2, True, "b"), (1, True, 2, True, "c"), (3, False, 4, False, "d")], [], ""),
    ]


# ---------------------------------------------------------------- doubles


def test_a_pair_is_eligible_when_both_partners_are():
    placings = [Placing(1, "ab"), Placing(2, "cd"), Placing(3, "ef"), Placing(4, "gh")]
    people = {
        "ab": [woman(date(2010, 1, 1)), man(date(2010, 1, 1))],  # mixed, both juniors
        "cd": [woman(date(1960, 1, 1)), woman(date(2009, 1, 1))],  # two women, one veteran, one junior
        "ef": [woman(date(2011, 1, 1)), woman(None)],  # two women, one without a date of birth
        "gh": [woman(date(1970, 1, 1)), woman(date(1971, 1, 1))],  # two women, both veterans
    }
    sections = prize_list(placings, people, START, 0, [WOMEN, JUNIOR, VETERAN])
    assert summary(sections) == [
        ("women", [(1, False, 2, False, "cd"), (2, False, 3, False, "ef")], [], ""),
        ("junior", [(1, False, 1, False, "ab")], ["ef"], MISSING_BIRTH),
        ("veteran", [(1, False, 4, False, "gh")], [], ""),
    ]


# ---------------------------------------------------------------- the stored event


@pytest.mark.django_db
def test_the_stored_event_prize_list_reads_its_categories_and_players(tournament, secretary):
    event = EventFactory(tournament=tournament, kind=Event.Kind.SINGLES, overall_prizes=1)
    players = [
        PlayerFactory(first_name="Anil", sex="M", date_of_birth=date(1980, 1, 1)),
        PlayerFactory(first_name="Bela", sex="F", date_of_birth=None),
        PlayerFactory(first_name="Chitra", sex="F", date_of_birth=date(2010, 2, 2)),
    ]
    entries = [EntryFactory(event=event, seed=seed, members=[p]) for seed, p in enumerate(players, start=1)]
    PrizeCategory.objects.create(event=event, kind="women", prizes=1)
    PrizeCategory.objects.create(event=event, kind="junior", prizes=1, age_limit=18)
    play_round_robin(event, secretary)
    assert summary(event_prize_list(event)) == [
        ("overall", [(1, False, 1, False, entries[0])], [], ""),
        ("women", [(1, False, 2, False, entries[1])], [], ""),
        ("junior", [(1, False, 3, False, entries[2])], [entries[1]], MISSING_BIRTH),
    ]
