"""The tournament's own system hears of it by webhook: the secretary, on a 390-px phone, sets the receiver's URL on
the Webhook page and reads the secret there. A round is published, a match called, its result confirmed and the
stage finished; the receiver (a real HTTP server on this machine) answers 500 to the first delivery and 200 after.
It checks each signature with the secret shown, takes each event's id once, and the failed one again after its
wait (the clock moved on a minute, the periodic task run); the page lists the deliveries with their answers."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from matches.scoring.services import record_result
from matches.services import change_status
from stages.models import Match, Round, Stage
from stages.services import finish_stage, publish_round
from tests.browser.conftest import log_in, page_width, shot
from tests.factories import EntryFactory, MatchFactory, PlayerFactory, RoundFactory, StageFactory, UserFactory
from tests.webhooks.receiver import Receiver
from webhooks.models import Delivery
from webhooks.tasks import send_due_webhooks

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_receiver_sees_each_event_once_signed_and_the_failed_one_again(
    phone, live_server, settings, monkeypatch, tournament
):
    settings.WEBHOOK_TRUSTED_NETWORKS = ["127.0.0.0/8"]  # the receiver runs beside the site
    secretary = UserFactory(secretary=True)
    tournament.secretaries.add(secretary)
    stage = StageFactory(event__tournament=tournament, event__name="Men's singles", status=Stage.Status.DRAWN)
    rnd = RoundFactory(stage=stage, number=1, status=Round.Status.DRAFT)
    match = MatchFactory(
        round=rnd,
        table=3,
        entry_a=EntryFactory(event=stage.event, members=[PlayerFactory(first_name="Asha", last_name="Rao")]),
        entry_b=EntryFactory(event=stage.event, members=[PlayerFactory(first_name="Ravi", last_name="Kumar")]),
    )

    with Receiver(answers=[500]) as receiver:
        log_in(phone, live_server, secretary.username, tournament.get_absolute_url())
        phone.get_by_role("link", name="Webhook").click()
        phone.get_by_label("Receiver's URL").fill(receiver.url)
        phone.get_by_role("button", name="Save the webhook").click()
        expect(phone.get_by_text("The webhook is saved.")).to_be_visible()
        first_secret = phone.locator("#webhook-secret").inner_text().strip()
        phone.get_by_role("button", name="Make a new secret").click()
        expect(phone.get_by_text("A new secret is made")).to_be_visible()
        secret = phone.locator("#webhook-secret").inner_text().strip()
        assert len(secret) > 30 and secret != first_secret
        assert page_width(phone) <= 390
        shot(phone, "webhook-set")

        # The day goes on, each action committed as the desk's pages commit it.
        publish_round(rnd)
        change_status(match, Match.Status.CALLED)
        record_result(match, [(25, 4), (25, 9)], confirm=True)
        finish_stage(stage)

        phone.reload()
        failed = phone.locator(".delivery", has_text="Round published")
        expect(failed).to_contain_text("answer 500")
        expect(failed).to_contain_text("maintenance")
        expect(failed.get_by_role("button", name="Retry now")).to_be_visible()
        assert page_width(phone) <= 390
        shot(phone, "webhook-one-failed")

        assert send_due_webhooks() == 0  # its minute has not passed
        later = timezone.now() + timedelta(seconds=61)
        monkeypatch.setattr(timezone, "now", lambda: later)
        assert send_due_webhooks() == 1

        taken = receiver.accepted(secret)
        assert sorted(event for event, _payload in taken.values()) == sorted(
            ["round.published", "match.called", "result.confirmed", "stage.finished"]
        )
        published = next(event_id for event_id, (event, _p) in taken.items() if event == "round.published")
        sent_ids = [headers["X-Carrom-Event-Id"] for headers, _body, _status in receiver.requests]
        assert sent_ids.count(published) == 2 and len(sent_ids) == 5  # the failed one again, the others once
        assert all(payload["tournament"]["slug"] == tournament.slug for _e, payload in taken.values())

        phone.reload()
        expect(phone.locator(".delivery-delivered")).to_have_count(4)
        retried = phone.locator(".delivery", has_text="Round published")
        expect(retried).to_contain_text("2 tries")
        expect(retried).to_contain_text("answer 200")
        expect(phone.locator(".delivery", has_text="Result confirmed")).to_contain_text("taken")
        assert page_width(phone) <= 390
        shot(phone, "webhook-delivered")

        phone.get_by_role("button", name="Send a test ping").click()
        expect(phone.locator(".delivery", has_text="Test ping")).to_contain_text("answer 200")
        assert receiver.requests[-1][0]["X-Carrom-Event"] == "ping" and len(receiver.accepted(secret)) == 5
    assert Delivery.objects.filter(status=Delivery.Status.DELIVERED).count() == 5
