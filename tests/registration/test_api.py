"""The entries window through the API: anyone who sees the tournament reads it, its secretaries change it and see
the sign-ups."""

import pytest
from django.urls import reverse

from registration import services
from registration.models import EventRegistration
from tests.factories import EventFactory, UserFactory
from tests.registration.helpers import fields, open_event

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
