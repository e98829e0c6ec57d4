"""Telling people: one place that writes a notification row (shown on their pages) and sends the e-mail.

Periodic tasks call `notify` again after a crash or a second run; the `key` makes that harmless: a user gets one
notification, and one e-mail, per key.

Each person is told in their own language (their profile's, else the tournament's, else the site's), whoever
caused the message and in whatever language that request ran: the caller hands over a `message`, a function that
returns (subject, body) in the active language, and it is called once per language of the site; the row keeps
every language's text, so that a page switched to another language shows the message in that one.

Players need no account: `notify_players` tells them (a row with `player`, shown on their personal page, and an
e-mail where they gave an address, a push to the phones where they allowed it: tournaments.push), each in their
language and once per key. Sending never fails the action that caused it: each e-mail (one per address) is written
in the caller's transaction and sent after it commits (tournaments.mail: a mail server that is down or refuses
delays it, and the officials see it when it does for long); a refused push is logged."""

from collections import defaultdict

from django.conf import settings
from django.db import transaction
from django.utils import translation

from core import page_cache
from tournaments.mail import Mail
from tournaments.models import Notification, Profile
from tournaments.push import push_enabled, push_news
from tournaments.tasks import send_later
from tournaments.time_zones import in_zone


def notify(users, tournament, message, url="", key="", mail=True):
    """Notify each user once per `key` (every time when `key` is empty). `message()` returns (subject, body).
    `mail=False`: on their pages only (for news that e-mails do not leave). Returns the notifications created."""
    users = not_told_yet("user", users, key)
    if not users:
        return []
    rows, mails = [], []
    with in_zone(tournament):
        texts = in_every_language(message)
    for language, readers in by_language(users.values(), tournament).items():
        subject, body = texts[language]
        rows += [
            Notification(user=u, tournament=tournament, key=key, subject=subject, body=body, texts=texts, url=url)
            for u in readers
        ]
        mails += [Mail(u.email, subject, body, person_name(u), language) for u in readers if u.email and mail]
    created = save_notifications(rows, tournament, key)
    send_later(tournament, mails)
    return created


def in_every_language(message, *args):
    """{language: [subject, body]}: `message(*args)` in each language of the site, so that a stored message is
    shown in the language of the page that shows it (Notification.shown_subject)."""
    texts = {}
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            texts[language] = [str(text) for text in message(*args)]
    return texts


def person_name(user):
    return user.get_full_name() or user.get_username()


def not_told_yet(field, people, key):
    """{pk: person} of `people` (users or players, by `field`) who have no notification with `key` yet (all of
    them when `key` is empty)."""
    people = {person.pk: person for person in people if person is not None}
    if key:
        told = set(
            Notification.objects.filter(key=key, **{f"{field}_id__in": people}).values_list(f"{field}_id", flat=True)
        )
        people = {pk: person for pk, person in people.items() if pk not in told}
    return people


def save_notifications(rows, tournament, key):
    """Write the notifications (one per person and key, a second run adds none); returns those created."""
    created = Notification.objects.bulk_create(rows, ignore_conflicts=bool(key))
    if created:  # bulk writes send no signals; players' pages show their messages
        page_cache.changed([tournament.pk])
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


def notify_players(players, tournament, message, url_of=lambda player: "", key=""):
    """Notify each player once per `key` (every time when `key` is empty). `message(player)` returns (subject,
    body) for that player, called in the player's language; `url_of(player)` their page. The e-mail goes, after
    commit, to the player's address, else their account's. Returns the notifications created."""
    players = not_told_yet("player", players, key)
    languages = player_languages(players.values(), tournament)
    rows, mails = [], []
    for player in players.values():
        with in_zone(tournament):  # its times in the tournament's time zone, wherever the action ran
            texts = in_every_language(message, player)
        subject, body = texts[languages[player.pk]]
        url = url_of(player)
        rows.append(
            Notification(
                player=player, tournament=tournament, key=key, subject=subject, body=body, texts=texts, url=url
            )
        )
        address = player.email or (player.user.email if player.user_id else "")
        if address:
            text = "\n\n".join(part for part in (body, url) if part)
            mails.append(Mail(address, subject, text, player.full_name, languages[player.pk]))
    created = save_notifications(rows, tournament, key)
    send_later(tournament, mails)
    if created and push_enabled():
        news = [(row.player_id, row.subject, row.body, row.url) for row in created]
        transaction.on_commit(lambda: push_news(news), robust=True)  # push_news logs its own failures
    return created


def player_languages(players, tournament):
    """{player id: language}: their account's profile, else the tournament's, else the site's."""
    players = list(players)
    users = [player.user_id for player in players if player.user_id]
    chosen = dict(Profile.objects.filter(user__in=users).exclude(language="").values_list("user_id", "language"))
    default = tournament.language or settings.LANGUAGE_CODE
    return {player.pk: chosen.get(player.user_id, default) for player in players}
