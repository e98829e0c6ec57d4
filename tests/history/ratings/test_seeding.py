"""The rate a member's player had when their event began, as the stages floor reads it for a whole event at once
(stages.loading.entry_rows, which says which events): the same rates as the general expression, which works the
event's ratings out again for each member (stages.selectors.with_players), and no subquery at all for an event
that uses no rating."""

from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from history.ratings.models import EventRating, Rating
from stages.loading import entry_rows
from stages.selectors import entry_rating, with_players
from tests.factories import EntryFactory, EventFactory, PlayerFactory
from tests.factories_history import RateFactory

pytestmark = pytest.mark.django_db

START = date(2026, 12, 5)


def rated_by_both_readings(entries):
    """{entry id: rating} read by entry_rows (the events known) and by the model instances (the general
    expression); asserts they agree. A player without a rate keeps the rating typed in."""
    rows = {row.pk: row.rating for row in entry_rows(entries)}
    models = {entry.pk: entry_rating(entry) for entry in with_players(entries)}
    assert rows == models
    return rows


@pytest.mark.parametrize("inheritance", [True, False])
def test_an_events_rates_are_the_general_expressions(inheritance):
    international = Rating.objects.create(name="I", level=Rating.Level.INTERNATIONAL)
    national = Rating.objects.create(name="N", level=Rating.Level.NATIONAL, inheritance=inheritance)
    local = Rating.objects.create(name="L", level=Rating.Level.LOCAL)
    historical = Rating.objects.create(name="H", level=Rating.Level.HISTORICAL)
    event = EventFactory(tournament__start_date=START)
    EventRating.objects.create(event=event, rating=national)
    newer_abroad, national_only, local_only, historical_only, late, typed = (
        PlayerFactory(rating=1000 + n) for n in range(6)
    )
    for rating, player, day, rate in (
        (international, newer_abroad, date(2026, 1, 1), 2100),
        (national, newer_abroad, date(2025, 1, 1), 1800),
        (national, national_only, date(2025, 6, 1), 1750),
        (international, national_only, date(2025, 6, 1), 1760),  # the same day: the lower rating id first
        (local, local_only, date(2026, 1, 1), 1700),  # a higher level number: never read
        (historical, historical_only, date(2026, 1, 1), 1650),  # level 0: inherited like any lower level
        (national, late, START, 1900),  # on the first day: not before the event
    ):
        RateFactory(rating=rating, player=player, date=day, rate=rate)
    for player in (newer_abroad, national_only, local_only, historical_only, late, typed):
        EntryFactory(event=event, members=[player])
    rates = rated_by_both_readings(event.entries.all())
    by_player = {p: rates[p.memberships.get().entry_id] for p in (newer_abroad, national_only, historical_only, late)}
    if inheritance:
        assert by_player == {newer_abroad: 2100, national_only: 1760, historical_only: 1650, late: late.rating}
    else:
        assert by_player == {
            newer_abroad: 1800,
            national_only: 1750,
            historical_only: historical_only.rating,
            late: late.rating,
        }
    assert rates[local_only.memberships.get().entry_id] == local_only.rating
    assert rates[typed.memberships.get().entry_id] == typed.rating


def test_a_historical_rating_inherits_nothing():
    historical = Rating.objects.create(name="H", level=Rating.Level.HISTORICAL, inheritance=True)
    older = Rating.objects.create(name="O", level=Rating.Level.HISTORICAL)
    event = EventFactory(tournament__start_date=START)
    EventRating.objects.create(event=event, rating=historical)
    player = PlayerFactory(rating=1200)
    RateFactory(rating=older, player=player, date=date(2026, 1, 1), rate=1600)
    EntryFactory(event=event, members=[player])
    assert list(rated_by_both_readings(event.entries.all()).values()) == [1200]


def test_entries_of_several_events_read_each_ones_rating():
    rating = Rating.objects.create(name="R", level=Rating.Level.REGIONAL)
    rated, unrated = EventFactory(tournament__start_date=START), EventFactory(tournament__start_date=START)
    EventRating.objects.create(event=rated, rating=rating)
    player = PlayerFactory(rating=1234)
    RateFactory(rating=rating, player=player, date=date(2026, 1, 1), rate=1500)
    EntryFactory(event=rated, members=[player])
    EntryFactory(event=unrated, members=[player])
    both = rated.entries.all() | unrated.entries.all()
    assert sorted(rated_by_both_readings(both).values()) == [1234, 1500]


def test_the_members_of_an_event_without_a_rating_are_read_without_a_rate_each():
    event = EventFactory(tournament__start_date=START)
    player = PlayerFactory(rating=1234)
    RateFactory(player=player, date=date(2026, 1, 1), rate=1500)  # a rating the event does not use
    EntryFactory(event=event, members=[player])
    with CaptureQueriesContext(connection) as queries:
        assert [row.rating for row in entry_rows(event.entries.all())] == [1234]
    assert not any("ratings_rate" in query["sql"] for query in queries.captured_queries)
