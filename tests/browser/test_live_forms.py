"""A live region (static/js/live.js) does not redraw a form someone is filling: at the check-in desk, a reason typed
for a late report stays while the rows around it change, the focus gone elsewhere; the rows catch up once the form
is back as it was drawn."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from matches.checkin.services import report
from stages.models import Match
from tests.browser.conftest import log_in
from tests.factories import UserFactory
from tests.matches.checkin.hall import eurocup_hall

CHECKS_SECONDS = 1  # the desk checks every 10 s; here the page as served, checking every second


def checking_every_second(route):
    page = route.fetch()
    route.fulfill(response=page, body=page.text().replace('data-live-interval="10"', 'data-live-interval="1"'))


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_desk_keeps_a_reason_being_typed_while_its_rows_change(live_server, phone):
    tournament, rnd = eurocup_hall()
    official = UserFactory(username="desk")
    tournament.secretaries.add(official)
    late, other = rnd.matches.order_by("table")[:2]
    Match.objects.filter(pk=late.pk).update(report_deadline=timezone.now() - timedelta(minutes=1))
    desk_url = reverse("round-checkin", args=[tournament.slug, rnd.pk])
    phone.route(lambda url: url.endswith(desk_url), checking_every_second)
    log_in(phone, live_server, "desk", desk_url)

    reason = phone.locator(f"#match-{late.pk} form.both-form").get_by_label("Reason to accept the late report")
    reason.fill("Stuck in the lift")
    phone.locator("h1").click()  # the focus leaves the field: only what it holds says it is being filled
    report(other, "a", official)
    other_row = phone.locator(f"#match-{other.pk}")
    phone.wait_for_timeout(4 * CHECKS_SECONDS * 1000)  # several checks, each answered with the changed rows
    expect(reason).to_have_value("Stuck in the lift")
    expect(other_row).not_to_contain_text("Reported")

    reason.fill("")  # back as drawn: the next check redraws the rows
    phone.locator("h1").click()
    expect(other_row.locator(".checkin-side.state-reported")).to_have_count(1)
