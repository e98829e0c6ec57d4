"""A SoL file of the wrong shape (a list where a record belongs, text where a number belongs, null everywhere) is
refused with a message that says what is wrong and where, by the import, the command and the API alike; never an
error deep in the import."""

import copy
import datetime
import os
import subprocess
import sys

import pytest
from django.conf import settings
from hypothesis import HealthCheck, example, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from history.sol.importing import import_file
from history.sol.reading import SolFileError
from tests.history.sol import shapes
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def changed(path, value):
    documents = copy.deepcopy(shapes.sol5())
    *holders, last = path
    target = documents
    for key in holders:
        target = target[key]
    if value is KeyError:
        del target[last]
    else:
        target[last] = value
    return documents


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ([1, "competitors", 4, "players"], {"a": 1}, "Tournament 1, competitor 5: 'players' should be a list"),
        ([1, "competitors", 4, "players", 0], "five", "Tournament 1, competitor 5, 'players' item 1 should be a whole"),
        ([2, "matches"], {"a": 1}, "Tournament 2: 'matches' should be a list, not a record of fields."),
        ([1, "matches", 3, "score2"], "10", "Tournament 1, match 4: 'score2' should be a whole number from 0 to 32767"),
        ([1, "matches", 3, "turn"], -1, "'turn' should be a whole number from 0 to 32767, not the number -1."),
        ([1, "matches", 3, "board"], 10**40, "'board' should be a whole number from 0 to 32767, not the number 1000"),
        ([1, "matches", 0, "boards", 0, "coins1"], [9], "Tournament 1, match 1, board 1: 'coins1' should be a whole"),
        ([1, "date"], "yesterday", "Tournament 1: 'date' should be a date (year-month-day), not the text “yesterday”"),
        ([1, "description"], ["a", "b"], "Tournament 1: 'description' should be text, not a list."),
        ([1, "description"], KeyError, "Tournament 1 lacks its description."),
        ([1, "competitors", 0, "prize"], "lots", "Tournament 1, competitor 1: 'prize' should be a number from 0 to"),
        ([1, "competitors", 0, "points"], "5", "Tournament 1, competitor 1: 'points' should be a number, not the"),
        ([1, "prized"], {"yes": True}, "Tournament 1: 'prized' should be true or false, not a record of fields."),
        ([0, "clubs", 1], ["Carrom Club Roma"], "Club 2 should be a record of fields, not a list."),
        ([0, "clubs", 1, "description"], "Roma\x00", "Club 2: 'description' should be text, not the text “Roma\\0”."),
        ([0, "players"], {"ann": {}}, "The clubs and players: 'players' should be a list, not a record of fields."),
        ([0, "players", 0, "birthdate"], 1990, "Player 1: 'birthdate' should be a date (year-month-day), not the"),
        ([0, "players", 1, "merged", 0], "x", "Player 2, 'merged' item 1 should be a list, not the text “x”."),
        ([0, "ratings", 0, "tau"], "0.5.1", "Rating 1: 'tau' should be a number from 0 to 999"),
        ([0, "ratings", 0, "default_volatility"], "NaN", "Rating 1: 'default_volatility' should be a number from 0"),
        ([0, "rates", 0, "rate"], 1e3, "Rate 1: 'rate' should be a whole number from 0 to 32767, not the number"),
        ([0, "championships", 0, "club"], True, "Championship 1: 'club' should be a whole number from 0 to 32767, not"),
        ([0, "championships", 0], None, "Championship 1 should be a record of fields, not nothing."),
    ],
)
def test_a_value_of_the_wrong_kind_is_named_with_where_it_is(path, value, message):
    for data in (shapes.as_yaml(changed(path, value)), shapes.as_json(changed(path, value))):
        with pytest.raises(SolFileError) as refusal:
            import_file(data)
        assert message in str(refusal.value)
    assert not Tournament.objects.exists()


def test_a_file_of_nothing_but_nulls_says_what_it_lacks():
    documents = [{key: None for key in document} for document in shapes.sol5()]
    documents[0]["clubs"] = [{"description": None}]
    with pytest.raises(SolFileError, match="Club 1 lacks its description."):
        import_file(shapes.as_yaml(documents))
    # null lists are empty ones; a tourney with every field null lacks its championship
    documents[0]["clubs"] = None
    with pytest.raises(SolFileError, match="Tournament 1 refers to championship number None"):
        import_file(shapes.as_json(documents))


def test_nulls_where_sol_leaves_values_out_import_as_their_absence():
    documents = shapes.sol5()
    rating = documents[0]["ratings"][0]
    for field in ("level", "inherit", "default_rate", "default_deviation", "lower_rate", "higher_rate", "tau"):
        rating[field] = None
    documents[1]["matches"][0]["boards"][0]["queen"] = None
    import_file(shapes.as_yaml(documents))
    assert Tournament.objects.count() == 2


def paths(value, path=()):
    """Every place in SoL's documents where a value sits, the documents' own items included."""
    found = [path] if path else []
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return found
    for key, item in items:
        found += paths(item, (*path, key))
    return found


VALID = shapes.sol5()
PATHS = paths(VALID)
WRONG = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.sampled_from(
        [
            "",
            "0",
            "1",
            "2024-13-45",
            "2024-02-30",
            "1e999",
            "NaN",
            "swiss",
            "../x",
            "\x00",
            "\ud800",
            "2024-01-01 08:00",
            "2024-01-01junk",
        ]
    ),
    st.dates(),
    st.lists(st.integers(min_value=-3, max_value=40), max_size=4),
    st.dictionaries(st.sampled_from(["players", "description", "turn", "a"]), st.integers(0, 9), max_size=3),
    st.just([[[]]]),
    st.just({"players": {"players": [1]}}),
)


def mutated(changes):
    """VALID with each (path, value) of `changes` set, but those an earlier change took away the place of."""
    documents = copy.deepcopy(VALID)
    for path, value in changes:
        target = documents
        try:
            for key in path[:-1]:
                target = target[key]
            target[path[-1]]  # noqa: B018 (the place must still be there)
        except (KeyError, IndexError, TypeError):
            continue
        if not isinstance(target, (dict, list)):
            continue  # an earlier change put a string there: "0000"[3] reads, but has no place to write
        target[path[-1]] = value
    return documents


@hypothesis_settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=st.lists(st.tuples(st.sampled_from(PATHS), WRONG), min_size=1, max_size=3), as_json=st.booleans())
@example(changes=[((1, "matches"), "0000"), ((1, "matches", 3), None)], as_json=False)  # a string where a list was
def test_any_value_of_any_kind_anywhere_imports_or_is_refused_with_a_message(changes, as_json):
    """Whatever value replaces whatever value of a valid file, the import either succeeds or says why not: never
    an error of another kind (which the API would report as "unexpected" and the command as a traceback)."""
    documents = mutated(changes)
    try:
        data = shapes.as_json(documents) if as_json else shapes.as_yaml(documents)
    except (ValueError, UnicodeEncodeError):
        return  # a value neither format can write (a lone surrogate in JSON's UTF-8, a NaN is fine)
    try:
        import_file(data)
    except SolFileError as refusal:
        assert str(refusal)


def test_the_command_says_what_is_wrong_and_where_and_exits_with_status_1(tmp_path):
    path = tmp_path / "wrong.sol"
    path.write_bytes(shapes.as_yaml(changed([1, "competitors", 4, "players"], {"a": 1})))
    environment = {**os.environ, "DJANGO_DEBUG": "1", "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    done = subprocess.run(
        [sys.executable, "manage.py", "import_sol", str(path)],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "wrong.sol was not imported: Tournament 1, competitor 5: 'players' should be a list" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_date_written_as_a_date_or_as_text_both_read():
    documents = shapes.sol5()
    documents[1]["date"] = "2024-05-01T10:00:00"
    documents[0]["players"][0]["birthdate"] = datetime.datetime(1990, 1, 2, 8, 0)
    import_file(shapes.as_json(documents))
    assert Tournament.objects.get(guid=shapes.GUIDS["t1"]).start_date == datetime.date(2024, 5, 1)
