"""Which language a page speaks: the visitor's own choice (cookie, and a signed-in user's profile), else the
tournament's language on its pages, else the browser's; people are told things in their own language."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.factories import PASSWORD, ProfileFactory, UserFactory
from tournaments.models import Notification, Profile
from tournaments.notifications import notify

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


def language_of(response):
    return response.headers["Content-Language"]


def test_the_browser_chooses_when_nobody_else_has(client):
    assert language_of(client.get("/", HTTP_ACCEPT_LANGUAGE="de-CH,de;q=0.9,en;q=0.5")) == "de"
    assert language_of(client.get("/", HTTP_ACCEPT_LANGUAGE="hi-IN")) == "hi"
    assert language_of(client.get("/", HTTP_ACCEPT_LANGUAGE="ja")) == "en"


def test_the_page_says_its_language_to_the_browser(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="it")
    assert b'<html lang="it"' in response.content
    assert "Accept-Language" in response.headers["Vary"] and "Cookie" in response.headers["Vary"]


def test_a_tournament_language_is_the_default_of_its_pages_not_of_others(client, tournament):
    tournament.language = "fr"
    tournament.save()
    assert language_of(client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de")) == "fr"
    assert language_of(client.get("/", HTTP_ACCEPT_LANGUAGE="de")) == "de"


def test_a_change_of_the_tournaments_language_shows_at_once(client, tournament):
    assert language_of(client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de")) == "de"
    tournament.language = "it"
    tournament.save()
    assert language_of(client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de")) == "it"


def test_the_api_follows_the_caller_not_the_tournament(client, tournament):
    tournament.language = "fr"
    tournament.save()
    url = reverse("event-list", args=[tournament.slug])
    assert language_of(client.get(url, HTTP_ACCEPT_LANGUAGE="de")) == "de"


def test_the_visitors_choice_beats_the_tournament_and_the_browser(client, tournament):
    tournament.language = "fr"
    tournament.save()
    client.cookies[COOKIE] = "it"
    assert language_of(client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de")) == "it"


def test_an_unknown_language_in_the_cookie_is_ignored(client):
    client.cookies[COOKIE] = "xx"
    assert language_of(client.get("/", HTTP_ACCEPT_LANGUAGE="de")) == "de"


def test_a_visitor_switches_without_a_token_and_comes_back_to_the_page(tournament):
    client = Client(enforce_csrf_checks=True)
    page = tournament.get_absolute_url()
    response = client.post(reverse("set-language"), {"language": "de", "next": page})
    assert response.status_code == 302 and response.url == page
    assert response.cookies[COOKIE].value == "de"
    assert language_of(client.get(page)) == "de"


def test_switching_to_an_unknown_language_changes_nothing(client):
    response = client.post(reverse("set-language"), {"language": "xx", "next": "/"})
    assert response.status_code == 302 and COOKIE not in response.cookies


def test_a_switch_never_sends_the_visitor_off_the_site(client):
    response = client.post(reverse("set-language"), {"language": "fr", "next": "https://evil.example/"})
    assert response.url == "/"


def test_a_signed_in_user_must_send_the_token_and_the_choice_goes_on_the_profile():
    user = UserFactory()
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    assert client.post(reverse("set-language"), {"language": "hi", "next": "/"}).status_code == 403
    assert not Profile.objects.filter(user=user).exists()

    client.get(reverse("login"))  # a page with a form hands out the CSRF cookie
    token = client.cookies[settings.CSRF_COOKIE_NAME].value
    response = client.post(reverse("set-language"), {"language": "hi", "next": "/", "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert Profile.objects.get(user=user).language == "hi"


def test_the_profile_language_follows_the_user_to_a_new_device():
    user = UserFactory()
    ProfileFactory(user=user, language="it")
    device = Client()
    device.post(reverse("login"), {"username": user.username, "password": PASSWORD})
    assert language_of(device.get("/", HTTP_ACCEPT_LANGUAGE="de")) == "it"


def test_log_in_page_and_form_errors_speak_the_language(client):
    response = client.post(
        reverse("login"), {"username": "nobody", "password": "wrong"}, HTTP_ACCEPT_LANGUAGE="fr", REMOTE_ADDR="10.9.9.9"
    )
    with translation.override("fr"):
        expected = translation.gettext("Log in")
    assert expected != "Log in", "the French catalogue translates the log-in button"
    assert expected in response.content.decode()


def test_cached_pages_are_kept_apart_by_language(client, tournament, page_cache):
    url = tournament.get_absolute_url()
    assert b'lang="fr"' in client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert b'lang="de"' in german.content
    again = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert again.headers["X-Page-Cache"] == "hit" and b'lang="fr"' in again.content


def test_each_person_is_told_in_their_own_language(tournament):
    tournament.language = "de"
    tournament.save()
    french, unset = UserFactory(), UserFactory()
    ProfileFactory(user=french, language="fr")

    def message():
        return translation.gettext("Log in"), translation.get_language()

    with translation.override("en"):
        notify([french, unset], tournament, message)
    told = {n.user_id: (n.subject, n.body) for n in Notification.objects.all()}
    with translation.override("fr"):
        assert told[french.pk] == (translation.gettext("Log in"), "fr")
    with translation.override("de"):
        assert told[unset.pk] == (translation.gettext("Log in"), "de")
    assert told[french.pk][0] != told[unset.pk][0]


def test_the_language_an_anonymous_request_had_does_not_leak_into_the_next(client):
    client.get("/", HTTP_ACCEPT_LANGUAGE="hi")
    assert language_of(Client().get("/")) == "en"
