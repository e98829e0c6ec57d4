"""Players' news kept in the database until it is sent (OutgoingNews), so that nothing is lost between the change
that makes it and the worker that tells the players.

The receiver of stages.signals.match_news writes a row in the transaction of the change (`record`): a rolled-back
action tells nobody, a committed one is told even if the broker is down at that moment. After the commit the row
is queued for the news worker (players.tasks); a periodic sweep sends whatever is still due, so an outage delays
the news and nothing more. Each try (`deliver`) is counted before it starts, so a try that never ends (a killed
worker) counts too; a failed one is tried again later, twice as long after each failure. After NEWS_MAX_ATTEMPTS
tries the row is left "not delivered": the tournament's officials are told and see it, with the error, on their
page of news not delivered (players.news_views), where "try again" sends it anew. Sending is idempotent: the
notifications' keys (players.news.news_key) tell each player once, however many times a row is sent."""

import logging
from collections import defaultdict
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from core import deadlines
from core.deadlines import lock_if_due
from players import display
from players.models import OutgoingNews
from players.news import tell_match_players
from stages.models import Match, Stage
from tournaments.models import Tournament
from tournaments.notifications import notify, tournament_officials

logger = logging.getLogger(__name__)
PENDING, SENT, FAILED = OutgoingNews.Status.PENDING, OutgoingNews.Status.SENT, OutgoingNews.Status.FAILED
KEPT_SENT = timedelta(days=7)  # sent rows are deleted after this


def record(matches, news):
    """Write the news of `matches` (those with players), one row per tournament, in the caller's transaction.
    The sweep leaves a row alone for NEWS_RETRY_SECONDS: the worker queued after the commit sends it first."""
    matches = [match for match in matches if match.entry_a_id is not None]
    tournament_of = stage_tournaments(matches)
    by_tournament = defaultdict(set)
    for match in matches:
        by_tournament[tournament_of[match.stage_id]].add(match.pk)
    first_sweep = timezone.now() + timedelta(seconds=settings.NEWS_RETRY_SECONDS)
    return OutgoingNews.objects.bulk_create(
        OutgoingNews(tournament_id=tournament, news=news, match_ids=sorted(ids), next_attempt_at=first_sweep)
        for tournament, ids in by_tournament.items()
    )


def stage_tournaments(matches):
    """{stage id: tournament id} of the matches: from their stage and event where the sender loaded them, else in
    one query."""
    known = {}
    for match in matches:
        if Match.stage.is_cached(match) and Stage.event.is_cached(match.stage):
            known[match.stage_id] = match.stage.event.tournament_id
    missing = {match.stage_id for match in matches} - set(known)
    known.update(Stage.objects.filter(pk__in=missing).values_list("pk", "event__tournament_id") if missing else ())
    return known


def due_now(pks):
    deadlines.send_now(OutgoingNews.objects.filter(status=PENDING), pks)


def due(now=None):
    return deadlines.due_rows(OutgoingNews.objects.filter(status=PENDING), now)


def wait_after(attempts):
    return deadlines.wait_after(attempts, settings.NEWS_RETRY_SECONDS)


def claim(pk):
    """Count a try of row `pk` and set when the next one is due, or None when the row is not pending (sent
    meanwhile), another worker holds it, or it has had all its tries (one that never finished: given up)."""
    with transaction.atomic():
        row = lock_if_due(OutgoingNews.objects.filter(status=PENDING), pk, "tournament")
        if row is None:
            return None
        if row.attempts >= settings.NEWS_MAX_ATTEMPTS:
            give_up(row, row.last_error or display.unfinished())
            return None
        row.attempts += 1
        row.next_attempt_at = timezone.now() + wait_after(row.attempts)
        row.save(update_fields=["attempts", "next_attempt_at"])
    return row


def deliver(pk):
    """Try to send row `pk` once: its notifications, and the row marked sent, in one transaction. A failure is
    written on the row (and logged), never raised. Returns how many players were told."""
    row = claim(pk)
    if row is None:
        return 0
    try:
        with transaction.atomic():
            told = tell_match_players(row.match_ids, row.news)
            sent = {"status": SENT, "sent_at": timezone.now(), "told": told, "last_error": ""}
            OutgoingNews.objects.filter(pk=pk, status=PENDING).update(**sent)
    except Exception as error:  # whatever it is, the officials must be able to see it: written on the row
        logger.exception(
            "Try %s of telling the players of matches %s (%s) failed", row.attempts, row.match_ids[:10], row.news
        )
        failed(row, f"{type(error).__name__}: {error}")
        return 0
    return told


def failed(row, error):
    with transaction.atomic():
        if row.attempts >= settings.NEWS_MAX_ATTEMPTS:
            give_up(row, error)
        else:
            OutgoingNews.objects.filter(pk=row.pk, status=PENDING).update(last_error=error[:2000])


def give_up(row, error):
    """Leave the row "not delivered" and tell the tournament's officials, each in their language: once each time
    the row is given up (it is again after a "try again" that fails)."""
    error = str(error)[:2000]
    if not OutgoingNews.objects.filter(pk=row.pk, status=PENDING).update(status=FAILED, last_error=error):
        return
    tournament = row.tournament
    url = reverse("undelivered-news", args=[tournament.slug])
    key = f"news-undelivered:{row.pk}:{timezone.now().timestamp():.0f}"
    notice = partial(display.undelivered_notice, row.news, len(row.match_ids), error)
    notify(tournament_officials(tournament), tournament, notice, url=url, key=key)


def on_mail_undelivered(sender, mails, **kwargs):
    """The receiver of tournaments.signals.mail_undelivered: each tournament's officials are told on their pages
    (not by e-mail: e-mail is what fails), at most once an hour, and find the mails on their list of news not
    delivered."""
    by_tournament = defaultdict(list)
    for row in mails:
        if row.tournament_id is not None:
            by_tournament[row.tournament_id].append(row)
    hour = timezone.now().strftime("%Y%m%d%H")
    for tournament in Tournament.objects.filter(pk__in=by_tournament):
        rows = by_tournament[tournament.pk]
        url = reverse("undelivered-news", args=[tournament.slug])
        notice = partial(display.mail_notice, len(rows), rows[-1].last_error)
        notify(
            tournament_officials(tournament),
            tournament,
            notice,
            url=url,
            key=f"mail-undelivered:{tournament.pk}:{hour}",
            mail=False,
        )


@transaction.atomic
def reopen(tournament, pk):
    """An official's "try again": the row pending again, with all its tries. Returns it, or None when it is not
    one of the tournament's news still to send."""
    row = OutgoingNews.objects.select_for_update().filter(pk=pk, tournament=tournament).exclude(status=SENT).first()
    if row is not None:
        row.status, row.attempts, row.next_attempt_at = PENDING, 0, timezone.now()
        row.save(update_fields=["status", "attempts", "next_attempt_at"])
    return row


def undelivered(tournament, now=None):
    """The tournament's news not sent: given up, failed at least once, or waiting longer than the worker takes
    (no worker running, the broker down), the oldest first."""
    now = now or timezone.now()
    late = now - 2 * timedelta(seconds=settings.NEWS_RETRY_SECONDS)
    rows = OutgoingNews.objects.filter(tournament=tournament).exclude(status=SENT)
    return list(rows.filter(Q(status=FAILED) | ~Q(last_error="") | Q(created_at__lt=late)).order_by("created_at", "pk"))


def forget_sent(now=None):
    """Delete the rows sent more than KEPT_SENT ago: their notifications are what remains."""
    return OutgoingNews.objects.filter(status=SENT, sent_at__lt=(now or timezone.now()) - KEPT_SENT).delete()[0]
