"""A tournament's webhook: each event (round published, match called, result confirmed, stage finished) written in
the transaction of its action, posted signed (HMAC-SHA256 over "timestamp.body"), tried again with a backoff that
doubles, once only however many sweeps or workers run, and never to a private address."""

import hashlib
import hmac
import json

import pytest
from django.db import transaction
from django.urls import reverse

from matches.scoring.services import record_result
from matches.services import change_status
from stages.models import Match
from stages.services import finish_stage, publish_round
from tests.factories import UserFactory
from tests.players.conftest import PUBLIC_V4
from tests.webhooks.receiver import Receiver, signed
from tournaments.consent import erase_player
from webhooks import delivery, services, tasks
from webhooks.addresses import check_url
from webhooks.models import Delivery

pytestmark = pytest.mark.django_db
E = Delivery.Event


def play_the_stage(draft_round, callbacks):
    """Publish the round, call its match, confirm its result, finish the stage: each action committed."""
    with callbacks(execute=True):
        publish_round(draft_round)
    match = draft_round.matches.get()
    with callbacks(execute=True):
        change_status(match, Match.Status.CALLED)
    with callbacks(execute=True):
        record_result(match, [(25, 0), (25, 3)], confirm=True)
    with callbacks(execute=True):
        finish_stage(draft_round.stage)
    return match


# ---------------------------------------------------------------- signing and backoff


def test_the_signature_is_the_hmac_sha256_of_the_timestamp_a_dot_and_the_body():
    body = b'{"type":"ping"}'
    expected = hmac.new(b"s3cret", b"1700000000." + body, hashlib.sha256).hexdigest()
    assert delivery.signature("s3cret", 1700000000, body) == f"sha256={expected}"
    assert delivery.signature("other", 1700000000, body) != f"sha256={expected}"
    assert delivery.signature("s3cret", 1700000001, body) != f"sha256={expected}"


def test_the_wait_doubles_after_each_try_up_to_an_hour(settings):
    settings.WEBHOOK_RETRY_SECONDS = 60
    minutes = [delivery.wait_after(attempt).total_seconds() / 60 for attempt in range(1, 10)]
    assert minutes == [1, 2, 4, 8, 16, 32, 60, 60, 60]


# ---------------------------------------------------------------- the events


def test_each_event_is_sent_once_signed_with_what_a_public_page_shows(
    draft_round, webhook, receiver, django_capture_on_commit_callbacks
):
    match = play_the_stage(draft_round, django_capture_on_commit_callbacks)
    taken = receiver.accepted(webhook.secret)
    assert [event for event, _payload in taken.values()] == [
        "round.published",
        "match.called",
        "result.confirmed",
        "stage.finished",
    ]
    assert len(receiver.requests) == 4
    payloads = {event: payload for event, payload in taken.values()}
    published = payloads["round.published"]
    assert published["tournament"]["slug"] == webhook.tournament.slug
    assert published["round"] == {"id": draft_round.pk, "number": 1, "name": ""}
    assert [m["table"] for m in published["matches"]] == [5]
    result = payloads["result.confirmed"]["match"]
    assert (result["id"], result["score_a"], result["score_b"], result["games_a"], result["winner"]) == (
        match.pk,
        50,
        3,
        2,
        "a",
    )
    assert payloads["stage.finished"]["stage"]["status"] == "finished"
    everything = json.dumps(list(payloads.values()))
    assert "Asha Rao" in everything  # her name is public
    assert "Secretname" not in everything and "example.org" not in everything  # his is not; addresses never
    assert Delivery.objects.filter(status=Delivery.Status.DELIVERED).count() == 4
    assert {str(pk) for pk in Delivery.objects.values_list("event_id", flat=True)} == set(taken)


def test_a_rolled_back_action_leaves_no_delivery(draft_round, webhook):
    with transaction.atomic():
        publish_round(draft_round)
        assert Delivery.objects.filter(event=E.ROUND_PUBLISHED).count() == 1
        transaction.set_rollback(True)
    assert not Delivery.objects.exists()


def test_a_tournament_without_an_active_webhook_records_nothing(draft_round, webhook):
    webhook.active = False
    webhook.save()
    publish_round(draft_round)
    assert not Delivery.objects.exists()


# ---------------------------------------------------------------- tries


def test_two_sweeps_send_a_delivery_once(draft_round, webhook, receiver):
    publish_round(draft_round)  # committed by no one here: its queued sending never runs
    assert tasks.send_due_webhooks() == 1
    assert tasks.send_due_webhooks() == 0
    assert len(receiver.requests) == 1


def test_a_claimed_delivery_is_not_claimed_again(draft_round, webhook, receiver):
    publish_round(draft_round)
    pk = Delivery.objects.get().pk
    assert delivery.claim(pk) is not None
    assert delivery.claim(pk) is None  # a second worker, or the sweep beside the queued task
    assert delivery.deliver(pk) == 0 and not receiver.requests


def test_a_failed_delivery_is_tried_again_after_its_wait_and_taken_once(draft_round, webhook, receiver, clock):
    receiver.answers = [500]
    publish_round(draft_round)
    assert tasks.send_due_webhooks() == 0
    row = Delivery.objects.get()
    assert (row.status, row.attempts, row.last_status_code) == ("pending", 1, 500)
    assert "maintenance" in row.last_answer
    assert tasks.send_due_webhooks() == 0 and len(receiver.requests) == 1  # not before its minute
    clock.advance(61)
    assert tasks.send_due_webhooks() == 1
    row.refresh_from_db()
    assert (row.status, row.attempts, row.last_status_code) == ("delivered", 2, 200)
    ids = [headers["X-Carrom-Event-Id"] for headers, _body, _status in receiver.requests]
    assert ids == [str(row.event_id)] * 2  # the same event, again
    assert len(receiver.accepted(webhook.secret)) == 1


def test_after_the_last_try_it_is_not_delivered_until_retried(draft_round, webhook, receiver, clock, settings):
    settings.WEBHOOK_MAX_ATTEMPTS = 2
    receiver.answers = [503, 503, 503]
    publish_round(draft_round)
    for _ in range(4):
        tasks.send_due_webhooks()
        clock.advance(3600)
    row = Delivery.objects.get()
    assert (row.status, row.attempts, len(receiver.requests)) == ("failed", 2, 2)
    assert services.retry_now(webhook.tournament, row.pk) is not None
    tasks.send_due_webhooks()  # the last 503
    tasks.send_due_webhooks()
    clock.advance(120)
    assert tasks.send_due_webhooks() == 1
    row.refresh_from_db()
    assert row.status == "delivered"


def test_a_redirect_is_not_followed(draft_round, webhook, receiver):
    receiver.answers = [302]
    publish_round(draft_round)
    tasks.send_due_webhooks()
    row = Delivery.objects.get()
    assert (row.status, row.last_status_code, len(receiver.requests)) == ("pending", 302, 1)


def test_the_answer_kept_is_bounded(draft_round, webhook, receiver):
    publish_round(draft_round)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(delivery, "ANSWER_KEPT", 3)
        tasks.send_due_webhooks()
    assert Delivery.objects.get().last_answer == "tak"


# ---------------------------------------------------------------- addresses


@pytest.mark.parametrize(
    "url",
    [
        "https://127.0.0.1/hook",
        "https://169.254.169.254/latest/meta-data/",
        "https://10.1.2.3/hook",
        "https://[::1]/hook",
        "https://[::ffff:127.0.0.1]/hook",
        "https://loopback.example.org/hook",  # a public-looking name at 127.0.0.1
        "https://mixed.example.org/hook",  # one public address and one private
        "http://hooks.example.org/hook",  # public, but not https
        "https://user:password@hooks.example.org/hook",
        "https://hooks.example.org:99999/hook",
        "ftp://hooks.example.org/hook",
        "https://nowhere.example.org/hook",
    ],
)
def test_a_private_or_plain_address_is_refused(names, url):
    names.update(
        {
            "loopback.example.org": ["127.0.0.1"],
            "mixed.example.org": [PUBLIC_V4, "192.168.1.20"],
            "hooks.example.org": [PUBLIC_V4],
            "nowhere.example.org": [],
        }
    )
    with pytest.raises(services.ServiceError) as refused:
        check_url(url)
    assert refused.value.field == "url"
    assert check_url("https://hooks.example.org/hook") == "https://hooks.example.org/hook"


def test_the_trusted_network_is_reached_over_http_too(names, settings):
    assert pytest.raises(services.ServiceError, check_url, "http://127.0.0.1:8080/hook")
    settings.WEBHOOK_TRUSTED_NETWORKS = ["127.0.0.0/8"]
    assert check_url("http://127.0.0.1:8080/hook") == "http://127.0.0.1:8080/hook"


def test_a_name_that_turned_private_since_is_not_connected_to(draft_round, tournament, names, settings):
    """Saved while public, the name now points at this machine: the try fails, nothing reaches the receiver."""
    with Receiver() as receiver:
        port = receiver.url.split(":")[2].split("/")[0]
        names["hooks.example.org"] = [PUBLIC_V4]
        services.set_webhook(tournament, f"https://hooks.example.org:{port}/hook")
        names["hooks.example.org"] = ["127.0.0.1"]
        publish_round(draft_round)
        tasks.send_due_webhooks()
        assert not receiver.requests
    row = Delivery.objects.get()
    assert row.status == "pending" and row.last_status_code is None and "Refused" in row.last_error


# ---------------------------------------------------------------- the secretary's page


def test_the_page_is_the_secretarys_only(client, tournament, umpire):
    url = reverse("webhook", args=[tournament.slug])
    client.force_login(umpire)
    assert client.get(url).status_code == 403
    assert client.post(url, {"action": "save", "url": "https://example.org/"}).status_code == 403
    client.force_login(UserFactory())
    assert client.get(url).status_code == 403


def test_a_refused_url_is_shown_again_with_the_reason(client, tournament, secretary):
    client.force_login(secretary)
    url = reverse("webhook", args=[tournament.slug])
    response = client.post(url, {"action": "save", "url": "https://127.0.0.1/hook", "active": "on"})
    assert response.status_code == 400
    assert "public address" in response.content.decode()
    assert not tournament.__class__.objects.filter(webhook__isnull=False).exists()


def test_the_secretary_sets_the_url_makes_a_new_secret_and_pings(
    client, tournament, secretary, receiver, django_capture_on_commit_callbacks
):
    client.force_login(secretary)
    url = reverse("webhook", args=[tournament.slug])
    response = client.post(url, {"action": "save", "url": receiver.url, "active": "on"}, follow=True)
    webhook = tournament.webhook
    assert webhook.secret in response.content.decode()
    old = webhook.secret
    client.post(url, {"action": "secret"})
    webhook.refresh_from_db()
    assert webhook.secret != old
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"action": "ping"})
    headers, body, _status = receiver.requests[0]
    assert headers["X-Carrom-Event"] == "ping" and signed(headers, body, webhook.secret)
    page = client.get(url).content.decode()
    assert "Test ping" in page and "answer 200" in page and "taken" in page


def test_an_erased_player_is_renamed_in_the_payloads_kept(draft_round, webhook, receiver):
    publish_round(draft_round)
    asha = draft_round.matches.get().entry_a.players.get()
    erase_player(asha)
    payload = Delivery.objects.get().payload
    assert "Asha" not in json.dumps(payload)
    assert payload["matches"][0]["entry_a"]["name"] == draft_round.matches.get().entry_a.name
