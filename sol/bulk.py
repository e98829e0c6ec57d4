"""Inserting many plain rows fast: a SoL history has hundreds of thousands of boards and games, and building a
model instance for each (bulk_create) took most of an import's time. Only for rows nothing else needs back."""

from django.db import connection


def insert_rows(model, fields, rows):
    """INSERT `rows` (tuples of values for `fields`, already in the database's types) into `model`'s table."""
    if not rows:
        return
    columns = [model._meta.get_field(name).column for name in fields]
    table = connection.ops.quote_name(model._meta.db_table)
    names = ", ".join(connection.ops.quote_name(column) for column in columns)
    marks = ", ".join(["%s"] * len(columns))
    with connection.cursor() as cursor:
        cursor.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)  # noqa: S608 (names from _meta)


def prepared(model, name, value):
    """`value` as the database takes it for `model`'s field `name` (a datetime, a JSON document...)."""
    return model._meta.get_field(name).get_db_prep_save(value, connection)
