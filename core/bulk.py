"""Inserting many plain rows fast: a SoL history has hundreds of thousands of boards and games, and a Swiss round
of a 10,000-player event 5,000 matches; building a model instance for each (bulk_create) took most of the time.
No signals are sent. Rows that others point to (a SoL tourney's entries and matches) take their primary keys
from `new_ids` and give them as their first field."""

import datetime
import json
import uuid
from decimal import Decimal

from django.db import connection
from django.db.models import NOT_PROVIDED
from django.utils import timezone
from psycopg.types.json import Jsonb


def insert_rows(model, fields, rows):
    """INSERT `rows` (tuples of values for `fields`, already in the database's types: ids, numbers, text, None)
    into `model`'s table; every other column gets its field's default (the time now for auto_now fields), as
    bulk_create would give it."""
    if not rows:
        return
    named = [model._meta.get_field(name) for name in fields]
    others = [
        (f, prepared(model, f.name, default_of(f)))
        for f in model._meta.concrete_fields
        if f not in named and not f.primary_key
    ]
    # A column whose default is NULL is left out: the database writes NULL there itself (no field has a database
    # default), and each value bound costs (a match has 18 such columns of its 40).
    others = [(f, value) for f, value in others if value is not None or f.db_default is not NOT_PROVIDED]
    defaults = tuple(value for _f, value in others)
    table = connection.ops.quote_name(model._meta.db_table)
    columns = [f.column for f in (*named, *(f for f, _value in others))]
    names = ", ".join(connection.ops.quote_name(column) for column in columns)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            copy_rows(cursor.cursor, f"COPY {table} ({names}) FROM STDIN", rows, defaults)
        else:
            # SQLite runs one statement over all the rows, in C.
            marks = ", ".join(["%s"] * len(columns))
            rows = [(*row, *defaults) for row in rows] if defaults else rows
            cursor.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)  # noqa: S608 (names from _meta)


def copy_rows(cursor, statement, rows, defaults):
    """PostgreSQL's COPY `statement` (psycopg's `cursor`): the rows go as one stream, where an INSERT's thousands
    of parameters would each be quoted in Python. The stream is COPY's text, written here: psycopg's write_row
    adapted each value through its Python layer and dumped a JSON default once per row (a match has one), and the
    defaults, the same on every row, are written once. A value of a type not in COPY_TEXT leaves the rows to
    psycopg."""
    try:
        stream = copy_stream(rows, defaults)
    except KeyError:
        stream = None
    with cursor.copy(statement) as copy:
        if stream is not None:
            copy.write(stream)
            return
        for row in rows:
            copy.write_row((*row, *defaults))


def copy_stream(rows, defaults):
    """COPY's text of `rows`, each followed by `defaults`: written a column at a time, so that a column of plain
    numbers or text, as most are, is written by str or as it is rather than value by value (copy_text). KeyError
    for a value of a type not in COPY_TEXT."""
    tail = "".join("\t" + copy_text(value) for value in defaults) + "\n"
    columns = [column_text(column) for column in zip(*rows, strict=True)]
    return "".join([line + tail for line in map("\t".join, zip(*columns, strict=True))])


NUMBERS = {int, float}  # exactly: a bool or a choice's member is an int of another type


def column_text(values):
    """COPY's text of each of a column's `values`."""
    kinds = set(map(type, values))
    if kinds <= NUMBERS:
        return list(map(str, values))  # as int.__repr__ and float.__repr__ write them
    if kinds == {str}:
        text = "".join(values)
        if not any(special in text for special in "\\\t\n\r"):
            return values
    return list(map(copy_text, values))


def update_rows(model, fields, rows):
    """UPDATE `fields` of `model`'s rows: `rows` are (primary key, *values of fields), in the database's types.
    One statement run over all rows, where bulk_update writes a CASE per field and row."""
    if not rows:
        return
    quote = connection.ops.quote_name
    columns = ", ".join(f"{quote(model._meta.get_field(name).column)} = %s" for name in fields)
    table, pk = quote(model._meta.db_table), quote(model._meta.pk.column)
    with connection.cursor() as cursor:
        cursor.executemany(
            f"UPDATE {table} SET {columns} WHERE {pk} = %s",  # noqa: S608 (names from _meta)
            [(*values, key) for key, *values in rows],
        )


def new_ids(model, count):
    """`count` primary keys for new rows of `model`, to insert with insert_rows (the "id" field first). Call it in
    the transaction that inserts them, after that transaction has written something: on SQLite the ids follow the
    table's largest one ever given, which no other connection can take while this one holds the write lock; on
    PostgreSQL they are drawn from the table's sequence."""
    if not count:
        return range(0)
    table = model._meta.db_table
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # The sequence's name looked up once (MATERIALIZED): in nextval's argument, pg_get_serial_sequence ran
            # for every id, 0.07 s of the server's CPU for the real SoL history's 34,448 matches.
            cursor.execute(
                "WITH seq AS MATERIALIZED (SELECT pg_get_serial_sequence(%s, %s)::regclass AS name) "
                "SELECT nextval(seq.name) FROM seq, generate_series(1, %s)",
                [connection.ops.quote_name(table), model._meta.pk.column, count],
            )
            return [row[0] for row in cursor.fetchall()]
        # AUTOINCREMENT (Django's ids on SQLite): past both the largest id there and the largest ever given.
        quote = connection.ops.quote_name
        cursor.execute(f"SELECT max({quote(model._meta.pk.column)}) FROM {quote(table)}")  # noqa: S608 (from _meta)
        largest = cursor.fetchone()[0] or 0
        cursor.execute("SELECT seq FROM sqlite_sequence WHERE name = %s", [table])
        given = cursor.fetchone()
        start = max(largest, given[0] if given else 0) + 1
        return range(start, start + count)


def default_of(field):
    if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
        return timezone.now()
    return field.get_default()


def prepared(model, name, value):
    """`value` as the database takes it for `model`'s field `name` (a datetime, a JSON document...)."""
    return model._meta.get_field(name).get_db_prep_save(value, connection)


def escaped(text):
    """Text as COPY's text format takes it: a backslash, tab, newline or carriage return escaped."""
    if "\\" in text or "\t" in text or "\n" in text or "\r" in text:
        return text.translate(COPY_ESCAPES)
    return text


COPY_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})
# Each type's text in COPY's text format, as PostgreSQL reads it back into the column's type.
COPY_TEXT = {
    type(None): lambda _value: "\\N",
    bool: lambda value: "t" if value else "f",
    int: int.__repr__,  # a choice's member (IntegerChoices) as its number
    float: float.__repr__,  # "inf" and "nan" are read as infinity and NaN
    Decimal: str,
    datetime.date: str,
    datetime.datetime: str,  # with its offset when aware: "2026-11-29 21:36:50.513409+00:00"
    datetime.time: str,
    uuid.UUID: str,
    str: escaped,  # a choice's member (TextChoices) as its text
    Jsonb: lambda value: escaped((value.dumps or json.dumps)(value.obj)),  # what a JSONField's value becomes
}


def copy_text(value):
    """`value` in COPY's text format; KeyError for a type left to psycopg."""
    kind = type(value)
    if kind not in COPY_TEXT:
        # A member of a choices enumeration: its text or number (str() would give its class's name too).
        kind = next((base for base in (str, int) if isinstance(value, base)), kind)
    return COPY_TEXT[kind](value)
