"""A public page served from the cache asks the database nothing, and once served from the cache its whole answer
is given by core.page_cache.CachedPageMiddleware before the session, language, CSRF and authentication middleware
run: the same headers and body the whole stack gives, never to a signed-in user, a POST or after a change."""

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from core import page_cache
from matches.scoring.services import record_result
from players.links import personal_token
from tests.factories import EntryFactory, EventFactory
from tests.helpers import knockout, play_round_robin

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("page_cache")]


@pytest.fixture
def stage(tournament):
    return knockout(tournament)


def get(client, url, **headers):
    """The answer and the database queries it made."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers=headers)
    return response, len(queries)


def answered_early(response):
    """Whether CachedPageMiddleware answered: the session middleware, after it, never saw the request."""
    return not hasattr(response.wsgi_request, "session")


def test_a_cache_hit_asks_the_database_nothing(client, stage, settings):
    settings.MIDDLEWARE = [m for m in settings.MIDDLEWARE if m != "core.page_cache.CachedPageMiddleware"]
    url = stage.get_absolute_url()
    first, _ = get(client, url)
    hit, queries = get(client, url)
    assert first[page_cache.HIT_HEADER] == "miss" and hit[page_cache.HIT_HEADER] == "hit"
    assert queries == 0 and not answered_early(hit) and hit.content == first.content


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Accept-Encoding": "gzip, deflate, br"},
        {"Accept-Language": "de-DE,de;q=0.9"},
        {"Accept-Language": "hi", "Cookie": "django_language=it"},
        {"Cookie": "django_language=xx; csrftoken=" + "a" * 32},
    ],
)
def test_the_early_answer_is_the_whole_stack_answer(client, stage, headers):
    url = stage.get_absolute_url()
    assert get(client, url, **headers)[0][page_cache.HIT_HEADER] == "miss"
    whole, _ = get(client, url, **headers)
    early, queries = get(client, url, **headers)
    assert whole[page_cache.HIT_HEADER] == "hit" and not answered_early(whole)
    assert answered_early(early) and queries == 0
    assert list(early.items()) == list(whole.items()) and early.content == whole.content
    assert {"Content-Security-Policy", "X-Frame-Options", "Content-Language", "Vary"} <= set(early.headers)


def test_over_https_the_security_headers_are_the_same(client, stage, settings):
    settings.SECURE_HSTS_SECONDS = 3600
    url = stage.get_absolute_url()
    client.get(url, secure=True)
    whole, early = client.get(url, secure=True), client.get(url, secure=True)
    assert answered_early(early) and "Strict-Transport-Security" in early.headers
    assert list(early.items()) == list(whole.items())


def test_each_language_gets_its_own_answer(client, stage):
    tournament = stage.event.tournament
    tournament.language = "fr"
    tournament.save()
    url = stage.get_absolute_url()
    for cookie, browser, language in [("", "de", "fr"), ("it", "de", "it"), ("", "", "fr"), ("de", "", "de")]:
        headers = {"Accept-Language": browser} if browser else {}
        if cookie:
            headers["Cookie"] = f"django_language={cookie}"
        answers = [get(client, url, **headers)[0] for _ in range(3)]
        assert answered_early(answers[2]), (cookie, browser)
        assert {a["Content-Language"] for a in answers} == {language}, (cookie, browser)
        assert f'lang="{language}"'.encode() in answers[2].content


def test_signed_in_users_posts_and_waiting_messages_go_the_whole_way(client, stage, secretary, settings):
    url = stage.get_absolute_url()
    for _ in range(3):
        client.get(url)
    assert answered_early(client.get(url))
    client.cookies["messages"] = "anything"
    assert not answered_early(client.get(url))
    del client.cookies["messages"]
    posted = client.post(url)
    assert not answered_early(posted) and page_cache.HIT_HEADER not in posted
    client.force_login(secretary)
    response = client.get(url)
    assert not answered_early(response) and page_cache.HIT_HEADER not in response
    assert b"Log out" in response.content
    client.logout()
    client.cookies[settings.SESSION_COOKIE_NAME] = "an-expired-session"  # the session decides, so it is read
    response = client.get(url)
    assert not answered_early(response) and response[page_cache.HIT_HEADER] == "hit"


def test_an_answer_given_through_a_session_is_not_kept_for_visitors_without_one(client, stage, settings):
    """A session may choose the language (a signed-in user's choice, kept after the sign-in lapsed)."""
    session = SessionStore()
    session["language"] = "de"
    session.save()
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
    url = stage.get_absolute_url()
    german = [client.get(url) for _ in range(3)]
    assert german[-1][page_cache.HIT_HEADER] == "hit" and german[-1]["Content-Language"] == "de"
    stranger = Client()
    answers = [stranger.get(url, headers={"Accept-Language": "en"}) for _ in range(3)]
    assert [a["Content-Language"] for a in answers] == ["en"] * 3 and answered_early(answers[-1])


def test_a_change_is_seen_at_once(client, stage, committed):
    url = stage.get_absolute_url()
    for _ in range(3):
        before = client.get(url)
    assert answered_early(before)
    with committed():
        record_result(stage.matches.get(round__number=1, number=1), [(25, 10), (25, 4)], confirm=True)
    after = client.get(url)
    assert after[page_cache.HIT_HEADER] == "miss" and after.content != before.content


def test_a_host_the_site_does_not_serve_is_refused_as_before(client, stage):
    url = stage.get_absolute_url()
    for _ in range(3):
        client.get(url)
    assert client.get(url, headers={"Host": "evil.example"}).status_code == 400


def test_a_page_with_a_decorator_around_its_cache_goes_the_whole_way(client, tournament):
    """The players' links are rate-limited around the page cache (players/urls_public.py): never answered early."""
    stage = knockout(tournament)
    player = stage.matches.get(round__number=1, number=1).entry_a.players.get()
    url = f"/t/{tournament.slug}/me/{personal_token(tournament, player)}/"
    answers = [client.get(url) for _ in range(4)]
    assert answers[-1][page_cache.HIT_HEADER] == "hit" and not answered_early(answers[-1])


def test_without_a_kept_stamp_the_database_is_asked_every_time(client, stage, settings):
    settings.PAGE_VERSION_SECONDS = 0
    url = stage.get_absolute_url()
    for _ in range(2):
        client.get(url)
    hit, queries = get(client, url)
    assert hit[page_cache.HIT_HEADER] == "hit" and queries == 1 and not answered_early(hit)


def test_a_stamp_written_elsewhere_is_read_once_the_kept_one_expires(client, stage):
    """Another process's change, with a cache in each process: seen within PAGE_VERSION_SECONDS."""
    tournament = stage.event.tournament
    url = stage.get_absolute_url()
    for _ in range(3):
        before = client.get(url)
    # The other process renames the stage: its commit stamps the tournament and the stage, whose page is kept
    # under the stage's own stamp.
    version = page_cache.new_page_version()
    type(stage).objects.filter(pk=stage.pk).update(name="Renamed elsewhere", page_version=version)
    type(tournament).objects.filter(pk=tournament.pk).update(page_version=version)
    assert client.get(url).content == before.content  # the kept stamp: at most PAGE_VERSION_SECONDS old
    page_cache.cache.delete(page_cache.part_key(tournament.slug, stage.pk))  # ... which then expires
    after = client.get(url)
    assert after[page_cache.HIT_HEADER] == "miss" and b"Renamed elsewhere" in after.content


# ---------------------------------------------------------------- the printed standings


@pytest.fixture
def league(tournament, secretary):
    event = EventFactory(tournament=tournament, rule_set="icf")
    for seed in range(1, 5):
        EntryFactory(event=event, seed=seed)
    return play_round_robin(event, secretary, finish=False)


def test_the_printed_standings_are_cached_and_dropped_on_a_change(client, league, committed):
    url = f"/t/{league.event.tournament.slug}/stages/{league.pk}/standings.pdf"
    first = client.get(url)
    assert first.status_code == 200 and first[page_cache.HIT_HEADER] == "miss"
    hit, queries = get(client, url)
    early, _ = get(client, url)
    for response in (first, hit, early):
        assert response["Content-Type"] == "application/pdf" and response.content == first.content
        assert response["Content-Disposition"] == first["Content-Disposition"]
        assert response["Content-Disposition"].startswith('inline; filename="')
    assert hit[page_cache.HIT_HEADER] == "hit" and queries == 0 and answered_early(early)
    with committed():
        league.name = "Renamed league"
        league.save()
    after = client.get(url)
    assert after[page_cache.HIT_HEADER] == "miss" and after.content != first.content


def test_the_printed_standings_of_a_signed_in_user_are_printed_afresh(client, league, secretary):
    url = f"/t/{league.event.tournament.slug}/stages/{league.pk}/standings.pdf"
    client.force_login(secretary)
    for _ in range(2):
        response = client.get(url)
        assert response.status_code == 200 and page_cache.HIT_HEADER not in response
