"""Countries as the tournaments floor writes them: three-letter codes (IND, FRA), in capitals."""

import re

from django.utils.translation import gettext as _

from core.errors import ServiceError

COUNTRY = re.compile(r"[A-Z]{3}")


def clean_country(value, field="country"):
    """A three-letter country code as stored (trimmed, in capitals; "" for none); refused naming `field`."""
    country = (value or "").strip().upper()
    if country and not COUNTRY.fullmatch(country):
        raise ServiceError(field, _("A country is three letters, e.g. IND or FRA."))
    return country
