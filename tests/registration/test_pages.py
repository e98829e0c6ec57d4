"""The sign-up pages: the public form (errors with 400, closed event, rate limit with 429, duplicate address), the
confirmation link (GET changes nothing, POST confirms), and the secretary's entries-window page."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from registration import services
from registration.models import EventRegistration, SignUp
from tests.factories import EventFactory, UserFactory
from tests.registration.helpers import confirmation_link, fields, open_event
from tournaments.eligibility import set_eligibility
from tournaments.models import Event, EventEligibility, OutgoingMail

pytestmark = pytest.mark.django_db


def form_url(event):
    return reverse("sign-up", args=[event.tournament.slug, event.pk])


def window_url(event):
    return reverse("registration-window", args=[event.tournament.slug, event.pk])


def test_the_form_signs_up_and_says_to_check_the_mail(client, tournament):
    event = open_event(tournament)
    page = client.get(form_url(event))
    assert page.status_code == 200 and b'name="email"' in page.content and b"partner" not in page.content
    answer = client.post(form_url(event), fields())
    assert answer.status_code == 200
    assert "We sent a link to" in answer.content.decode()
    assert SignUp.objects.get(event=event).status == SignUp.Status.PENDING
    assert confirmation_link("mira1@example.org")


def test_a_doubles_form_asks_the_partners_names(client, tournament):
    event = open_event(tournament, kind=Event.Kind.DOUBLES)
    assert b'name="partner_last_name"' in client.get(form_url(event)).content
    answer = client.post(form_url(event), fields())
    assert answer.status_code == 400
    assert not SignUp.objects.exists()


@pytest.mark.parametrize(
    ("changes", "field"),
    [({"email": "not-an-address"}, "email"), ({"country": "FR"}, "country"), ({"last_name": ""}, "last_name")],
)
def test_a_bad_form_comes_back_with_its_message_and_400(client, tournament, changes, field):
    event = open_event(tournament)
    answer = client.post(form_url(event), fields(**changes))
    assert answer.status_code == 400
    assert answer.context["form"].errors[field]
    assert 'class="errors form-errors"' in answer.content.decode()
    assert not SignUp.objects.exists() and not OutgoingMail.objects.exists()


def test_a_country_that_is_not_three_letters_is_refused_by_the_service_too(client, tournament):
    answer = client.post(form_url(open_event(tournament)), fields(country="F1X"))
    assert answer.status_code == 400
    assert "A country is three letters" in answer.content.decode()


def test_the_same_address_twice_is_refused_on_the_form(client, tournament):
    event = open_event(tournament)
    client.post(form_url(event), fields())
    answer = client.post(form_url(event), fields(2, email="Mira1@example.org"))
    assert answer.status_code == 400
    assert "This address has already signed up" in answer.content.decode()
    assert SignUp.objects.count() == 1


def test_a_closed_event_says_so_with_its_dates_and_takes_nothing(client, tournament):
    event = open_event(tournament)
    closes = timezone.now() - timedelta(hours=2)
    services.set_registration(event, opens_at=closes - timedelta(days=3), closes_at=closes)
    page = client.get(form_url(event))
    text = page.content.decode()
    assert page.status_code == 200 and "Entries closed on" in text and "Entries open" in text
    assert 'name="email"' not in text
    assert client.post(form_url(event), fields()).status_code == 400
    assert not SignUp.objects.exists()


def test_an_event_not_open_yet_says_when_it_opens(client, tournament):
    event = open_event(tournament)
    services.set_registration(event, opens_at=timezone.now() + timedelta(days=2))
    assert "Entries open on" in client.get(form_url(event)).content.decode()


def test_an_event_without_a_public_form_says_so(client, tournament):
    event = EventFactory(tournament=tournament)
    text = client.get(form_url(event)).content.decode()
    assert "This event takes no sign-ups from its public page." in text


def test_a_draft_tournaments_form_is_not_found(client, secretary):
    event = open_event(EventFactory(tournament__status="draft").tournament)
    assert client.get(form_url(event)).status_code == 404


def test_a_client_over_five_sign_ups_an_hour_is_refused_with_429_on_the_form(client, tournament):
    event = open_event(tournament)
    for n in range(1, 6):
        assert client.post(form_url(event), fields(n)).status_code == 200
    answer = client.post(form_url(event), fields(6))
    assert answer.status_code == 429
    assert "Too many sign-ups from your network" in answer.content.decode()
    assert 'name="email"' in answer.content.decode()  # the form, with what was typed
    assert SignUp.objects.count() == 5
    other = client.post(form_url(event), fields(7), REMOTE_ADDR="192.0.2.9")
    assert other.status_code == 200


def test_an_address_over_five_sign_ups_a_day_is_refused_whatever_the_client(client, tournament, settings):
    events = [open_event(tournament) for _ in range(6)]
    for n, event in enumerate(events[:5]):
        assert client.post(form_url(event), fields(), REMOTE_ADDR=f"192.0.2.{n}").status_code == 200
    answer = client.post(form_url(events[5]), fields(), REMOTE_ADDR="192.0.2.50")
    assert answer.status_code == 429
    assert "Too many sign-ups with this e-mail address" in answer.content.decode()


def test_opening_the_confirmation_link_changes_nothing_pressing_the_button_confirms(client, tournament):
    event = open_event(tournament)
    client.post(form_url(event), fields())
    link = confirmation_link("mira1@example.org")
    page = client.get(link)
    assert page.status_code == 200 and "Confirm my sign-up" in page.content.decode()
    client.get(link)
    assert SignUp.objects.get().status == SignUp.Status.PENDING and not event.entries.exists()
    answer = client.post(link, follow=True)
    assert "You are entered in" in answer.content.decode()
    assert SignUp.objects.get().status == SignUp.Status.ENTERED and event.entries.count() == 1


def test_the_confirmation_page_shows_the_place_on_the_waiting_list(client, tournament):
    event = open_event(tournament, cap=1, entries=1)
    client.post(form_url(event), fields())
    answer = client.post(confirmation_link("mira1@example.org"), follow=True)
    assert "is full: you are on its waiting list, place 1." in answer.content.decode()


def test_an_expired_link_says_so_and_confirms_nothing(client, tournament):
    event = open_event(tournament)
    client.post(form_url(event), fields())
    SignUp.objects.update(created_at=timezone.now() - timedelta(days=3))
    link = confirmation_link("mira1@example.org")
    assert "has expired" in client.get(link).content.decode()
    assert "has expired" in client.post(link, follow=True).content.decode()
    assert SignUp.objects.get().status == SignUp.Status.PENDING


def test_an_unknown_or_another_tournaments_token_is_not_found(client, tournament):
    event = open_event(tournament)
    row = services.sign_up(event, fields())
    assert client.get(reverse("sign-up-confirm", args=[tournament.slug, "nope"])).status_code == 404
    other = EventFactory(tournament__status="published").tournament
    assert client.get(reverse("sign-up-confirm", args=[other.slug, row.token])).status_code == 404


def test_the_event_page_offers_the_form_and_the_secretary_the_window(client, tournament, secretary):
    event = open_event(tournament)
    assert form_url(event) in client.get(event.get_absolute_url()).content.decode()
    client.force_login(secretary)
    assert window_url(event) in client.get(event.get_absolute_url()).content.decode()


def test_the_secretary_sets_the_window_closes_and_reopens(client, tournament, secretary):
    event = EventFactory(tournament=tournament)
    client.force_login(secretary)
    assert client.get(window_url(event)).status_code == 200
    answer = client.post(
        window_url(event), {"action": "save", "opens_at": "2026-12-01T09:00", "cap": "16", "public_sign_up": "on"}
    )
    assert answer.status_code == 302
    window = EventRegistration.objects.get(event=event)
    assert (window.cap, window.public_sign_up, window.opens_at.day) == (16, True, 1)
    client.post(window_url(event), {"action": "close"})
    assert EventRegistration.objects.get(event=event).closed
    page = client.get(window_url(event))
    assert "Reopen entries" in page.content.decode()
    client.post(window_url(event), {"action": "reopen"})
    assert not EventRegistration.objects.get(event=event).closed


def test_a_bad_window_comes_back_with_400(client, tournament, secretary):
    event = EventFactory(tournament=tournament)
    client.force_login(secretary)
    answer = client.post(
        window_url(event),
        {"action": "save", "opens_at": "2026-12-05T09:00", "closes_at": "2026-12-01T09:00", "cap": "0"},
    )
    assert answer.status_code == 400
    assert answer.context["form"].errors["cap"]
    answer = client.post(
        window_url(event), {"action": "save", "opens_at": "2026-12-05T09:00", "closes_at": "2026-12-01T09:00"}
    )
    assert answer.status_code == 400
    assert "Entries must close after they open." in answer.content.decode()
    assert not EventRegistration.objects.filter(event=event).exists()


def test_the_secretary_sees_the_sign_ups_and_removes_one(client, tournament, secretary):
    event = open_event(tournament, cap=1)
    entered = services.confirm(services.sign_up(event, fields(1)).token)
    waiting = services.confirm(services.sign_up(event, fields(2)).token)
    client.force_login(secretary)
    text = client.get(window_url(event)).content.decode()
    assert "mira2@example.org" in text and "1. Mira2 Lenoir" in text and "On the waiting list" in text
    assert "signed up on" in text
    assert reverse("entry-edit-page", args=[tournament.slug, event.pk, entered.entry_id]) in text
    answer = client.post(window_url(event), {"action": "remove", "sign_up": waiting.pk}, follow=True)
    assert "Mira2 Lenoir is off the list." in answer.content.decode()
    assert not SignUp.objects.filter(pk=waiting.pk).exists()
    answer = client.post(window_url(event), {"action": "remove", "sign_up": "x"}, follow=True)
    assert "There is no such sign-up" in answer.content.decode()


def test_only_a_secretary_opens_the_window_page(client, tournament):
    event = EventFactory(tournament=tournament)
    client.force_login(UserFactory())
    assert client.get(window_url(event)).status_code == 403
    assert client.post(window_url(event), {"action": "close"}).status_code == 403
    assert not EventRegistration.objects.exists()


def test_the_form_asks_what_the_events_rules_read_and_what_the_player_agrees_to(client, tournament):
    event = open_event(tournament, name="Women's singles")
    page = client.get(form_url(event)).content.decode()
    assert (
        'name="sex"' not in page
        and 'name="publish_name" aria-describedby="id_publish_name_helptext" id="id_publish_name" checked' in page
        and 'name="publish_portrait"' in page
    )
    set_eligibility(event, sex=EventEligibility.Sex.WOMEN)
    page = client.get(form_url(event)).content.decode()
    assert 'name="sex"' in page and "What the public sees" in page
    answer = client.post(form_url(event), fields(sex="M"))
    assert answer.status_code == 400 and "Women only." in answer.content.decode()
    assert not SignUp.objects.exists()
    answer = client.post(form_url(event), fields(sex="F"))
    assert answer.status_code == 200 and SignUp.objects.get().sex == "F"
