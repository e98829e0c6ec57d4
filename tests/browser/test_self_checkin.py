"""A player checks in on their phone: the personal link (no account) shows "I am at table N" once the ECC round is
called ("Start"); a tap reports the side (ECC 18), the page says so, and the officials' desk shows it with "Undo A
check-in", which takes it back with a reason."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from players.links import personal_link_url
from stages.models import Match
from tests.browser.conftest import log_in
from tests.matches.checkin.hall import eurocup_hall

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_player_checks_in_and_the_desk_undoes_it(phone, live_server):
    tournament, rnd = eurocup_hall()
    match = rnd.matches.exclude(entry_b=None).select_related("entry_a").order_by("table").first()
    player = match.entry_a.players.first()
    phone.goto(live_server.url + personal_link_url(tournament, player))
    button = phone.get_by_role("button", name=f"I am at table {match.table}")
    expect(button).to_be_visible()
    phone.locator("#next-match").screenshot(path="/tmp/self-checkin-before.png")
    button.click()
    expect(phone.locator("#self-checkin .checked-in")).to_contain_text(f"Checked in at table {match.table}")
    expect(button).to_have_count(0)
    phone.screenshot(path="/tmp/self-checkin-after.png")
    assert Match.objects.get(pk=match.pk).reported_a_at is not None

    secretary = tournament.secretaries.first()
    log_in(phone, live_server, secretary.username, reverse("round-checkin", args=[tournament.slug, rnd.pk]))
    row = phone.locator(f"#match-{match.pk}")
    expect(row.locator(".state-reported")).to_have_count(1)
    row.get_by_text("Undo check-in").click()
    row.get_by_label("Reason (e.g. the player was not at the table)").fill("Not at the table")
    row.get_by_role("button", name="Undo A check-in").click()
    expect(phone.locator(f"#match-{match.pk} .state-reported")).to_have_count(0)
    phone.screenshot(path="/tmp/self-checkin-desk.png")
    assert Match.objects.get(pk=match.pk).reported_a_at is None
