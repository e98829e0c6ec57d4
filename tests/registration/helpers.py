"""What the registration tests share: an event open to the public form, a sign-up's fields, the link of a mail."""

import re

from registration.services import set_registration
from tests.factories import EntryFactory, EventFactory
from tournaments.models import OutgoingMail

LINK = re.compile(r"https?://\S+/sign-up/\S+/")


def open_event(tournament, cap=None, entries=0, **kwargs):
    """An event of `tournament` taking sign-ups now, with `entries` entries already."""
    event = EventFactory(tournament=tournament, **kwargs)
    for _ in range(entries):
        EntryFactory(event=event)
    set_registration(event, public_sign_up=True, cap=cap)
    return event


def fields(n=1, **changes):
    return {
        "first_name": f"Mira{n}",
        "last_name": "Lenoir",
        "club": "Lyon Carrom",
        "country": "fra",
        "email": f"mira{n}@example.org",
        "publish_name": "on",  # ticked on the form as it comes
        "publish_rating": "on",
        **changes,
    }


def confirmation_link(email):
    """The confirmation link of the last mail to `email`, as its reader finds it in the body."""
    mail = OutgoingMail.objects.filter(to=email).order_by("-pk").first()
    assert mail is not None, f"no mail to {email}"
    return LINK.search(mail.body).group(0)


def token_of(link):
    return link.rstrip("/").rpartition("/")[2]
