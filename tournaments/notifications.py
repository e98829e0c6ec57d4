"""Telling people: one place that writes a notification row (shown on their pages) and sends the e-mail.

Periodic tasks call `notify` again after a crash or a second run; the `key` makes that harmless: a user gets one
notification, and one e-mail, per key.

Each person is told in their own language (their profile's, else the tournament's, else the site's), whoever
caused the message and in whatever language that request ran: the caller hands over a `message`, a function that
returns (subject, body) in the active language, and it is called once per language among the recipients."""

from collections import defaultdict

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.utils import translation

from core import page_cache
from tournaments.models import Notification, Profile


def notify(users, tournament, message, url="", key=""):
    """Notify each user once per `key` (every time when `key` is empty). `message()` returns (subject, body).
    Returns the notifications created."""
    users = {user.pk: user for user in users if user is not None}
    if key:
        already = set(Notification.objects.filter(key=key, user_id__in=users).values_list("user_id", flat=True))
        users = {pk: user for pk, user in users.items() if pk not in already}
    rows, mails = [], []
    for language, readers in by_language(users.values(), tournament).items():
        with translation.override(language):
            subject, body = (str(text) for text in message())
        rows += [
            Notification(user=u, tournament=tournament, key=key, subject=subject, body=body, url=url) for u in readers
        ]
        addresses = [user.email for user in readers if user.email]
        if addresses:
            mails.append((subject, body, addresses))
    created = Notification.objects.bulk_create(rows, ignore_conflicts=bool(key))
    if created:  # bulk writes send no signals; players' pages show their messages
        page_cache.changed([tournament.pk])
    for subject, body, addresses in mails:
        transaction.on_commit(
            lambda subject=subject, body=body, addresses=addresses: send_mail(
                subject, body, None, addresses, fail_silently=True
            )
        )
    return created


def by_language(users, tournament):
    """The users grouped by the language they read: their profile's, else the tournament's, else the site's."""
    users = list(users)
    chosen = dict(Profile.objects.filter(user__in=users).exclude(language="").values_list("user_id", "language"))
    default = tournament.language or settings.LANGUAGE_CODE
    groups = defaultdict(list)
    for user in users:
        groups[chosen.get(user.pk, default)].append(user)
    return groups


def tournament_officials(tournament):
    """Secretaries and chief referees: the people told about forfeits and overdue protests."""
    return {*tournament.secretaries.all(), *tournament.chief_referees.all()}
