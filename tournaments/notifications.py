"""Telling people: one place that writes a notification row (shown on their pages) and sends the e-mail.

Periodic tasks call `notify` again after a crash or a second run; the `key` makes that harmless: a user gets one
notification, and one e-mail, per key."""

from django.core.mail import send_mail
from django.db import transaction

from core import page_cache
from tournaments.models import Notification


def notify(users, tournament, subject, body="", url="", key=""):
    """Notify each user once per `key` (every time when `key` is empty). Returns the notifications created."""
    users = {user.pk: user for user in users if user is not None}
    if key:
        already = set(Notification.objects.filter(key=key, user_id__in=users).values_list("user_id", flat=True))
        users = {pk: user for pk, user in users.items() if pk not in already}
    created = Notification.objects.bulk_create(
        [
            Notification(user=u, tournament=tournament, key=key, subject=subject, body=body, url=url)
            for u in users.values()
        ],
        ignore_conflicts=bool(key),
    )
    if created:  # bulk writes send no signals; players' pages show their messages
        page_cache.changed([tournament.pk])
    addresses = [user.email for user in users.values() if user.email]
    if addresses:
        transaction.on_commit(lambda: send_mail(subject, body, None, addresses, fail_silently=True))
    return created


def tournament_officials(tournament):
    """Secretaries and chief referees: the people told about forfeits and overdue protests."""
    return {*tournament.secretaries.all(), *tournament.chief_referees.all()}
