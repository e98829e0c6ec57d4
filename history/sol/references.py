"""Small readers shared by the import: SoL's 1-based references between lists, dates, and decimals."""

import datetime
from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from history.sol.errors import SolFileError

# What a reference to nothing says, by the list it points into; `where` names the record holding it.
MISSING = {
    "club": gettext_lazy("%(where)s refers to club number %(reference)s, which the file does not hold."),
    "player": gettext_lazy("%(where)s refers to player number %(reference)s, which the file does not hold."),
    "rating": gettext_lazy("%(where)s refers to rating number %(reference)s, which the file does not hold."),
    "championship": gettext_lazy(
        "%(where)s refers to championship number %(reference)s, which the file does not hold."
    ),
    "competitor": gettext_lazy("%(where)s refers to competitor number %(reference)s, which it does not hold."),
}


def pick(items, reference, kind, where):
    """The item a SoL file means by `reference` (1-based) in `items`, a list of `kind` (a key of MISSING); a
    reference to nothing stops the import."""
    if isinstance(reference, bool) or not isinstance(reference, int) or not 1 <= reference <= len(items):
        raise SolFileError(MISSING[kind] % {"where": where, "reference": reference})
    return items[reference - 1]


def as_date(value, where):
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    try:
        return datetime.date.fromisoformat(str(value)[:10])
    except ValueError as error:
        raise SolFileError(_("%(where)s has no valid date: %(value)s") % {"where": where, "value": value}) from error


def as_decimal(value, where, default="0"):
    try:
        return Decimal(str(value if value is not None else default))
    except InvalidOperation as error:
        raise SolFileError(_("%(where)s has a bad number: %(value)s") % {"where": where, "value": value}) from error


def text(value, length):
    return ("" if value is None else str(value)).strip()[:length]


def given(record, name, default):
    """The record's value, or `default` when it has none (SoL writes an absent value as null)."""
    value = record.get(name)
    return default if value is None else value


def required(record, name, where):
    if record.get(name) in (None, ""):
        raise SolFileError(_("%(where)s lacks its %(field)s.") % {"where": where, "field": name})
    return record[name]
