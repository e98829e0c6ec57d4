"""Whole numbers typed by people: an id or a count in a page's query string or a hidden form field, a CSV cell.

`str.isdigit()` is not the test: it accepts "²" and "①", which int() refuses, and a number can be too large for its
column (PostgreSQL refuses what SQLite stores). whole_number() answers the int, or None for anything that is not
plain ASCII digits within the range, so the caller answers a 400, a 404 or a form message instead of a 500.
"""

import re

INT_MAX = 2**31 - 1  # the largest value of an IntegerField (PostgreSQL's integer)
ID_MAX = 2**63 - 1  # the largest id (BigAutoField)

DIGITS = re.compile(r"[0-9]{1,19}")  # ASCII only; 19 digits hold ID_MAX


def whole_number(value, minimum=0, maximum=INT_MAX):
    """`value` (a string) as an int when it is plain ASCII digits from `minimum` to `maximum`; else None."""
    if not isinstance(value, str) or not DIGITS.fullmatch(value):
        return None
    number = int(value)
    return number if minimum <= number <= maximum else None


def object_id(value):
    """An id given as text (`?event=12`, a form's hidden `round`), or None: a lookup by None finds nothing (404)."""
    return whole_number(value, 1, ID_MAX)
