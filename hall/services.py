"""The secretary's changes to the hall display: its views, their rotation and the announcement. One transaction
each; the display picks them up at its next poll (hall.selectors.hall_state)."""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from hall.errors import HallError
from hall.models import ANNOUNCEMENT_LENGTH, MAX_ROTATION_SECONDS, MIN_ROTATION_SECONDS, HallDisplay, HallView
from matches.audit import signed_in

MAX_ANNOUNCEMENT_MINUTES = 24 * 60


def locked_settings(tournament):
    """The tournament's hall settings row, made on first use, locked for this transaction."""
    HallDisplay.objects.get_or_create(tournament=tournament)
    return HallDisplay.objects.select_for_update().get(tournament=tournament)


@transaction.atomic
def update_hall(tournament, *, views, rotation_seconds, user=None):
    """Which views the display turns through (at least one) and how many seconds each stays."""
    unknown = set(views) - set(HallView.values)
    views = [key for key in HallView.values if key in set(views)]  # in HallView's order
    if not views or unknown:
        raise HallError("views", _("Choose at least one view for the display."))
    if not MIN_ROTATION_SECONDS <= rotation_seconds <= MAX_ROTATION_SECONDS:
        raise HallError(
            "rotation_seconds",
            _("A view stays between %(low)s and %(high)s seconds.")
            % {"low": MIN_ROTATION_SECONDS, "high": MAX_ROTATION_SECONDS},
        )
    hall = locked_settings(tournament)
    hall.views, hall.rotation_seconds, hall.updated_by = views, rotation_seconds, signed_in(user)
    hall.save()
    return hall


@transaction.atomic
def announce(tournament, text, minutes=None, user=None, now=None):
    """Put `text` across the display: for `minutes` from now, or until cleared when None."""
    text = " ".join((text or "").split())
    if not text:
        raise HallError("announcement", _("Write the announcement, or clear it."))
    if len(text) > ANNOUNCEMENT_LENGTH:
        raise HallError(
            "announcement", _("An announcement has at most %(count)s characters.") % {"count": ANNOUNCEMENT_LENGTH}
        )
    if minutes is not None and not 1 <= minutes <= MAX_ANNOUNCEMENT_MINUTES:
        raise HallError(
            "minutes", _("Show it for 1 to %(count)s minutes, or leave it empty.") % {"count": MAX_ANNOUNCEMENT_MINUTES}
        )
    now = now or timezone.now()
    hall = locked_settings(tournament)
    hall.announcement = text
    hall.announcement_until = None if minutes is None else now + timedelta(minutes=minutes)
    hall.updated_by = signed_in(user)
    hall.save()
    return hall


@transaction.atomic
def clear_announcement(tournament, user=None):
    hall = locked_settings(tournament)
    hall.announcement, hall.announcement_until, hall.updated_by = "", None, signed_in(user)
    hall.save()
    return hall
