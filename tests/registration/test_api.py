"""The entries window through the API: anyone who sees the tournament reads it, its secretaries change it and see
the sign-ups."""

import pytest
from django.urls import reverse

from registration import services
from registration.models import EventRegistration, SignUp
from tests.factories import EventFactory, UserFactory
from tests.registration.helpers import confirmation_link, fields, open_event, token_of
from tournaments.eligibility import set_eligibility
from tournaments.models import EventEligibility, OutgoingMail

pytestmark = pytest.mark.django_db


def url(event):
    return reverse("api-event-registration", args=[event.tournament.slug, event.pk])


def test_anyone_reads_the_window_without_the_sign_ups(api_client, tournament):
    event = open_event(tournament, cap=1, entries=1)
    services.confirm(services.sign_up(event, fields()).token)
    body = api_client.get(url(event)).json()
    assert body["cap"] == 1 and body["public_sign_up"] and body["open"] and not body["closed"]
    assert (body["entries"], body["waiting"]) == (1, 1)
    assert "sign_ups" not in body and "mira1@example.org" not in str(body)


def test_an_event_without_a_window_reads_as_closed_to_the_public(api_client, tournament):
    body = api_client.get(url(EventFactory(tournament=tournament))).json()
    assert body["open"] is False and body["public_sign_up"] is False and body["cap"] is None


def test_the_secretary_puts_the_window_and_reads_the_sign_ups(api_client, tournament, secretary):
    event = EventFactory(tournament=tournament)
    api_client.force_authenticate(secretary)
    answer = api_client.put(url(event), {"cap": 8, "public_sign_up": True, "closes_at": "2030-01-01T12:00:00Z"})
    assert answer.status_code == 200, answer.json()
    assert answer.json()["open"] is True and answer.json()["cap"] == 8
    services.sign_up(event, fields())
    rows = api_client.get(url(event)).json()["sign_ups"]
    assert [(row["email"], row["status"], row["place"]) for row in rows] == [("mira1@example.org", "pending", None)]
    assert api_client.put(url(event), {"closed": True}, format="json").json()["open"] is False
    assert EventRegistration.objects.get(event=event).cap == 8  # a field not given stays


def test_bad_input_is_400_with_field_errors(api_client, tournament, secretary):
    event = EventFactory(tournament=tournament)
    api_client.force_authenticate(secretary)
    answer = api_client.put(url(event), {"cap": 0}, format="json")
    assert answer.status_code == 400 and "cap" in answer.json()
    answer = api_client.put(
        url(event), {"opens_at": "2030-01-02T00:00:00Z", "closes_at": "2030-01-01T00:00:00Z"}, format="json"
    )
    assert answer.status_code == 400 and answer.json() == {"closes_at": ["Entries must close after they open."]}


def test_raising_the_cap_through_the_api_enters_the_waiting(api_client, tournament, secretary):
    event = open_event(tournament, cap=1, entries=1)
    row = services.confirm(services.sign_up(event, fields()).token)
    api_client.force_authenticate(secretary)
    body = api_client.put(url(event), {"cap": 2}, format="json").json()
    assert (body["entries"], body["waiting"]) == (2, 0)
    row.refresh_from_db()
    assert row.entry_id


def test_only_secretaries_write(api_client, tournament):
    event = EventFactory(tournament=tournament)
    assert api_client.put(url(event), {"cap": 3}, format="json").status_code in (401, 403)
    api_client.force_authenticate(UserFactory())
    assert api_client.put(url(event), {"cap": 3}, format="json").status_code == 403
    assert not EventRegistration.objects.exists()


def sign_up_url(event):
    return reverse("api-event-sign-up", args=[event.tournament.slug, event.pk])


def test_a_program_signs_someone_up_and_the_mailed_link_confirms_it(api_client, tournament):
    event = open_event(tournament)
    body = {**fields(), "publish_name": False}
    response = api_client.post(sign_up_url(event), body, format="json")
    assert response.status_code == 201, response.json()
    assert response.json() == {
        "event": event.pk,
        "name": "Mira1 Lenoir",
        "status": "pending",
        "confirm_within_hours": 48,
    }
    row = SignUp.objects.get()
    assert (row.country, row.publish_name) == ("FRA", False) and not event.entries.exists()
    assert token_of(confirmation_link("mira1@example.org")) == row.token
    services.confirm(row.token)
    assert event.entries.get().name == "M. L. (Lyon Carrom)"


def test_refusals_are_400_with_the_reason_and_save_nothing(api_client, tournament):
    event = open_event(tournament, name="Women's singles")
    set_eligibility(event, sex=EventEligibility.Sex.WOMEN)
    response = api_client.post(sign_up_url(event), {**fields(), "sex": "M"}, format="json")
    assert response.status_code == 400 and "Women only." in str(response.json())
    response = api_client.post(sign_up_url(event), {**fields(), "country": "FR", "email": "nope"}, format="json")
    assert response.status_code == 400 and {"country", "email"} <= set(response.json())
    closed = EventFactory(tournament=tournament)
    response = api_client.post(sign_up_url(closed), fields(), format="json")
    assert response.status_code == 400 and "no sign-ups" in str(response.json())
    assert not SignUp.objects.exists() and not OutgoingMail.objects.exists()


def test_past_the_rate_limit_it_is_429(api_client, tournament, settings):
    settings.SIGN_UP_RATE_PER_CLIENT = "2/h"
    event = open_event(tournament)
    answers = [api_client.post(sign_up_url(event), fields(n), format="json").status_code for n in range(1, 4)]
    assert answers == [201, 201, 429] and SignUp.objects.count() == 2
