"""The personal page in the public page cache (core.page_cache): it sets no cookie, so an anonymous visitor's page
is kept per token until the tournament changes; its forms post without a CSRF token, the token in the address being
the credential, checked before anything changes; a guessed token is a 404, never kept, and every request, one
answered from the cache too, counts towards the links' rate limits (players.throttle)."""

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from core import page_cache
from matches.checkin import services as late
from players import links
from stages.models import Match, Stage
from tests.helpers import make_match
from tournaments.models import PushSubscription, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("page_cache")]

PHONE = {"endpoint": "https://push.example.org/send/abc", "keys": {"p256dh": "BPublicKeyOfThePhone", "auth": "secret"}}


def version(tournament):
    return Tournament.objects.get(pk=tournament.pk).page_version


def player_of(match, side="a"):
    return getattr(match, f"entry_{side}").players.first()


@pytest.fixture
def called(tournament):
    """ICF 143(i): called a minute ago at table 9, the self check-in window open for 14 minutes more."""
    match = make_match(
        tournament, "icf", status=Match.Status.CALLED, called_at=timezone.now() - timedelta(minutes=1), table=9
    )
    late.refresh_deadlines([match])
    match.refresh_from_db()
    return match


def forged(url):
    """The personal page's URL with the token's last character changed: its signature fails."""
    head, token = url.rstrip("/").rsplit("/", 1)
    return f"{head}/{token[:-1]}{'A' if token[-1] != 'A' else 'B'}/"


def test_the_page_with_the_check_in_button_sets_no_cookie_and_is_kept(client, tournament, called):
    url = links.personal_link_url(tournament, player_of(called))
    first = client.get(url)
    html = first.content.decode()
    assert 'class="self-checkin-form"' in html and "I am at table 9" in html
    assert "csrfmiddlewaretoken" not in html
    assert not first.cookies and first[page_cache.HIT_HEADER] == "miss"
    again = client.get(url)
    assert again[page_cache.HIT_HEADER] == "hit" and again.content == first.content
    fragment = f"{url}?fragment=1"
    assert client.get(fragment)[page_cache.HIT_HEADER] == "miss"
    assert client.get(fragment)[page_cache.HIT_HEADER] == "hit"


def test_the_tap_from_the_kept_page_checks_in_without_a_csrf_token_and_the_page_follows(tournament, called, committed):
    client = Client(enforce_csrf_checks=True)  # a browser: a POST without a CSRF token is refused unless exempt
    url = links.personal_link_url(tournament, player_of(called))
    assert client.get(url)[page_cache.HIT_HEADER] == "miss"
    assert client.get(url)[page_cache.HIT_HEADER] == "hit"
    with committed():
        answer = client.post(f"{url}checkin/", {"match": called.pk})
    assert answer.status_code == 302 and answer["Location"].endswith("#next-match")
    assert Match.objects.get(pk=called.pk).reported_a_at is not None
    said = client.get(url)  # the message waits in a cookie: this visitor's page is rendered, not kept
    assert page_cache.HIT_HEADER not in said and "reported at the board" in said.content.decode()
    del client.cookies["messages"]  # shown, so deleted: a browser drops it (the test client keeps it empty)
    after = client.get(url)
    assert after[page_cache.HIT_HEADER] == "miss" and "Checked in at table 9" in after.content.decode()


def test_a_tap_with_a_wrong_or_revoked_token_is_a_404_and_changes_nothing(tournament, called, committed):
    client = Client(enforce_csrf_checks=True)
    player = player_of(called)
    url = links.personal_link_url(tournament, player)
    for wrong in (forged(url), url.replace(url.rstrip("/").rsplit("/", 1)[1], "p1.guess"), f"{url}x/"):
        assert client.post(f"{wrong}checkin/", {"match": called.pk}).status_code == 404, wrong
    other = make_match(tournament, "icf", status=Match.Status.CALLED, called_at=called.called_at, table=3)
    late.refresh_deadlines([other])
    assert client.post(f"{url}checkin/", {"match": other.pk}).status_code == 302  # not the player's match
    with committed():
        links.revoke_personal_link(tournament, player)
    assert client.post(f"{url}checkin/", {"match": called.pk}).status_code == 404
    assert client.get(url).status_code == 404  # the page kept for the old token is gone with it
    assert not Match.objects.filter(pk__in=[called.pk, other.pk], reported_a_at__isnull=False).exists()
    assert not Match.objects.filter(pk__in=[called.pk, other.pk], reported_b_at__isnull=False).exists()


def test_push_subscription_posts_with_the_token_alone(tournament, called, vapid):
    client = Client(enforce_csrf_checks=True)
    url = links.personal_link_url(tournament, player_of(called))
    body = {"data": json.dumps(PHONE), "content_type": "application/json"}
    assert client.post(f"{forged(url)}push/", **body).status_code == 404
    assert not PushSubscription.objects.exists()
    assert client.post(f"{url}push/", **body).status_code == 201
    assert PushSubscription.objects.get().player == player_of(called)


def test_a_guessed_token_is_never_kept_and_stops_the_address_even_for_kept_pages(client, settings, tournament, called):
    settings.PLAYER_BAD_LINK_RATE = "3/m"
    url = links.personal_link_url(tournament, player_of(called))
    assert client.get(url)[page_cache.HIT_HEADER] == "miss"
    assert client.get(url)[page_cache.HIT_HEADER] == "hit"
    guesses = [client.get(forged(url)) for _ in range(3)]
    assert [g.status_code for g in guesses] == [404, 404, 404]
    assert all(page_cache.HIT_HEADER not in g for g in guesses)  # not kept: each one reached the view
    assert client.get(url).status_code == 429  # the kept page too, for this address
    assert client.get(url, REMOTE_ADDR="10.0.0.9")[page_cache.HIT_HEADER] == "hit"


def test_pages_from_the_cache_count_towards_the_address_limit(client, settings, tournament, called):
    settings.PLAYER_LINK_RATE = "3/m"
    url = links.personal_link_url(tournament, player_of(called))
    answers = [client.get(url) for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert [a.get(page_cache.HIT_HEADER) for a in answers[:3]] == ["miss", "hit", "hit"]


def test_the_card_link_of_a_called_self_umpired_match_leaves_the_tournament_unchanged(client, tournament, committed):
    match = make_match(tournament, "ecc", kind=Stage.Kind.SWISS, self_umpired=True, status=Match.Status.CALLED)
    url = links.personal_link_url(tournament, player_of(match))
    stamp = version(tournament)
    with committed():  # the page's first rendering makes the side's match link
        first = client.get(url)
    card = links.match_path(match, links.match_link(match, "a"))
    assert f'href="{card}"' in first.content.decode()  # the path: the kept page may be asked by any host name
    assert version(tournament) == stamp  # making the match's link stamped nothing: every page stays kept
    assert client.get(url)[page_cache.HIT_HEADER] == "hit"
