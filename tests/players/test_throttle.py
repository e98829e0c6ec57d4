"""Rate limits of the players' link pages and API, per client address (players.throttle): 429 with a translated
message over the limit; requests naming no valid link have a small limit of their own; a cache that does not answer
(Redis down) refuses no one."""

import pytest
from django.urls import reverse
from django.utils import translation

from players import links
from stages.models import Match
from tests.helpers import make_match
from tests.player_helpers import player_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(tournament):
    return make_match(tournament, rule_set="ecc", self_umpired=True, status=Match.Status.CALLED)


def bad_url(tournament, match):
    return reverse("match-play", args=[tournament.slug, match.pk, "m1.guess:nosignature"])


def test_guessing_tokens_is_stopped_after_a_few_tries_from_that_address(client, settings, tournament, match):
    settings.PLAYER_BAD_LINK_RATE = "3/m"
    good = links.match_link_url(match, "a")
    assert [client.get(bad_url(tournament, match)).status_code for _ in range(3)] == [404, 404, 404]
    refused = client.get(good)
    assert refused.status_code == 429 and refused["Retry-After"] == "60"
    assert "Too many requests from your network" in refused.content.decode()
    other_address = client.get(good, REMOTE_ADDR="10.0.0.9")
    assert other_address.status_code == 200  # per client address


def test_every_link_request_counts_towards_the_generous_limit(client, settings, tournament, match):
    settings.PLAYER_LINK_RATE = "4/m"
    world = player_world(tournament)
    urls = [links.match_link_url(match, "a"), links.personal_link_url(tournament, world.player)]
    assert [client.get(urls[n % 2]).status_code for n in range(4)] == [200, 200, 200, 200]
    assert client.get(urls[1]).status_code == 429
    assert client.post(urls[0], {"action": "final", "final-games": "25-10"}).status_code == 429
    match.refresh_from_db()
    assert match.status == Match.Status.CALLED  # a refused request changes nothing


def test_the_api_answers_429_in_json_in_the_callers_language(api_client, settings, tournament):
    settings.PLAYER_LINK_RATE = "1/m"
    world = player_world(tournament)
    url = f"/api/tournaments/{tournament.slug}/me/{links.personal_token(tournament, world.player)}/"
    assert api_client.get(url).status_code == 200
    refused = api_client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert refused.status_code == 429
    with translation.override("fr"):
        from django.utils.translation import gettext

        expected = gettext(
            "Too many requests from your network to the players' links. Please wait a minute and try again."
        )
    assert refused.json() == {"detail": expected}


def test_limits_fail_open_when_the_cache_does_not_answer(client, settings, tournament, match):
    # The site's Redis cache (core.cache) answers as an empty cache while Redis is down: nothing is counted.
    settings.CACHES = {
        "default": {
            "BACKEND": "core.cache.ForgivingRedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    settings.PLAYER_LINK_RATE = settings.PLAYER_BAD_LINK_RATE = "1/m"
    url = links.match_link_url(match, "a")
    assert [client.get(bad_url(tournament, match)).status_code for _ in range(3)] == [404, 404, 404]
    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 200]
    assert client.post(url, {"action": "final", "final-games": "25-10"}).status_code == 302
