"""Fixtures of the players' news tests (test_news, test_push)."""

import pytest

from stages.models import Stage
from tests.factories import EntryFactory, MatchFactory, PlayerFactory, RoundFactory, VenueFactory
from tests.player_helpers import NINE, phone_keys, vapid_keys


@pytest.fixture
def match(tournament):
    """A published round-1 Swiss match, table 5 at 9:00, between Asha (asha@example.org) and Ravi (no address)."""
    VenueFactory(tournament=tournament, tables=8)
    rnd = RoundFactory(stage__event__tournament=tournament, stage__kind=Stage.Kind.SWISS, number=1)
    asha = PlayerFactory(first_name="Asha", last_name="Rao", email="asha@example.org")
    ravi = PlayerFactory(first_name="Ravi", last_name="Kumar")
    return MatchFactory(
        round=rnd,
        entry_a=EntryFactory(event=rnd.stage.event, members=[asha]),
        entry_b=EntryFactory(event=rnd.stage.event, members=[ravi]),
        table=5,
        planned_at=NINE,
    )


# Public addresses (documentation ranges are not public: these are real hosts' addresses, never connected to here).
PUBLIC_V4, PUBLIC_V6 = "142.250.185.74", "2a00:1450:4001:82b::200a"


@pytest.fixture
def names(monkeypatch):
    """The name service as a test says: {host: [addresses]}; other names are looked up as usual."""
    import socket

    table = {}
    real = socket.getaddrinfo

    def getaddrinfo(host, port, *args, **kwargs):
        if host not in table:
            return real(host, port, *args, **kwargs)
        if not table[host]:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return [
            (socket.AF_INET6 if ":" in address else socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))
            for address in table[host]
        ]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return table


@pytest.fixture
def vapid(settings, names):
    """The site's VAPID keys set, and push.example.org taken as a push service at a public address."""
    settings.WEBPUSH_VAPID_PUBLIC_KEY = "BSitePublicKey"
    settings.WEBPUSH_VAPID_PRIVATE_KEY = "site-private-key"
    settings.WEBPUSH_VAPID_SUBJECT = "mailto:secretary@example.org"
    settings.WEBPUSH_ALLOWED_HOSTS = [*settings.WEBPUSH_ALLOWED_HOSTS, "push.example.org"]
    names.update({"push.example.org": [PUBLIC_V4], "fcm.googleapis.com": [PUBLIC_V4, PUBLIC_V6]})
    return names


@pytest.fixture
def signing_vapid(vapid, settings):
    """Real keys: the site's VAPID pair, and a phone's (p256dh, auth), so that a push is really encrypted, signed and
    sent. Returns the phone's keys."""
    site = vapid_keys()
    settings.WEBPUSH_VAPID_PUBLIC_KEY = site["WEBPUSH_VAPID_PUBLIC_KEY"]
    settings.WEBPUSH_VAPID_PRIVATE_KEY = site["WEBPUSH_VAPID_PRIVATE_KEY"]
    return phone_keys()
