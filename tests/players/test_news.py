"""Players told, not polled for: a round drawn, a match called or moved reaches each of its players once per key,
after commit, in their language, by e-mail only where they gave an address; a failing mail server or queue never
breaks the secretary's action."""

import random
from unittest import mock

import pytest
from django.core import mail
from django.db import transaction
from django.utils import translation

from benchmarks.load import entries_csv
from matches.scheduling.services import call_round, move_match, schedule_round
from matches.services import change_status
from players import links, tasks
from players.news import tell_match_players
from stages.models import Match, Round, Stage
from stages.services import draw_stage, pair_swiss_round, publish_round, publish_stage
from tests.factories import (
    EntryFactory,
    EventFactory,
    MatchFactory,
    ProfileFactory,
    RoundFactory,
    UserFactory,
    VenueFactory,
)
from tests.helpers import knockout
from tests.player_helpers import NINE, players_of
from tests.s3_server import free_port
from tournaments.models import Notification, OutgoingMail
from tournaments.services import import_entries

pytestmark = pytest.mark.django_db


def news_of(player):
    return list(Notification.objects.filter(player=player).order_by("pk"))


def test_a_call_tells_each_player_once_after_commit(match, django_capture_on_commit_callbacks):
    asha, ravi = players_of(match)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        change_status(match, Match.Status.CALLED)
    assert Notification.objects.count() == 0  # nothing before the action commits
    for callback in callbacks:
        callback()
    for player in (asha, ravi):
        (note,) = news_of(player)
        assert note.subject == "Go to table 5 now"
        assert note.key.startswith(f"called:{match.pk}:")
        assert note.user is None and "/me/" in note.url  # their personal link, no account needed
    assert "Ravi Kumar" in news_of(asha)[0].body and "Asha Rao" in news_of(ravi)[0].body
    # A second run of the task (a retry, a second worker) tells nobody twice.
    assert tell_match_players([match.pk], "called") == 0
    assert Notification.objects.count() == 2


def test_e_mail_only_where_the_player_gave_an_address(match, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        change_status(match, Match.Status.CALLED)
    (sent,) = mail.outbox
    assert sent.to == ["asha@example.org"]
    assert sent.subject == "Go to table 5 now"
    assert "/me/" in sent.body  # the personal link, to open the page from the mail


def test_a_player_with_an_account_but_no_own_address_gets_the_accounts(match, django_capture_on_commit_callbacks):
    ravi = players_of(match)[1]
    ravi.user = UserFactory(email="ravi@example.org")
    ravi.save()
    with django_capture_on_commit_callbacks(execute=True):
        change_status(match, Match.Status.CALLED)
    assert sorted(address for sent in mail.outbox for address in sent.to) == ["asha@example.org", "ravi@example.org"]


def test_each_player_in_their_language(match, django_capture_on_commit_callbacks):
    """The tournament's language, unless the player's account chose one."""
    match.stage.event.tournament.language = "fr"
    match.stage.event.tournament.save()
    asha, ravi = players_of(match)
    ravi.user = UserFactory()
    ravi.save()
    ProfileFactory(user=ravi.user, language="en")
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(match.round)
    assert "Ronde 1" in news_of(asha)[0].subject  # pgettext("numbered round of a stage", "Round %(number)s")
    assert "Round 1" in news_of(ravi)[0].subject


def test_a_rolled_back_action_tells_nobody(match, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError), transaction.atomic():
            change_status(match, Match.Status.CALLED)
            raise RuntimeError("the secretary's request failed after the call")
    assert Notification.objects.count() == 0 and mail.outbox == []


def test_a_mail_server_down_keeps_the_e_mail_and_the_call_stands(
    match, django_capture_on_commit_callbacks, settings, caplog
):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", free_port()  # nothing listens there
    with django_capture_on_commit_callbacks(execute=True):
        change_status(match, Match.Status.CALLED)
    match.refresh_from_db()
    assert match.status == Match.Status.CALLED
    assert Notification.objects.count() == 2  # the news is on their pages all the same
    waiting = OutgoingMail.objects.get(to="asha@example.org")  # and its e-mail waits to be tried again
    assert waiting.status == OutgoingMail.Status.PENDING and waiting.attempts == 1
    assert "ConnectionRefusedError" in waiting.last_error and "Could not connect to the mail server" in caplog.text


def test_a_queue_down_never_breaks_the_call_and_the_sweep_tells_the_players(
    match, django_capture_on_commit_callbacks, caplog
):
    with mock.patch.object(tasks.deliver_news, "delay", side_effect=OSError("broker unreachable")):
        with django_capture_on_commit_callbacks(execute=True):
            change_status(match, Match.Status.CALLED)
    match.refresh_from_db()
    assert match.status == Match.Status.CALLED and Notification.objects.count() == 0
    assert "Could not queue the players' news" in caplog.text
    assert tasks.send_pending_news() == 2  # the periodic sweep, once the news worker runs
    assert Notification.objects.count() == 2


def test_calling_a_round_and_moving_a_match(match, tournament, django_capture_on_commit_callbacks):
    asha = players_of(match)[0]
    with django_capture_on_commit_callbacks(execute=True):
        call_round(match.round)
    with django_capture_on_commit_callbacks(execute=True):
        move_match(match, 7, NINE)  # another table, same time
    with django_capture_on_commit_callbacks(execute=True):
        move_match(match, 7, NINE)  # no change: no news
    subjects = [note.subject for note in news_of(asha)]
    assert subjects == ["Go to table 5 now", "Your match has moved"]
    assert "Table 7" in news_of(asha)[1].body


def test_a_round_drawn_then_scheduled(tournament, django_capture_on_commit_callbacks):
    VenueFactory(tournament=tournament, tables=4)
    rnd = RoundFactory(stage__event__tournament=tournament, stage__kind=Stage.Kind.SWISS, status=Round.Status.DRAFT)
    first = MatchFactory(round=rnd, number=1)
    MatchFactory(round=rnd, number=2)
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(rnd)
    player = players_of(first)[0]
    (drawn,) = news_of(player)
    assert drawn.key == f"drawn:{first.pk}"
    assert first.entry_b.name in drawn.body
    assert Notification.objects.count() == 4  # every player of the round, once
    with django_capture_on_commit_callbacks(execute=True):
        schedule_round(rnd, NINE)
    moved = news_of(player)[-1]
    first.refresh_from_db()
    assert moved.subject == "Your match has moved" and f"Table {first.table}" in moved.body


def test_a_stage_published_whole_tells_each_player_of_their_first_match_only(
    tournament, django_capture_on_commit_callbacks
):
    """A round robin of four: three rounds drawn at once; a knockout's later rounds have no opponents yet."""
    event = EntryFactory(event__tournament=tournament).event
    for _ in range(3):
        EntryFactory(event=event)
    rr = Stage.objects.create(event=event, name="Round robin", kind=Stage.Kind.ROUND_ROBIN)
    draw_stage(rr)
    bracket = knockout(tournament, size=4, publish=False)
    with django_capture_on_commit_callbacks(execute=True):
        publish_stage(rr)
        publish_stage(bracket)
    rr_news = Notification.objects.filter(key__in=[f"drawn:{pk}" for pk in rr.matches.values_list("pk", flat=True)])
    assert sorted(note.key for note in rr_news) == sorted(
        f"drawn:{m.pk}" for m in rr.matches.filter(round__number=1) for _side in "ab"
    )  # four players, each told once, of round 1
    semis = bracket.matches.filter(round__number=1)
    assert Notification.objects.filter(key__startswith="drawn:").exclude(key__in=[n.key for n in rr_news]).count() == 4
    assert set(Notification.objects.exclude(pk__in=rr_news).values_list("key", flat=True)) == {
        f"drawn:{m.pk}" for m in semis
    }  # the final, its players unknown, tells nobody


def test_a_round_of_2000_players_drawn_tells_every_one_of_them(tournament, django_capture_on_commit_callbacks):
    """On SQLite the prefetch of 2,000 players was one query past what SQLite parses ("Expression tree is too
    large"); 1,000 passed."""
    VenueFactory(tournament=tournament, tables=1000)
    event = EventFactory(tournament=tournament, rule_set="ecc")
    import_entries(event, entries_csv(2000, random.Random(1)))
    stage = Stage.objects.create(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=3)
    rnd = pair_swiss_round(stage, rng=random.Random(1))
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(rnd)
    assert Notification.objects.filter(key__startswith="drawn:").count() == 2000
    assert Notification.objects.filter(player__isnull=False).values("player").distinct().count() == 2000


def test_a_stored_message_reads_in_the_language_of_the_page_that_shows_it(
    client, match, django_capture_on_commit_callbacks
):
    """Sent in the tournament's language (English here), read on a page switched to Hindi: in Hindi."""
    asha, _ravi = players_of(match)
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(match.round)
    (note,) = news_of(asha)
    assert "Round 1" in note.subject  # the e-mail's language: the tournament's
    with translation.override("hi"):
        hindi = str(note.shown_subject)
        assert hindi != note.subject and "1" in hindi
    page = client.get(links.personal_link_url(match.stage.event.tournament, asha), HTTP_ACCEPT_LANGUAGE="hi")
    assert hindi in page.content.decode() and note.subject not in page.content.decode()
    english = client.get(links.personal_link_url(match.stage.event.tournament, asha), HTTP_ACCEPT_LANGUAGE="en")
    assert note.subject in english.content.decode()
