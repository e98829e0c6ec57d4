"""Web Push for players who allow it on their personal page: offered only where the site has VAPID keys; the
subscription is checked; each piece of news is pushed to the player's phones after commit; a phone gone
unsubscribed is dropped and a failing push service never breaks the secretary's action."""

import json
from unittest import mock

import pytest
from django.urls import reverse
from pywebpush import WebPushException

from matches.services import change_status
from players.links import personal_link_url
from stages.models import Match
from tests.player_helpers import players_of
from tournaments.models import PushSubscription

pytestmark = pytest.mark.django_db

PHONE = {"endpoint": "https://push.example.org/send/abc", "keys": {"p256dh": "BPublicKeyOfThePhone", "auth": "secret"}}


def push_url(match):
    return personal_link_url(match.stage.event.tournament, players_of(match)[0]) + "push/"


def post(client, url, body):
    return client.post(url, json.dumps(body), content_type="application/json")


def test_not_offered_without_keys(client, match):
    url = personal_link_url(match.stage.event.tournament, players_of(match)[0])
    assert 'id="push-offer"' not in client.get(url).content.decode()
    assert post(client, url + "push/", PHONE).status_code == 400
    assert not PushSubscription.objects.exists()


def test_offered_and_kept_with_keys(client, match, vapid):
    url = personal_link_url(match.stage.event.tournament, players_of(match)[0])
    html = client.get(url).content.decode()
    assert 'id="push-offer" hidden' in html and 'data-push-key="BSitePublicKey"' in html and "js/push.js" in html
    assert post(client, url + "push/", PHONE).status_code == 201
    assert post(client, url + "push/", PHONE).status_code == 201  # asked twice: still one phone
    (phone,) = PushSubscription.objects.all()
    assert (phone.player, phone.endpoint, phone.auth) == (players_of(match)[0], PHONE["endpoint"], "secret")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**PHONE, "endpoint": "http://push.example.org/plain"}, "endpoint"),
        ({**PHONE, "endpoint": None}, "endpoint"),
        ({**PHONE, "keys": {"p256dh": "", "auth": "x"}}, "p256dh"),
        ({**PHONE, "keys": {"p256dh": "x", "auth": "y" * 101}}, "auth"),
        ({**PHONE, "keys": "not an object"}, "endpoint"),
        (["not", "an", "object"], "endpoint"),
    ],
)
def test_a_bad_subscription_is_refused_with_its_field(client, match, vapid, body, field):
    response = post(client, push_url(match), body)
    assert response.status_code == 400 and field in response.json()
    assert not PushSubscription.objects.exists()


def test_a_forged_link_cannot_subscribe(client, match, vapid):
    url = reverse("player-push", args=[match.stage.event.tournament.slug, "p1.forged:signature"])
    assert post(client, url, PHONE).status_code == 404


def phone_of(player):
    return PushSubscription.objects.create(player=player, endpoint=PHONE["endpoint"], p256dh="k", auth="a")


def test_the_call_is_pushed_after_commit(match, vapid, django_capture_on_commit_callbacks):
    phone_of(players_of(match)[0])
    with mock.patch("tournaments.push.webpush") as webpush:
        with django_capture_on_commit_callbacks(execute=True):
            change_status(match, Match.Status.CALLED)
    (call,) = webpush.call_args_list  # Ravi allowed no pushes
    assert call.kwargs["subscription_info"] == {"endpoint": PHONE["endpoint"], "keys": {"p256dh": "k", "auth": "a"}}
    payload = json.loads(call.kwargs["data"])
    assert payload["title"] == "Go to table 5 now" and "/me/" in payload["url"]
    assert call.kwargs["vapid_claims"] == {"sub": "mailto:secretary@example.org"}


def test_a_phone_gone_is_dropped(match, vapid, django_capture_on_commit_callbacks):
    phone_of(players_of(match)[0])
    gone = WebPushException("Gone", response=mock.Mock(status_code=410))
    with mock.patch("tournaments.push.webpush", side_effect=gone):
        with django_capture_on_commit_callbacks(execute=True):
            change_status(match, Match.Status.CALLED)
    assert not PushSubscription.objects.exists()


def test_a_failing_push_service_never_breaks_the_call(match, vapid, django_capture_on_commit_callbacks, caplog):
    phone_of(players_of(match)[0])
    with mock.patch("tournaments.push.webpush", side_effect=TimeoutError("push service unreachable")):
        with django_capture_on_commit_callbacks(execute=True):
            change_status(match, Match.Status.CALLED)
    match.refresh_from_db()
    assert match.status == Match.Status.CALLED
    assert PushSubscription.objects.count() == 1  # kept: the service may answer next time
    assert "Web Push to https://push.example.org" in caplog.text
