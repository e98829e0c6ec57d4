"""Inserting many plain rows fast: a SoL history has hundreds of thousands of boards and games, and a Swiss round
of a 10,000-player event 5,000 matches; building a model instance for each (bulk_create) took most of the time.
Only for rows nothing else needs back (no primary keys, no signals)."""

from django.db import connection
from django.utils import timezone


def insert_rows(model, fields, rows):
    """INSERT `rows` (tuples of values for `fields`, already in the database's types: ids, numbers, text, None)
    into `model`'s table; every other column gets its field's default (the time now for auto_now fields), as
    bulk_create would give it."""
    if not rows:
        return
    named = [model._meta.get_field(name) for name in fields]
    others = [f for f in model._meta.concrete_fields if f not in named and not f.primary_key]
    defaults = tuple(prepared(model, f.name, default_of(f)) for f in others)
    rows = [(*row, *defaults) for row in rows] if defaults else rows
    table = connection.ops.quote_name(model._meta.db_table)
    columns = [f.column for f in (*named, *others)]
    names = ", ".join(connection.ops.quote_name(column) for column in columns)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # COPY: the rows go as one stream; an INSERT's thousands of parameters would each be quoted in Python.
            with cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            # SQLite runs one statement over all the rows, in C.
            marks = ", ".join(["%s"] * len(columns))
            cursor.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)  # noqa: S608 (names from _meta)


def default_of(field):
    if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
        return timezone.now()
    return field.get_default()


def prepared(model, name, value):
    """`value` as the database takes it for `model`'s field `name` (a datetime, a JSON document...)."""
    return model._meta.get_field(name).get_db_prep_save(value, connection)
