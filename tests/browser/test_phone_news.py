"""A player's phone on their personal page when the secretary calls their match: the page shows, without a
reload, a visible notice and "Go to table N now"; the message is kept on the page and e-mailed."""

import pytest
from django.core import mail
from django.urls import reverse
from playwright.sync_api import expect

from matches.services import change_status
from players.links import personal_link_url
from stages.models import Match
from tests.browser.test_umpire_and_player import knockout_of_four


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_call_reaches_the_open_page_at_once(live_server, phone, tmp_path):
    tournament, stage, semi, top_seed = knockout_of_four()
    top_seed.email = "anil@example.org"
    top_seed.save()
    phone.goto(live_server.url + personal_link_url(tournament, top_seed))
    expect(phone.locator("#live-notice")).to_be_hidden()
    expect(phone.locator(".call-now")).to_have_count(0)
    phone.screenshot(path=tmp_path / "before.png", full_page=True)

    change_status(Match.objects.get(pk=semi.pk), Match.Status.CALLED)  # the secretary calls the semi-final
    phone.evaluate("window.dispatchEvent(new Event('focus'))")  # live.js checks at once on focus
    expect(phone.locator("#live-notice")).to_be_visible()
    expect(phone.locator(".call-now")).to_have_text(f"Go to table {semi.table} now")
    expect(phone.locator("#latest-news")).to_contain_text(f"Go to table {semi.table} now")
    expect(phone.locator(".next-time")).not_to_contain_text("to be announced")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    phone.screenshot(path=tmp_path / "after.png", full_page=True)
    assert [sent.to for sent in mail.outbox] == [["anil@example.org"]]

    # The four-player bracket fits the screen: no sideways hint.
    phone.goto(live_server.url + reverse("stage-detail", args=[tournament.slug, stage.pk]))
    expect(phone.locator(".bracket-scroll")).to_be_visible()
    expect(phone.locator(".scroll-hint")).to_be_hidden()
