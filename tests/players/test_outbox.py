"""Players' news through the outbox (players.outbox): written in the transaction of the change, sent after commit
or by the periodic sweep, tried again later and later when sending fails, and after the last try shown to the
officials (told, and listed with the error and a "try again" button); never silently dropped."""

from datetime import timedelta
from io import StringIO
from unittest import mock

import pytest
from django.core.management import call_command
from django.db import OperationalError, transaction
from django.urls import reverse
from django.utils import timezone

from matches.services import change_status
from players import outbox, tasks
from players.models import OutgoingNews
from stages.models import Match
from tests.factories import UserFactory
from tournaments.models import Notification

pytestmark = pytest.mark.django_db
BROKEN = OperationalError("Expression tree is too large (maximum depth 1000)")


def players_told():
    return Notification.objects.filter(player__isnull=False).count()


def call(match, callbacks):
    """The secretary calls the match; what its commit runs, run (the queue and, eagerly, the sending)."""
    with callbacks(execute=True):
        change_status(match, Match.Status.CALLED)
    return OutgoingNews.objects.get()


def time_passes(row):
    """The row's next try is due now, as if its wait had passed."""
    OutgoingNews.objects.filter(pk=row.pk).update(next_attempt_at=timezone.now() - timedelta(seconds=1))


def test_the_news_is_written_with_the_change_and_sent_after_commit(
    match, tournament, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        change_status(match, Match.Status.CALLED)
    row = OutgoingNews.objects.get()  # in the secretary's transaction
    assert (row.news, row.match_ids, row.status, row.tournament) == ("called", [match.pk], "pending", tournament)
    assert players_told() == 0
    for callback in callbacks:
        callback()
    row.refresh_from_db()
    assert (row.status, row.told, row.attempts) == ("sent", 2, 1) and players_told() == 2
    assert tasks.send_pending_news() == 0  # the sweep leaves a sent row alone


def test_a_rolled_back_change_leaves_no_news(match, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError), transaction.atomic():
            change_status(match, Match.Status.CALLED)
            raise RuntimeError("the secretary's request failed after the call")
    assert not OutgoingNews.objects.exists()


def test_a_failing_send_is_tried_again_later_and_later(match, django_capture_on_commit_callbacks, settings, caplog):
    settings.NEWS_RETRY_SECONDS = 60
    with mock.patch("players.outbox.tell_match_players", side_effect=BROKEN):
        row = call(match, django_capture_on_commit_callbacks)
        assert "Try 1 of telling the players" in caplog.text
        row.refresh_from_db()
        assert (row.status, row.attempts) == ("pending", 1)
        assert row.last_error == "OperationalError: Expression tree is too large (maximum depth 1000)"
        assert 55 <= (row.next_attempt_at - timezone.now()).total_seconds() <= 60
        assert tasks.send_pending_news() == 0  # not due yet
        time_passes(row)
        tasks.send_pending_news()
        row.refresh_from_db()
        assert row.attempts == 2 and 115 <= (row.next_attempt_at - timezone.now()).total_seconds() <= 120
    time_passes(row)
    assert tasks.send_pending_news() == 2  # the fault gone: told, once each
    row.refresh_from_db()
    assert (row.status, row.last_error, row.attempts) == ("sent", "", 3) and players_told() == 2


def give_up(match, callbacks, settings):
    settings.NEWS_MAX_ATTEMPTS = 2
    with mock.patch("players.outbox.tell_match_players", side_effect=BROKEN):
        row = call(match, callbacks)
        time_passes(row)
        tasks.send_pending_news()
    row.refresh_from_db()
    return row


def test_after_the_last_try_the_officials_are_told_and_see_it(
    client, match, secretary, django_capture_on_commit_callbacks, settings, tournament
):
    row = give_up(match, django_capture_on_commit_callbacks, settings)
    assert (row.status, row.attempts) == ("failed", 2)
    (notice,) = Notification.objects.filter(user=secretary)
    assert notice.subject == "News not delivered to the players: Match called"
    told, where = notice.body.splitlines()
    assert "Expression tree is too large" in told and told.endswith(".") and not told.endswith("..")
    assert where == "Open the list of news not delivered to try again."
    assert notice.url == reverse("undelivered-news", args=[tournament.slug])
    time_passes(row)
    assert tasks.send_pending_news() == 0 and players_told() == 0  # given up: it waits for an official

    client.force_login(secretary)
    page = client.get(notice.url).content.decode()
    assert "Match called" in page and "Expression tree is too large" in page and "Not delivered" in page
    assert match.entry_a.name in page and reverse("retry-news", args=[tournament.slug, row.pk]) in page
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(reverse("retry-news", args=[tournament.slug, row.pk]))
    assert answer.status_code == 302 and answer["Location"] == notice.url
    row.refresh_from_db()
    assert row.status == "sent" and players_told() == 2
    assert "Every news has reached its players." in client.get(notice.url).content.decode()
    assert client.post(reverse("retry-news", args=[tournament.slug, row.pk])).status_code == 404  # sent


def test_the_tournament_page_links_the_officials_to_the_list(client, match, secretary, tournament):
    client.force_login(secretary)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert reverse("undelivered-news", args=[tournament.slug]) in page


def test_a_news_waiting_too_long_is_listed_though_nothing_failed(client, match, secretary, settings, tournament):
    """No worker running, the broker down: nothing failed yet, but the players have not been told."""
    settings.NEWS_RETRY_SECONDS = 60
    outbox.record([match], "moved")
    client.force_login(secretary)
    url = reverse("undelivered-news", args=[tournament.slug])
    assert "Match moved" not in client.get(url).content.decode()  # the worker has a minute or two
    OutgoingNews.objects.update(created_at=timezone.now() - timedelta(minutes=3))
    assert "Match moved" in client.get(url).content.decode()


def test_only_the_tournaments_officials_see_the_list_and_try_again(client, match, umpire, tournament):
    row = outbox.record([match], "called")[0]
    slug = tournament.slug
    url, retry = reverse("undelivered-news", args=[slug]), reverse("retry-news", args=[slug, row.pk])
    assert client.get(url).status_code == 302  # to the log-in
    client.force_login(umpire)
    assert client.get(url).status_code == 403 and client.post(retry).status_code == 403
    client.force_login(UserFactory(secretary=True))  # a secretary, of another tournament
    assert client.get(url).status_code == 403 and client.post(retry).status_code == 403


def test_a_try_that_never_finished_is_given_up_after_the_last_one(match, secretary, settings):
    """A worker killed on its time limit never writes its failure: the try was counted when it started."""
    settings.NEWS_MAX_ATTEMPTS = 3
    row = outbox.record([match], "called")[0]
    OutgoingNews.objects.filter(pk=row.pk).update(attempts=3, next_attempt_at=timezone.now())
    assert tasks.send_pending_news() == 0
    row.refresh_from_db()
    assert row.status == "failed" and "did not finish" in row.last_error
    assert Notification.objects.filter(user=secretary, key__startswith="news-undelivered:").count() == 1


def test_sending_a_row_again_tells_nobody_twice(match, django_capture_on_commit_callbacks):
    row = call(match, django_capture_on_commit_callbacks)
    OutgoingNews.objects.filter(pk=row.pk).update(status="pending")  # as if a second worker had it too
    assert outbox.deliver(row.pk) == 0 and players_told() == 2


def test_the_sweep_runs_with_the_deadlines_without_celery(match, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):  # committed, never queued (the process died)
        change_status(match, Match.Status.CALLED)
    time_passes(OutgoingNews.objects.get())
    out = StringIO()
    call_command("run_deadlines", stdout=out, stderr=StringIO())
    assert "send-pending-news: 2" in out.getvalue() and players_told() == 2


def test_sent_rows_are_forgotten_after_a_week(match):
    row = outbox.record([match], "called")[0]
    OutgoingNews.objects.filter(pk=row.pk).update(status="sent", sent_at=timezone.now() - timedelta(days=8))
    assert outbox.forget_sent() == 1 and not OutgoingNews.objects.exists()
