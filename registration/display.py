"""The words of the entries window and the sign-ups: the e-mails, and the page's one-line states."""

from django.utils import formats, timezone
from django.utils.translation import gettext as _


def confirmation_mail(sign_up, link, hours):
    """(subject, body) of the e-mail that asks to confirm a sign-up, in the active language."""
    event = sign_up.event
    subject = _("Confirm your sign-up for %(event)s") % {"event": event.name}
    body = _(
        "Hello %(name)s,\n\n"
        "you (or someone giving your address) signed up for %(event)s of %(tournament)s.\n"
        "Open this link and press the button to confirm; it works for %(hours)s hours:\n\n%(link)s\n\n"
        "If you did not sign up, ignore this e-mail: nothing happens without the confirmation."
    ) % {
        "name": sign_up.first_name,
        "event": event.name,
        "tournament": event.tournament.name,
        "hours": hours,
        "link": link,
    }
    return subject, body


def promoted_mail(sign_up, event_url):
    """(subject, body) of the e-mail that tells someone on the waiting list they are now entered."""
    event = sign_up.event
    subject = _("You are entered in %(event)s") % {"event": event.name}
    body = _(
        "Hello %(name)s,\n\n"
        "a place became free in %(event)s of %(tournament)s: you were first on the waiting list, and you are now "
        "entered.\n\n%(link)s"
    ) % {"name": sign_up.first_name, "event": event.name, "tournament": event.tournament.name, "link": event_url}
    return subject, body


def window_state(window, is_open, now):
    """One line saying whether entries are open now, and until or from when."""
    if window is None:
        return _("Entries are taken by the secretaries only")
    if window.closed:
        return _("Entries are closed")
    if is_open:
        if window.closes_at:
            return _("Entries are open until %(date)s") % {"date": when(window.closes_at)}
        return _("Entries are open")
    if window.opens_at and now < window.opens_at:
        return _("Entries open on %(date)s") % {"date": when(window.opens_at)}
    return _("Entries closed on %(date)s") % {"date": when(window.closes_at)}


def when(moment):
    return formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")
