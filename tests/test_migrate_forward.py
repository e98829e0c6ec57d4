"""A database made by older code migrates forward with every row intact.

Each starting commit in START says what to expect: OLD, before the split into one app per concern, and BEFORE_MOVE,
before the match-day apps moved into matches/ and what a federation keeps across tournaments into history/. Its code
(taken with `git archive`) migrates a fresh database, loads the demo and plays on it (its play script in
tests/migrate_forward); the current code then migrates the same database and must find every row as it was, and read
from it what the old code computed: standings, brackets and, for the models that moved, their rows through their new
models and selectors (the read scripts). On PostgreSQL (DATABASE_URL, as in CI) the database is a new one on the same
server, named after DATABASE_URL's own and the starting commit (so checkouts sharing the server, and the runs of two
starting commits on two workers, do not drop each other's), dropped afterwards."""

import io
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tarfile
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

OLD = "4938db4d69e1f4c0f70b5a26f60d09dae2d10dff"
BEFORE_MOVE = "db6022b0527bcea775d16d2c8cb673cf1fc43517"
ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = Path(__file__).resolve().parent / "migrate_forward"
# Django's record of applied migrations is the one table that is meant to change.
NOT_COMPARED = {"django_migrations"}


@dataclass(frozen=True)
class Start:
    """A commit whose database must migrate forward, and what migrating it must change."""

    commit: str
    play: str  # the script the old code plays with; it prints the summary the read scripts must print together
    reads: tuple  # the scripts the current code reads back with
    # Content types that change app label with their model: (old label, model) -> new label. Their ids must stay,
    # so that permissions and admin log entries still point at them.
    moved: dict
    # Columns a migration renames: (table, old name) -> new name; the values are compared under the new name.
    renamed: dict = field(default_factory=dict)
    # Values a data migration sets right on purpose: table -> (columns, which rows).
    rewritten: dict = field(default_factory=dict)
    # Figures a standings row has gained since: nothing of the old data to compare them with.
    figures_since: frozenset = frozenset()


START = {
    "before-split": Start(
        OLD,
        play="play_old.py",
        reads=("read_new.py",),
        # The audit log (matches.resultchange) went to scoring at the split and came back to the match's own app;
        # the hall (venue) went to scheduling and then to the tournament's floor.
        moved={
            ("matches", "match"): "stages",
            ("matches", "game"): "scoring",
            ("matches", "board"): "scoring",
            ("matches", "venue"): "tournaments",
            ("matches", "roundclock"): "scheduling",
            ("tournaments", "stage"): "stages",
            ("tournaments", "group"): "stages",
            ("tournaments", "groupmember"): "stages",
            ("tournaments", "round"): "stages",
        },
        renamed={("protests_protest", "lodged_at"): "intimated_at"},  # the oral protest is intimated (ICF 145)
        # rules/README.md, readings 19 and 20: a walk-over loses the score the laws never gave it (ICF 143), a
        # protest's decision time runs from its written form (ICF 151(c)).
        rewritten={
            "matches_match": ({"score_a", "score_b", "games_a", "games_b"}, lambda row: row["status"] == "walkover"),
            "protests_protest": ({"due_at"}, lambda row: True),
        },
        # which tie-break separated two rows; the board points (a team's over its ties' rubbers)
        figures_since=frozenset({"separated_by", "boards"}),
    ),
    "before-move": Start(
        BEFORE_MOVE,
        play="play_before_move.py",
        reads=("read_new.py", "read_moved.py"),
        # Nested apps kept their labels; the audit log moved from the score card's app to the match's own, the hall
        # from scheduling to the tournament's floor, the prize categories to the prizes app.
        moved={
            ("scoring", "resultchange"): "matches",
            ("scheduling", "venue"): "tournaments",
            ("tournaments", "prizecategory"): "prizes",
        },
        figures_since=frozenset({"boards"}),  # the board points (a team's over its ties' rubbers)
    ),
}


@pytest.mark.parametrize("start", START.values(), ids=START.keys())
def test_old_database_migrates_forward_with_every_row_intact(tmp_path, start):
    old_tree = extract_old_tree(start.commit, tmp_path / "old")
    with fresh_database(tmp_path, start.commit[:7]) as database:
        manage(old_tree, database, "migrate", "--noinput")
        manage(old_tree, database, "load_demo")
        played = summary(manage(old_tree, database, "shell", "-c", script(start.play)))
        before = database.dump()

        manage(ROOT, database, "migrate", "--noinput")
        after = database.dump()
        assert set(before) <= set(after), f"tables lost: {sorted(set(before) - set(after))}"
        new_models = new_content_types(start, before, after)
        problems = [problem for table in sorted(before) for problem in compare(start, table, before, after, new_models)]
        assert not problems, "\n".join(problems[:40])

        read = {}
        for name in start.reads:
            read.update(summary(manage(ROOT, database, "shell", "-c", script(name))))
        manage(ROOT, database, "check")

    pages = read.pop("pages")
    assert without_figures(read, start.figures_since) == played
    nothing = [key for key, value in played.items() if not value or isinstance(value, dict) and not all(value.values())]
    assert not nothing, f"the play left nothing to compare in {nothing}"
    assert pages and all(status == 200 and named for _, status, named in pages), pages


def without_figures(read, names):
    """The summary read, its standings rows without the figures `names`."""

    def figures(row):
        return {name: value for name, value in row.items() if name not in names}

    return {
        **read,
        "swiss": [figures(row) for row in read["swiss"]],
        "groups": [[figures(row) for row in rows] for rows in read["groups"]],
    }


# ---------------------------------------------------------------- the old tree and the commands


def extract_old_tree(commit, target):
    """The project as it was at `commit`, from this checkout's history (CI clones have all of it)."""
    git = shutil.which("git")
    found = git and subprocess.run(
        [git, "-C", str(ROOT), "cat-file", "-e", f"{commit}^{{commit}}"], capture_output=True
    )
    if not found or found.returncode != 0:
        pytest.skip(f"{ROOT} is not a git checkout holding commit {commit}")
    archive = subprocess.run([git, "-C", str(ROOT), "archive", commit], capture_output=True, check=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(target, filter="data")
    return target


def manage(tree, database, *args):
    """Run `manage.py` of `tree` on the database, with this interpreter. Without REDIS_URL tasks run eagerly."""
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DJANGO_SETTINGS_MODULE")}
    env.update(
        DATABASE_URL=database.url,
        DJANGO_DEBUG="1",
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_ALLOWED_HOSTS="localhost",
        PYTHONDONTWRITEBYTECODE="1",
    )
    command = [sys.executable, "manage.py", *args]
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, timeout=300)
    where = "old" if tree != ROOT else "current"
    assert done.returncode == 0, f"{where} manage.py {args[0]} failed:\n{done.stdout[-3000:]}\n{done.stderr[-6000:]}"
    return done.stdout


def script(name):
    return (SCRIPTS / name).read_text(encoding="utf-8")


def summary(output):
    line = next(line for line in output.splitlines() if line.startswith("SUMMARY "))
    return json.loads(line.removeprefix("SUMMARY "))


# ---------------------------------------------------------------- the database and its dump


@contextmanager
def fresh_database(tmp_path, tag):
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        database = PostgresDatabase(url, tag)
        database.create()
        try:
            yield database
        finally:
            database.drop()
    else:
        yield SqliteDatabase(tmp_path / "carrom.sqlite3")


class SqliteDatabase:
    def __init__(self, path):
        self.path = path
        self.url = f"sqlite:///{path}"

    def dump(self):
        with closing(sqlite3.connect(self.path)) as connection:
            names = connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
            )
            tables = {}
            for (table,) in names.fetchall():
                info = connection.execute(f'PRAGMA table_info("{table}")').fetchall()
                columns = [row[1] for row in info]
                keys = [row[1] for row in sorted(info, key=lambda row: row[5]) if row[5]] or columns
                tables[table] = rows(connection, table, columns, keys)
        return tables


class PostgresDatabase:
    """A database of our own on the server DATABASE_URL names; the server's other databases are not touched."""

    COLUMNS = (
        "SELECT column_name FROM information_schema.columns "
        "WHERE table_schema = 'public' AND table_name = %s ORDER BY ordinal_position"
    )
    PRIMARY_KEY = (
        "SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) "
        "WHERE i.indrelid = %s::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)"
    )

    def __init__(self, server_url, tag):
        self.server_url = server_url
        self.name = f"{urlsplit(server_url).path.strip('/') or 'carrom'}_migrate_forward_{tag}"
        self.url = with_database(server_url, self.name)

    def create(self):
        with self.server() as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')  # left by a killed run
            connection.execute(f'CREATE DATABASE "{self.name}"')

    def drop(self):
        with self.server() as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    def server(self):
        return psycopg.connect(with_database(self.server_url, "postgres"), autocommit=True)

    def dump(self):
        with psycopg.connect(self.url) as connection:
            names = connection.execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = 'public' AND table_type = 'BASE TABLE'"
            )
            tables = {}
            for (table,) in names.fetchall():
                columns = [row[0] for row in connection.execute(self.COLUMNS, [table])]
                keys = [row[0] for row in connection.execute(self.PRIMARY_KEY, [f'"{table}"'])] or columns
                tables[table] = rows(connection, table, columns, keys)
        return tables


def with_database(url, name):
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def rows(connection, table, columns, keys):
    """{primary key: {column: value}} of every row, read in primary key order with plain SQL."""
    quoted = ", ".join(f'"{column}"' for column in columns)
    order = ", ".join(f'"{key}"' for key in keys)
    cursor = connection.execute(f'SELECT {quoted} FROM "{table}" ORDER BY {order}')
    found = {}
    for values in cursor.fetchall():
        row = dict(zip(columns, values, strict=True))
        found[tuple(row[key] for key in keys)] = row
    return {"columns": columns, "rows": found}


# ---------------------------------------------------------------- the comparison


def new_content_types(start, before, after):
    """Ids of the content types of models that did not exist in the old code: migrations written after the split
    add models (and so tables, content types and permissions), which hold nothing of the old data."""
    old = {
        tuple(moved_content_type(start, row)[c] for c in ("app_label", "model"))
        for row in rows_of(before, "django_content_type")
    }
    return {row["id"] for row in rows_of(after, "django_content_type") if (row["app_label"], row["model"]) not in old}


def rows_of(dump, table):
    return dump[table]["rows"].values()


def compare(start, table, before_dump, after_dump, new_models):
    """What differs in `table` after migrating, as messages; none when every row is intact. A column the new schema
    adds holds nothing of the old data, so it is not compared; one it drops must have been empty in every row. Rows
    may be added only for models the old code did not have (their content types and permissions)."""
    if table in NOT_COMPARED:
        return []
    before, after = before_dump[table], after_dump[table]
    problems = []
    lost = sorted(before["rows"].keys() - after["rows"].keys())
    added = sorted(
        key
        for key in after["rows"].keys() - before["rows"].keys()
        if not of_new_model(table, after["rows"][key], new_models)
    )
    if lost or added:
        problems.append(f"{table}: {len(lost)} rows lost {lost[:10]}, {len(added)} rows added {added[:10]}")
    kept = [column for column in before["columns"] if column in after["columns"]]
    gone = [column for column in before["columns"] if column not in after["columns"]]
    for key, old in before["rows"].items():
        if key in after["rows"]:
            problems += compare_row(start, f"{table} {key}", old, after["rows"][key], kept, gone, table)
    return problems


def compare_row(start, where, old, new, kept, gone, table):
    expected = moved_content_type(start, old) if table == "django_content_type" else old
    columns, applies = start.rewritten.get(table, (set(), None))
    rewritten = columns if applies and applies(old) else set()

    def change(c):
        moving = f" (should be {expected[c]!r})" if expected[c] != old[c] else ""
        return f"{where}: {c} was {old[c]!r}, is {new[c]!r}{moving}"

    changed = [change(c) for c in kept if new[c] != expected[c] and c not in rewritten]
    renamed = {c: start.renamed[table, c] for c in gone if (table, c) in start.renamed}
    changed += [
        f"{where}: {c} was {old[c]!r}, is {new[to]!r} as {to}" for c, to in renamed.items() if new[to] != old[c]
    ]
    dropped = [f"{where}: {c} held {old[c]!r}, now dropped" for c in gone if c not in renamed and not empty(old[c])]
    return changed + dropped


def of_new_model(table, row, new_models):
    if table == "django_content_type":
        return row["id"] in new_models
    return table == "auth_permission" and row["content_type_id"] in new_models


def empty(value):
    return value is None or value == ""


def moved_content_type(start, row):
    """The content type row as the move should leave it: same id and model, the new app label if it moved."""
    return {**row, "app_label": start.moved.get((row["app_label"], row["model"]), row["app_label"])}
