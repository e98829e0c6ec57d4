"""The notice on a tournament's pages when the deadlines are not being applied (tournaments.context_processors,
core.heartbeat): its secretaries and chief referees see it, in their language, once no worker has applied the
deadlines for more than two periods; nobody else does, and nobody once they run again or the tournament is over."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from core.models import Heartbeat
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
NOTICE = "Deadlines are not being applied."


def deadlines_applied(ago):
    Heartbeat.objects.update_or_create(name="worker:deadlines", defaults={"at": timezone.now() - ago})


def page(client, user, tournament, name="tournament-detail", **headers):
    client.force_login(user)
    return client.get(reverse(name, args=[tournament.slug]), **headers).content.decode()


def test_the_officials_are_told_when_no_worker_applied_the_deadlines_for_two_periods(client, tournament, secretary):
    deadlines_applied(ago=timedelta(seconds=75))
    shown = page(client, secretary, tournament)
    assert NOTICE in shown and 'class="message error deadlines-notice" role="alert"' in shown
    assert "has been applied since" in shown
    assert NOTICE in page(client, secretary, tournament, "undelivered-news")  # on their other pages too
    chief = UserFactory()
    tournament.chief_referees.add(chief)
    assert NOTICE in page(client, chief, tournament)


def test_never_applied_says_so(client, tournament, secretary):
    assert "has been applied on this site yet" in page(client, secretary, tournament)


def test_nobody_is_told_while_the_deadlines_run(client, tournament, secretary):
    deadlines_applied(ago=timedelta(seconds=45))  # within two periods of 30 s
    assert NOTICE not in page(client, secretary, tournament)


def test_nobody_else_sees_it(client, tournament, umpire):
    assert NOTICE not in page(client, umpire, tournament)
    assert NOTICE not in page(client, UserFactory(), tournament)
    client.logout()
    assert NOTICE not in client.get(reverse("tournament-detail", args=[tournament.slug])).content.decode()
    assert NOTICE not in client.get(reverse("home")).content.decode()


def test_a_finished_tournament_waits_for_no_deadline(client, tournament, secretary):
    tournament.status = "finished"
    tournament.save()
    assert NOTICE not in page(client, secretary, tournament)


def test_in_the_readers_language(client, tournament, secretary):
    shown = page(client, secretary, tournament, HTTP_ACCEPT_LANGUAGE="fr")
    assert NOTICE not in shown and "deadlines-notice" in shown
