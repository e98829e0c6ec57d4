"""SoL's layout: what each record of a SoL file holds, and the check of a file's documents against it before
anything is written. A list where a record belongs, text where a number belongs, a record where text belongs
stops the import with a message that says what is wrong and where ("Tournament 2, competitor 5: 'players' should
be a list, not text."), instead of an error deep in the import. Fields the import does not read are not checked
(SoL's versions add and drop some); a field given as null counts as absent, as SoL writes it."""

import datetime
from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from history.sol.errors import SolFileError

SMALL = 32767  # our counts (scores, boards, turns, rates) are small integers in the database


class Kind:
    """What one field holds: `accepts(value)` for a value that is not null, `expected` says it to a person."""

    expected = ""

    def accepts(self, value):
        raise NotImplementedError


class Text(Kind):
    expected = gettext_lazy("text")

    def accepts(self, value):
        if isinstance(value, str):
            return storable(value)
        # a name or a place written without quotes may come out of YAML as a number or a date: it reads as text
        return isinstance(value, (int, float, datetime.date)) and not isinstance(value, bool)


class Count(Kind):
    expected = gettext_lazy("a whole number from 0 to 32767")

    def accepts(self, value):
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= SMALL


class Figure(Kind):
    """Standings' figures (points, Buchholz, scores): only compared, never stored."""

    expected = gettext_lazy("a number")

    def accepts(self, value):
        return isinstance(value, (int, float)) and not isinstance(value, bool)


class Amount(Kind):
    """A decimal SoL writes as text ("0.06") or a number, stored in a field of `digits` before the point."""

    def __init__(self, digits):
        self.digits = digits

    @property
    def expected(self):
        return _("a number from 0 to %(highest)s") % {"highest": 10**self.digits - 1}

    def accepts(self, value):
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            return False
        try:
            number = Decimal(str(value))
        except InvalidOperation:
            return False
        return number.is_finite() and 0 <= number < 10**self.digits


class Flag(Kind):
    expected = gettext_lazy("true or false")

    def accepts(self, value):
        return isinstance(value, int)  # bool is an int; SoL's older files write 0 and 1


class Date(Kind):
    expected = gettext_lazy("a date (year-month-day)")

    def accepts(self, value):
        if isinstance(value, datetime.date):
            return True
        try:
            datetime.date.fromisoformat(value[:10])
        except (TypeError, ValueError):
            return False
        return True


class Items(Kind):
    """A list of `kind`: each item is checked too, named `"'field' item N"`."""

    expected = gettext_lazy("a list")

    def __init__(self, kind):
        self.kind = kind

    def accepts(self, value):
        return isinstance(value, list)


class Records(Kind):
    """A list of records laid out as `fields`, each named by `name` ("competitor %(number)s")."""

    expected = gettext_lazy("a list")

    def __init__(self, name, fields):
        self.name, self.fields = name, fields

    def accepts(self, value):
        return isinstance(value, list)


def storable(text):
    """Text a database keeps: PostgreSQL refuses NUL characters, and no database takes a lone surrogate."""
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


TEXT, COUNT, FIGURE, FLAG, DATE = Text(), Count(), Figure(), Flag(), Date()
REFERENCE = COUNT  # a 1-based position in one of the file's lists (sol.references.pick says when it is out of range)
MERGED = Items(Items(TEXT))  # [guid, last name, first name, nickname] of each player SoL merged into this one
CLUB = {"guid": TEXT, "description": TEXT, "nationality": TEXT, "isfederation": FLAG, "emblem": TEXT}
PLAYER = {
    "guid": TEXT, "firstname": TEXT, "lastname": TEXT, "sex": TEXT, "nationality": TEXT, "birthdate": DATE,
    "club": REFERENCE, "federation": REFERENCE, "email": TEXT, "merged": MERGED, "portrait": TEXT,
    "agreedprivacy": TEXT,
}  # fmt: skip
RATING = {
    "guid": TEXT, "description": TEXT, "level": TEXT, "inherit": FLAG, "tau": Amount(3), "default_rate": COUNT,
    "default_deviation": COUNT, "default_volatility": Amount(1), "lower_rate": COUNT, "higher_rate": COUNT,
    "outcomes": TEXT, "club": REFERENCE,
}  # fmt: skip
RATE = {
    "rating": REFERENCE,
    "player": REFERENCE,
    "date": DATE,
    "rate": COUNT,
    "deviation": COUNT,
    "volatility": Amount(1),
}
CHAMPIONSHIP = {
    "guid": TEXT, "description": TEXT, "club": REFERENCE, "prizes": TEXT, "skipworstprizes": COUNT,
    "playersperteam": COUNT, "closed": FLAG, "rating": REFERENCE, "previous": REFERENCE,
}  # fmt: skip
COMPETITOR = {
    "players": Items(REFERENCE), "retired": FLAG, "prize": Amount(7), "points": FIGURE, "bucholz": FIGURE,
    "netscore": FIGURE, "totscore": FIGURE,
}  # fmt: skip
BOARD = {"number": COUNT, "coins1": COUNT, "coins2": COUNT, "queen": TEXT}
MATCH = {
    "competitor1": REFERENCE, "competitor2": REFERENCE, "turn": COUNT, "board": COUNT, "score1": COUNT,
    "score2": COUNT, "final": FLAG, "boards": Records(gettext_lazy("board %(number)s"), BOARD),
}  # fmt: skip
TOURNEY = {
    "guid": TEXT, "championship": REFERENCE, "description": TEXT, "date": DATE, "location": TEXT,
    "hosting_club": REFERENCE, "prized": FLAG, "rating": REFERENCE, "system": TEXT, "couplings": TEXT,
    "rankedturn": COUNT, "delaytoppairing": COUNT, "delaycompatriotpairing": COUNT,
    "phantomscore": COUNT, "finalkind": TEXT,
    "competitors": Records(gettext_lazy("competitor %(number)s"), COMPETITOR),
    "matches": Records(gettext_lazy("match %(number)s"), MATCH),
}  # fmt: skip
# The first document's lists, each record named as the import names it.
SHARED = {
    "clubs": (gettext_lazy("Club %(number)s"), CLUB),
    "players": (gettext_lazy("Player %(number)s"), PLAYER),
    "ratings": (gettext_lazy("Rating %(number)s"), RATING),
    "rates": (gettext_lazy("Rate %(number)s"), RATE),
    "championships": (gettext_lazy("Championship %(number)s"), CHAMPIONSHIP),
}


IN_LIST = gettext_lazy("%(where)s, %(item)s")
FIELD_OF = gettext_lazy("%(where)s, '%(field)s'")
ITEM_OF = gettext_lazy("%(where)s item %(number)s")


class Place:
    """Where a value sits in the file ("Tournament 2, competitor 5"): `words` (a text with %-placeholders) and its
    `values`, put together only for a message; made for every record of a file, the words cost more than the
    check."""

    __slots__ = ("words", "values")

    def __init__(self, words, **values):
        self.words, self.values = words, values

    def __str__(self):
        return str(self.words % self.values)


def check_layout(documents):
    """Raise SolFileError naming the first value that does not fit SoL's layout (documents: as sol.reading.read
    gives them, every one a dict)."""
    shared = documents[0]
    for field, (name, fields) in SHARED.items():
        records = shared.get(field)
        if records is None:
            continue
        if not isinstance(records, list):
            raise misfit(_("The clubs and players"), field, Records(name, fields).expected, records)
        check_records(records, None, name, fields)
    tourney = gettext_lazy("Tournament %(number)s")
    for number, record in enumerate(documents[1:], start=1):
        check_record(record, Place(tourney, number=number), TOURNEY)


def check_records(records, holder, name, fields):
    """Check each record of a list, named `name` after its number, within `holder` when the list has one."""
    for number, record in enumerate(records, start=1):
        where = Place(name, number=number)
        if holder is not None:
            where = Place(IN_LIST, where=holder, item=where)
        check_record(record, where, fields)


def check_record(record, where, fields):
    if not isinstance(record, dict):
        raise misplaced(where, _("a record of fields"), record)
    for field, kind in fields.items():
        value = record.get(field)
        if value is None:
            continue
        if not kind.accepts(value):
            raise misfit(where, field, kind.expected, value)
        if isinstance(kind, Records):
            check_records(value, where, kind.name, kind.fields)
        elif isinstance(kind, Items):
            check_items(value, Place(FIELD_OF, where=where, field=field), kind.kind)


def check_items(items, where, kind):
    """Check the items of a list of plain values; `where` names the list."""
    for number, item in enumerate(items, start=1):
        if item is None:
            continue
        named = Place(ITEM_OF, where=where, number=number)
        if not kind.accepts(item):
            raise misplaced(named, kind.expected, item)
        if isinstance(kind, Items):
            check_items(item, named, kind.kind)


def misplaced(where, expected, value):
    return SolFileError(
        _("%(where)s should be %(expected)s, not %(found)s.")
        % {"where": where, "expected": expected, "found": found(value)}
    )


def misfit(where, field, expected, value):
    return SolFileError(
        _("%(where)s: '%(field)s' should be %(expected)s, not %(found)s.")
        % {"where": where, "field": field, "expected": expected, "found": found(value)}
    )


def found(value):
    """What a value is, in words."""
    if value is None:
        return _("nothing")
    if isinstance(value, bool):
        return _("true or false")
    if isinstance(value, dict):
        return _("a record of fields")
    if isinstance(value, (list, tuple, set)):
        return _("a list")
    if isinstance(value, (int, float)):
        return _("the number %(value)s") % {"value": shortened(value)}
    if isinstance(value, datetime.date):
        return _("the date %(value)s") % {"value": value}
    if isinstance(value, str):
        return _("the text “%(value)s”") % {"value": shortened(value)}
    return _("a value of another kind")


def shortened(value, length=40):
    text = str(value).replace("\x00", "\\0").encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= length else text[: length - 1] + "…"
