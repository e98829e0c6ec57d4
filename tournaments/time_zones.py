"""A tournament's time zone (a federation hosts events in several countries): the IANA name its secretary sets,
settings.TIME_ZONE by default. Times are stored in UTC; its pages, printed sheets, deadlines and e-mails show them
in its zone: tournaments.middleware.TimeZoneMiddleware activates it for each page of a tournament, `in_zone` for
what is written outside a request (e-mails, a sheet made by a worker)."""

import zoneinfo
from contextlib import contextmanager
from functools import lru_cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _


def default_time_zone():
    return settings.TIME_ZONE


@lru_cache(maxsize=1)
def time_zone_names():
    return frozenset(zoneinfo.available_timezones())


def validate_time_zone(name):
    if name not in time_zone_names():
        raise ValidationError(_("%(name)s is not a time zone (e.g. Asia/Kolkata, Europe/Paris).") % {"name": name})


def time_zone_choices():
    return [(name, name.replace("_", " ")) for name in sorted(time_zone_names())]


def zone_of(name):
    """The ZoneInfo of a stored name; the site's zone for a name this machine does not know (never an error)."""
    try:
        return zoneinfo.ZoneInfo(name) if name in time_zone_names() else timezone.get_default_timezone()
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return timezone.get_default_timezone()


@contextmanager
def in_zone(tournament):
    """Times formatted within show in the tournament's zone (its e-mails, its sheets made outside a request)."""
    with timezone.override(zone_of(getattr(tournament, "time_zone", "") or settings.TIME_ZONE)):
        yield
