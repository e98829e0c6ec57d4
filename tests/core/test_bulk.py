"""Plain rows (core.bulk.insert_rows): on PostgreSQL they go as COPY's text, written by core.bulk itself; what is
read back is what was given, whatever the text holds."""

import datetime
from decimal import Decimal
from ipaddress import IPv4Address

import pytest
from django.db import connection
from django.db.models import IntegerChoices
from hypothesis import given
from hypothesis import strategies as st
from psycopg.types.json import Jsonb

from core.bulk import copy_stream, copy_text, insert_rows
from stages.models import Match
from tests.factories import EventFactory, RoundFactory
from tournaments.models import Entry


class Seats(IntegerChoices):
    ONE = 1, "one"


def test_each_value_is_written_as_postgresql_reads_it():
    moment = datetime.datetime(2026, 11, 29, 21, 36, 50, 513409, tzinfo=datetime.UTC)
    assert [copy_text(value) for value in (None, True, False, 12, 2.5, Decimal("18.50"))] == [
        "\\N", "t", "f", "12", "2.5", "18.50",
    ]  # fmt: skip
    assert copy_text(datetime.date(2018, 7, 10)) == "2018-07-10"
    assert copy_text(moment) == "2026-11-29 21:36:50.513409+00:00"
    assert copy_text(Match.Status.CONFIRMED) == "confirmed"
    assert copy_text(Seats.ONE) == "1"
    assert copy_text("a\tb\\c\nd\re \\N") == "a\\tb\\\\c\\nd\\re \\\\N"
    assert copy_text(Jsonb({"note": "two\nlines"})) == '{"note": "two\\\\nlines"}'


VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(), st.sampled_from(list(Match.Status)), st.dates()
)
# Columns as the rows have them: some of one type (numbers, text), some mixed (a number or None).
COLUMNS = st.lists(st.one_of(st.just(st.integers()), st.just(st.text()), st.just(VALUES)), min_size=1, max_size=5)


@given(st.data())
def test_the_stream_written_column_by_column_is_the_one_written_value_by_value(data):
    kinds = data.draw(COLUMNS)
    rows = data.draw(st.lists(st.tuples(*kinds), min_size=1, max_size=8))
    defaults = data.draw(st.lists(VALUES, max_size=3))
    by_value = "".join("\t".join(map(copy_text, (*row, *defaults))) + "\n" for row in rows)
    assert copy_stream(rows, defaults) == by_value


def test_a_value_of_another_type_is_left_to_psycopg():
    with pytest.raises(KeyError):
        copy_text(object())


@pytest.mark.django_db
def test_text_with_tabs_newlines_and_backslashes_is_read_back_as_given():
    event = EventFactory()
    names = ["tab\there", "new\nline", "carriage\rreturn", "back\\slash \\N", "", "Élodie Ñúñez"]
    insert_rows(Entry, ("event", "name", "withdrawn"), [(event.pk, name, True) for name in names])
    assert sorted(Entry.objects.filter(event=event).values_list("name", "withdrawn")) == sorted(
        (name, True) for name in names
    )


@pytest.mark.django_db
def test_choices_members_and_a_json_default_are_written_as_their_values():
    rnd = RoundFactory()
    insert_rows(Match, ("stage", "round", "number", "status"), [(rnd.stage_id, rnd.pk, 1, Match.Status.CONFIRMED)])
    match = Match.objects.get(round=rnd)
    assert (match.status, match.card_extras) == ("confirmed", {})


@pytest.mark.django_db
def test_rows_holding_a_value_of_another_type_are_written_by_psycopg():
    if connection.vendor != "postgresql":
        pytest.skip("COPY is PostgreSQL's; SQLite binds each value itself")
    event = EventFactory()
    insert_rows(
        Entry, ("event", "name", "withdrawn"), [(event.pk, "plain", False), (event.pk, IPv4Address("10.0.0.1"), True)]
    )
    assert sorted(Entry.objects.filter(event=event).values_list("name", "withdrawn")) == [
        ("10.0.0.1", True), ("plain", False),
    ]  # fmt: skip
