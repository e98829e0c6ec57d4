"""Read-only questions about an event's entries window."""

from django.db.models import Q
from django.utils import timezone

from registration.models import EventRegistration, SignUp


def registration_of(event):
    """The event's EventRegistration, or None when it takes entries from its secretaries only."""
    return EventRegistration.objects.filter(event=event).first()


def entries_open(event, now=None):
    """Whether entries from outside (the public form, the federations' delegates) are open now."""
    window = registration_of(event)
    if window is None or window.closed:
        return False
    now = now or timezone.now()
    if window.opens_at and now < window.opens_at:
        return False
    return not (window.closes_at and now >= window.closes_at)


def sign_ups_of(event):
    """The event's sign-ups for its secretaries, each with `place` on the waiting list (None off it): the waiting
    list first in its order, then the entered, then those still to confirm, newest first."""
    rows = list(SignUp.objects.filter(event=event).select_related("entry").order_by("confirmed_at", "pk"))
    waiting = [row for row in rows if row.status == SignUp.Status.WAITING]
    for place, row in enumerate(waiting, 1):
        row.place = place
    entered = [row for row in rows if row.status == SignUp.Status.ENTERED]
    pending = sorted((row for row in rows if row.status == SignUp.Status.PENDING), key=lambda r: -r.pk)
    for row in entered + pending:
        row.place = None
    return waiting + entered + pending


def place_on_waiting_list(sign_up):
    """Where a waiting sign-up stands on its event's list (1 is next), else None."""
    if sign_up.status != SignUp.Status.WAITING:
        return None
    ahead = SignUp.objects.filter(event_id=sign_up.event_id, status=SignUp.Status.WAITING).filter(
        Q(confirmed_at__lt=sign_up.confirmed_at) | Q(confirmed_at=sign_up.confirmed_at, pk__lt=sign_up.pk)
    )
    return ahead.count() + 1


def sign_up_of_token(token):
    return SignUp.objects.select_related("event__tournament", "entry").filter(token=str(token)[:64]).first()
