import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from tests.factories import EventFactory, UserFactory
from tournaments.models import Club, Entry, Event, Player, Tournament

pytestmark = pytest.mark.django_db


def test_load_demo_builds_both_tournaments_and_is_idempotent(client):
    call_command("load_demo")
    counts = (
        Tournament.objects.count(),
        Event.objects.count(),
        Entry.objects.count(),
        Player.objects.count(),
        Club.objects.count(),
    )
    call_command("load_demo")
    assert (
        Tournament.objects.count(),
        Event.objects.count(),
        Entry.objects.count(),
        Player.objects.count(),
        Club.objects.count(),
    ) == counts

    singles = Event.objects.get(name="Office singles")
    doubles = Event.objects.get(name="Office doubles")
    eurocup = Event.objects.get(name="Eurocup singles")
    assert (singles.rule_set, singles.entries.count()) == ("office", 31)
    assert (doubles.rule_set, doubles.entries.count()) == ("office", 5)
    assert "Vikas Hawaldar & Vivek Gangal" in doubles.entries.values_list("name", flat=True)
    assert eurocup.rule_set == "ecc"
    assert eurocup.entries.count() == 64
    countries = set(Player.objects.filter(entries__event=eurocup).values_list("country", flat=True))
    assert len(countries) == 12

    home = client.get(reverse("home")).content.decode()
    assert "Office Carrom League" in home and "Eurocup Demo 2026" in home


def test_secretary_uploads_a_csv_and_sees_line_errors(client, tournament, secretary):
    event = EventFactory(tournament=tournament)
    client.force_login(secretary)
    url = reverse("event-import-page", args=[tournament.slug, event.pk])
    bad = SimpleUploadedFile("e.csv", b"first_name,rating\nAsha,many\n", content_type="text/csv")
    page = client.post(url, {"file": bad})
    assert page.status_code == 200
    assert "line 2: rating must be a whole number of at least 0, not &#x27;many&#x27;" in page.content.decode()
    assert event.entries.count() == 0

    good = SimpleUploadedFile("e.csv", b"first_name,last_name\nAsha,Rao\n", content_type="text/csv")
    assert client.post(url, {"file": good}).status_code == 302
    assert list(event.entries.values_list("name", flat=True)) == ["Asha Rao"]


def test_other_users_cannot_open_the_upload_page(client, tournament):
    event = EventFactory(tournament=tournament)
    client.force_login(UserFactory(secretary=True))
    assert client.get(reverse("event-import-page", args=[tournament.slug, event.pk])).status_code == 403


def test_login_and_logout_pages(client):
    UserFactory(username="umpire1")
    assert client.get(reverse("login")).status_code == 200
    response = client.post(reverse("login"), {"username": "umpire1", "password": "pass-word-42"})
    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"].username == "umpire1"
    client.post(reverse("logout"))
    assert not client.get(reverse("home")).context["user"].is_authenticated


def test_login_is_rate_limited_after_repeated_failures(client):
    UserFactory(username="target")
    for _ in range(5):
        assert client.post(reverse("login"), {"username": "target", "password": "wrong"}).status_code == 200
    blocked = client.post(reverse("login"), {"username": "target", "password": "pass-word-42"})
    assert blocked.status_code == 429
