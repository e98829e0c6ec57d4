"""The Content-Security-Policy (settings.CONTENT_SECURITY_POLICY) blocks nothing our own pages need: the admin,
the Swagger page (drf-spectacular-sidecar's files, its start-up script split out) and the check-in desk's
countdown (a static file, no inline script)."""

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from matches.checkin.services import refresh_deadlines
from stages.models import Match
from tests.factories import PASSWORD, TournamentFactory, UserFactory
from tests.helpers import make_match


def watch_violations(page):
    blocked = []
    page.on(
        "console",
        lambda message: (
            "Content Security Policy" in message.text
            and blocked.append((page.url, message.text[:200], message.location))
        ),
    )
    return blocked


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_admin_swagger_and_check_in_desk_run_under_the_policy(live_server, phone):
    page = phone
    blocked = watch_violations(page)
    UserFactory(username="boss", is_staff=True, is_superuser=True)
    tournament = TournamentFactory(status="published")
    tournament.secretaries.add(UserFactory(username="secretary"))
    match = make_match(tournament, "icf", status=Match.Status.CALLED, called_at=timezone.now(), table=3)
    refresh_deadlines([match])

    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "boss")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("#site-name")).to_be_visible()
    page.goto(f"{live_server.url}/admin/auth/user/")
    expect(page.locator("#result_list")).to_be_visible()

    page.goto(f"{live_server.url}/api/docs/")
    # Swagger UI first fetches the schema, which takes seconds to generate on a busy two-core machine.
    expect(page.locator(".opblock").first).to_be_visible(timeout=30_000)

    page.context.clear_cookies()
    page.goto(f"{live_server.url}{reverse('login')}")
    page.fill("#id_username", "secretary")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(live_server.url + reverse("round-checkin", args=[tournament.slug, match.round_id]))
    expect(page.locator(".countdown[data-deadline]").first).to_contain_text("left")
    assert blocked == []
