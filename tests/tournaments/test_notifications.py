"""Notifications: one row (and one e-mail) per user and key, so periodic tasks may run twice."""

import pytest
from django.core import mail

from tests.factories import UserFactory
from tournaments.models import Notification
from tournaments.notifications import notify, tournament_officials

pytestmark = pytest.mark.django_db


def says(subject, body=""):
    return lambda: (subject, body)


def test_a_key_notifies_each_user_once(tournament, django_capture_on_commit_callbacks):
    umpire = UserFactory(email="umpire@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        notify([umpire], tournament, says("Match 3 forfeited"), key="forfeit:3")
        notify([umpire], tournament, says("Match 3 forfeited"), key="forfeit:3")
    assert Notification.objects.filter(user=umpire).count() == 1
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["umpire@example.org"]


def test_without_a_key_every_call_notifies(tournament):
    user = UserFactory(email="")
    notify([user], tournament, says("Round 2 published"))
    notify([user], tournament, says("Round 2 published"))
    assert Notification.objects.filter(user=user).count() == 2


def test_a_new_user_is_notified_under_a_key_others_already_have(tournament, secretary):
    notify([secretary], tournament, says("Protest overdue"), key="protest:1")
    chief = UserFactory()
    tournament.chief_referees.add(chief)
    created = notify(tournament_officials(tournament), tournament, says("Protest overdue"), key="protest:1")
    assert [n.user for n in created] == [chief]
    assert Notification.objects.filter(key="protest:1").count() == 2
