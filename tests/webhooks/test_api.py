"""The webhook through the API, as on the page: its secretaries set the URL (refused with 400 at a private
address), read and renew the secret, send a ping, list the deliveries and retry one not delivered."""

import pytest

from tests.factories import UserFactory
from tests.webhooks.receiver import signed
from webhooks.models import Delivery

pytestmark = pytest.mark.django_db


def test_the_secretary_runs_the_webhook_through_the_api(
    api_client, tournament, secretary, receiver, django_capture_on_commit_callbacks
):
    base = f"/api/tournaments/{tournament.slug}/webhook/"
    api_client.force_login(secretary)
    assert api_client.get(base).status_code == 404  # none yet
    refused = api_client.put(base, {"url": "https://10.0.0.7/hook"}, format="json")
    assert refused.status_code == 400 and list(refused.json()) == ["url"]
    made = api_client.put(base, {"url": receiver.url}, format="json")
    assert made.status_code == 200 and made.json()["active"] is True
    secret = made.json()["secret"]
    renewed = api_client.post(f"{base}secret/").json()["secret"]
    assert renewed != secret and api_client.get(base).json()["secret"] == renewed

    receiver.answers = [500]
    with django_capture_on_commit_callbacks(execute=True):
        ping = api_client.post(f"{base}ping/")
    assert ping.status_code == 202 and ping.json()["event"] == "ping"
    listed = api_client.get(f"{base}deliveries/").json()
    assert [(row["event"], row["last_status_code"], row["attempts"]) for row in listed] == [("ping", 500, 1)]
    with django_capture_on_commit_callbacks(execute=True):
        retried = api_client.post(f"{base}deliveries/{listed[0]['id']}/retry/")
    assert retried.status_code == 202
    row = Delivery.objects.get()
    assert (row.status, row.last_status_code) == ("delivered", 200)
    assert all(signed(headers, body, renewed) for headers, body, _status in receiver.requests)
    assert api_client.post(f"{base}deliveries/{row.pk}/retry/").status_code == 404  # delivered already


def test_only_its_secretaries_read_it(api_client, tournament, webhook):
    base = f"/api/tournaments/{tournament.slug}/webhook/"
    assert api_client.get(base).status_code in (401, 403)
    api_client.force_login(UserFactory(secretary=True))
    assert api_client.get(base).status_code == 403
    assert api_client.post(f"{base}secret/").status_code == 403
