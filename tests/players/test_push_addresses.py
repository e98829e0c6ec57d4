"""A phone's push endpoint is an address a stranger hands the site, and the worker connects to it: only the push
services' hosts, over https on 443, at public addresses (looked up when subscribing and again at each connection),
at most WEBPUSH_MAX_PER_PLAYER phones per player, posted from the site's own pages; a push service that does not
answer costs one short timeout per run."""

import ipaddress
import json
import socket
import time
from contextlib import contextmanager
from threading import Thread

import pytest

from core.outbound import is_public
from players.links import personal_link_url
from tests.player_helpers import players_of
from tests.players.conftest import PUBLIC_V4
from tournaments import push
from tournaments.models import PushSubscription

pytestmark = pytest.mark.django_db

KEYS = {"p256dh": "BPublicKeyOfThePhone", "auth": "secret"}
FCM = "https://fcm.googleapis.com/fcm/send/abc"


def push_url(match):
    return personal_link_url(match.stage.event.tournament, players_of(match)[0]) + "push/"


def post(client, url, endpoint, **headers):
    body = json.dumps({"endpoint": endpoint, "keys": KEYS})
    return client.post(url, body, content_type="application/json", **headers)


def test_a_push_services_endpoint_is_kept(client, match, vapid):
    assert post(client, push_url(match), FCM).status_code == 201
    assert PushSubscription.objects.get().endpoint == FCM


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://127.0.0.1/push",
        "https://169.254.169.254/latest/meta-data/",
        "https://10.1.2.3/push",
        "https://[::1]/push",
        "https://[::ffff:127.0.0.1]/push",
        "https://loopback.example.org/push",  # a public-looking name at 127.0.0.1
        "https://mixed.example.org/push",  # one public address and one private
        "https://224.0.0.1/push",
        "http://fcm.googleapis.com/fcm/send/abc",
        "https://fcm.googleapis.com:6379/fcm/send/abc",
        "https://fcm.googleapis.com:99999/fcm/send/abc",
        "https://user:password@fcm.googleapis.com/fcm/send/abc",
        "https://nowhere.example.org/push",  # not found
    ],
)
@pytest.mark.parametrize("hosts", ["the push services", "any host"])
def test_an_endpoint_no_push_may_go_to_is_refused_with_its_field(client, match, vapid, settings, endpoint, hosts):
    """With the push services' list, and even with every host allowed (`*`): the address itself is refused."""
    vapid.update(
        {
            "loopback.example.org": ["127.0.0.1"],
            "mixed.example.org": [PUBLIC_V4, "192.168.1.20"],
            "nowhere.example.org": [],
        }
    )
    if hosts == "any host":
        settings.WEBPUSH_ALLOWED_HOSTS = ["*"]
    response = post(client, push_url(match), endpoint)
    assert response.status_code == 400 and list(response.json()) == ["endpoint"], response.content
    assert not PushSubscription.objects.exists()


def test_a_host_off_the_list_is_refused_though_public(client, match, vapid):
    vapid["push.attacker.example"] = [PUBLIC_V4]
    response = post(client, push_url(match), "https://push.attacker.example/x")
    assert response.status_code == 400 and "known push service" in response.json()["endpoint"][0]


def test_another_port_only_where_the_list_names_it(client, match, vapid, settings):
    assert post(client, push_url(match), "https://push.example.org:8443/x").status_code == 400
    settings.WEBPUSH_ALLOWED_HOSTS = ["push.example.org:8443"]
    assert post(client, push_url(match), "https://push.example.org:8443/x").status_code == 201
    assert post(client, push_url(match), "https://push.example.org/x").status_code == 400  # 443 no longer listed


@pytest.mark.parametrize(
    ("address", "public"),
    [
        ("127.0.0.1", False),
        ("169.254.169.254", False),
        ("10.0.0.1", False),
        ("172.16.5.4", False),
        ("192.168.0.1", False),
        ("100.64.0.1", False),  # carrier NAT
        ("0.0.0.0", False),
        ("240.0.0.1", False),
        ("239.1.2.3", False),  # multicast, which ipaddress calls global
        ("::1", False),
        ("fe80::1", False),
        ("fc00::1", False),
        ("ff02::1", False),
        ("::ffff:10.0.0.1", False),
        ("2002:7f00:1::", False),  # 6to4 carrying 127.0.0.1
        ("64:ff9b::a9fe:a9fe", False),  # NAT64 carrying 169.254.169.254
        ("142.250.185.74", True),
        ("2a00:1450:4001:82b::200a", True),
    ],
)
def test_public_addresses(address, public):
    assert is_public(ipaddress.ip_address(address)) is public


def test_a_new_phone_past_the_cap_replaces_the_players_oldest(client, match, vapid, settings):
    settings.WEBPUSH_MAX_PER_PLAYER = 3
    url = push_url(match)
    for phone in range(4):
        assert post(client, url, f"{FCM}{phone}").status_code == 201
    kept = PushSubscription.objects.filter(player=players_of(match)[0])
    assert sorted(kept.values_list("endpoint", flat=True)) == [f"{FCM}1", f"{FCM}2", f"{FCM}3"]
    # The oldest phone asking again is the newest now: the next new phone replaces another one.
    assert post(client, url, f"{FCM}1").status_code == 201
    assert post(client, url, f"{FCM}4").status_code == 201
    assert sorted(kept.values_list("endpoint", flat=True)) == [f"{FCM}1", f"{FCM}3", f"{FCM}4"]


def test_only_from_the_sites_own_pages(client, match, vapid):
    url = push_url(match)
    assert post(client, url, FCM, HTTP_ORIGIN="https://evil.example").status_code == 403
    assert post(client, url, FCM, HTTP_SEC_FETCH_SITE="cross-site").status_code == 403
    assert post(client, url, FCM, HTTP_ORIGIN="null").status_code == 403
    assert not PushSubscription.objects.exists()
    # A form elsewhere can post only form encodings, and no CORS preflight is ever granted for JSON.
    form = client.post(url, {"endpoint": FCM, "keys": KEYS})
    assert form.status_code == 400 and not PushSubscription.objects.exists()
    own = post(client, url, FCM, HTTP_ORIGIN="http://testserver", HTTP_SEC_FETCH_SITE="same-origin")
    assert own.status_code == 201


@contextmanager
def listener():
    """A local port that takes connections into its queue and never answers: what the test sees is whether
    anything connected."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(64)
        server.settimeout(0.2)
        reached = []

        def count():
            try:
                while True:
                    connection, _address = server.accept()
                    reached.append(connection)
            except OSError:
                return

        thread = Thread(target=count, daemon=True)
        thread.start()
        try:
            yield server.getsockname()[1], reached
        finally:
            server.close()
            thread.join(5)
            for connection in reached:
                connection.close()


def phone_at(player, endpoint, keys):
    return PushSubscription.objects.create(player=player, endpoint=endpoint, **keys)


def news_for(player):
    return [(player.pk, "Go to table 5 now", "Ravi Kumar", "/t/x/me/token/")]


@pytest.mark.parametrize("trusted", [False, True])
def test_a_push_connects_only_to_public_addresses_looked_up_again_at_send_time(
    match, signing_vapid, vapid, settings, trusted
):
    """The name was public when the phone subscribed; it now points at this machine. Trusting the loopback network
    (WEBPUSH_TRUSTED_NETWORKS, as a push relay of one's own) shows the same push does connect when allowed."""
    player = players_of(match)[0]
    settings.WEBPUSH_TIMEOUT_SECONDS = 0.5
    settings.WEBPUSH_TRUSTED_NETWORKS = ["127.0.0.0/8"] if trusted else []
    with listener() as (port, reached):
        settings.WEBPUSH_ALLOWED_HOSTS = [f"push.example.org:{port}"]
        phone_at(player, f"https://push.example.org:{port}/send/abc", signing_vapid)
        vapid["push.example.org"] = ["127.0.0.1"]
        assert push.push_news(news_for(player)) == 0
        time.sleep(0.3)
        assert len(reached) == (1 if trusted else 0)
    assert PushSubscription.objects.count() == 1  # kept: the name may point back at the service later


def test_a_push_service_that_does_not_answer_costs_one_timeout_per_run(match, signing_vapid, vapid, settings):
    player = players_of(match)[0]
    settings.WEBPUSH_TIMEOUT_SECONDS = 0.5
    settings.WEBPUSH_TRUSTED_NETWORKS = ["127.0.0.0/8"]
    with listener() as (port, reached):
        settings.WEBPUSH_ALLOWED_HOSTS = [f"*.example.org:{port}"]
        for phone in range(20):
            phone_at(player, f"https://blackhole.example.org:{port}/send/{phone}", signing_vapid)
        vapid["blackhole.example.org"] = ["127.0.0.1"]
        start = time.monotonic()
        assert push.push_news(news_for(player)) == 0
        took = time.monotonic() - start
    assert len(reached) == 1 and took < 2, took  # not 20 connections and 20 timeouts


def test_a_stored_phone_at_a_host_no_longer_accepted_is_dropped_unsent(match, signing_vapid):
    """Subscriptions kept before the list existed (127.0.0.1, the metadata service) are never connected to."""
    player = players_of(match)[0]
    phone_at(player, "https://169.254.169.254/latest/meta-data/", signing_vapid)
    phone_at(player, "http://127.0.0.1:6379/", signing_vapid)
    assert push.push_news(news_for(player)) == 0
    assert not PushSubscription.objects.exists()
