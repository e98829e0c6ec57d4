"""On a phone: the secretary invites a new umpire from the Officials page, the umpire chooses a password through
the set-password link, logs in, accepts the invitation on their account page and finds their matches on "My
matches"."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from stages.models import Match
from tests.browser.conftest import PHONE, log_in
from tests.factories import (
    EntryFactory,
    EventFactory,
    MatchFactory,
    RoundFactory,
    StageFactory,
    TournamentFactory,
    UserFactory,
)

NEW_PASSWORD = "Striker-and-queen-77"


def fits(page):
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_new_umpire_is_invited_sets_a_password_accepts_and_finds_their_matches(live_server, phone, tmp_path):
    secretary = UserFactory(username="secretary", first_name="Sita", last_name="Menon")
    tournament = TournamentFactory(status="published", name="Bengaluru Carrom Open")
    tournament.secretaries.add(secretary)
    tournament.chief_referees.add(UserFactory(username="chief", first_name="Meera", last_name="Nair"))

    log_in(phone, live_server, "secretary", tournament.get_absolute_url())
    phone.get_by_role("link", name="Officials").click()
    expect(phone.get_by_role("heading", name="Officials", exact=True)).to_be_visible()
    create = phone.locator("#create")
    create.get_by_label("Role").select_option("umpire")
    create.get_by_label("Name:", exact=True).fill("Ravindra Krishnamurthy Venkataraman")
    create.get_by_role("button", name="Create and invite").click()
    expect(phone.locator("#new-account")).to_contain_text("ravindra.krishnamurthy.venkataraman")
    expect(phone.locator("#officials-umpire")).to_contain_text("None yet.")  # until they accept
    assert fits(phone)
    phone.screenshot(path=str(tmp_path / "officials.png"), full_page=True)
    link = phone.locator("#new-account .url a").get_attribute("href")

    # The last secretary cannot leave: the page says why.
    phone.locator("#officials-secretary").get_by_role("button", name="Remove Sita Menon").click()
    expect(phone.locator(".message.error")).to_contain_text("is the last secretary of this tournament")
    assert fits(phone)

    umpire = User.objects.get(username="ravindra.krishnamurthy.venkataraman")
    event = EventFactory(tournament=tournament, name="Men's singles")
    rnd = RoundFactory(stage=StageFactory(event=event, name="Swiss"))
    soon = timezone.now() + timedelta(minutes=20)
    for number, table in ((1, 3), (2, 7)):
        MatchFactory(
            round=rnd,
            number=number,
            table=table,
            planned_at=soon + timedelta(minutes=45 * number),
            umpire=umpire,
            entry_a=EntryFactory(event=event),
            entry_b=EntryFactory(event=event),
        )
    MatchFactory(round=rnd, number=3, table=1, umpire=umpire, status=Match.Status.CONFIRMED, score_a=25, score_b=9)

    # The new umpire, on their own phone.
    other = phone.context.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = other.new_page()
    page.goto(link)
    expect(page.get_by_role("heading", name="Choose your password")).to_be_visible()
    page.fill("#id_new_password1", NEW_PASSWORD)
    page.fill("#id_new_password2", NEW_PASSWORD)
    page.screenshot(path=str(tmp_path / "set-password.png"), full_page=True)
    assert fits(page)
    page.get_by_role("button", name="Save my password").click()
    expect(page.get_by_role("heading", name="Password saved")).to_be_visible()
    page.get_by_role("link", name="Log in").last.click()
    page.fill("#id_username", "ravindra.krishnamurthy.venkataraman")
    page.fill("#id_password", NEW_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="An invitation to be an official is waiting for your answer.").click()
    invitations = page.locator("#invitations")
    expect(invitations).to_contain_text("Bengaluru Carrom Open")
    assert fits(page)
    page.screenshot(path=str(tmp_path / "account.png"), full_page=True)
    invitations.get_by_role("button", name="Accept").click()
    expect(page.locator(".message.success")).to_contain_text("is now an umpire of Bengaluru Carrom Open")
    page.get_by_role("link", name="My matches as umpire").click()
    cards = page.locator(".umpire-matches .match")
    expect(cards).to_have_count(2)
    expect(cards.first).to_contain_text("T3")
    expect(page.locator(".umpire-finished")).to_contain_text("25–9")
    assert fits(page)
    page.screenshot(path=str(tmp_path / "my-matches.png"), full_page=True)
    cards.first.get_by_role("link", name="Score card").click()
    assert page.url.endswith(reverse("match-card", args=[tournament.slug, rnd.matches.get(number=1).pk]))
    other.close()
