"""Entries from outside in a real browser: an office colleague signs up for the office singles on a 390-px phone,
confirms from the link the site e-mailed (read from the outbox), lands on the waiting list (the event is full);
then the secretary withdraws an entry at the desk, and the colleague is entered and told by e-mail."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from registration.models import SignUp
from registration.services import set_registration
from tests.browser.conftest import PHONE, log_in, new_page
from tests.factories import EntryFactory, EventFactory, PlayerFactory, TournamentFactory, UserFactory
from tournaments import tasks
from tournaments.eligibility import set_eligibility
from tournaments.models import EventEligibility, OutgoingMail

LINK = re.compile(r"http://\S+/sign-up/\S+/")
SHOTS = "/tmp/sign-up-{}.png"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_colleague_signs_up_on_a_phone_waits_and_is_entered_when_a_place_frees(live_server, browser, monkeypatch):
    # No mail worker beside the live server: the mails stay in the outbox, body and all, where the test reads them.
    monkeypatch.setattr(tasks, "hand_over", lambda mail_ids: None)
    secretary = UserFactory(username="secretary")
    tournament = TournamentFactory(status="published", name="Office Carrom League")
    tournament.secretaries.add(secretary)
    event = EventFactory(tournament=tournament, name="Office singles", rule_set="office")
    for name in ("Asha", "Ravi"):
        EntryFactory(event=event, members=[PlayerFactory(first_name=name, last_name="Desk", country="IND")])
    set_registration(event, public_sign_up=True, cap=2)

    phone = new_page(browser, PHONE)
    phone.goto(live_server.url + event.get_absolute_url())
    phone.get_by_role("link", name="Sign up for this event").click()
    phone.get_by_label("First name").fill("Mira")
    phone.get_by_label("Last name").fill("Lenoir")
    phone.locator("#id_club").fill("Office Lyon")
    phone.locator("#id_country").fill("fra")
    phone.get_by_label("E-mail").fill("mira@example.org")
    phone.screenshot(path=SHOTS.format("form-phone"), full_page=True)
    phone.get_by_role("button", name="Sign up").click()
    expect(phone.get_by_role("heading", name="Check your e-mail")).to_be_visible()
    assert not_wider_than_the_phone(phone)

    mail = OutgoingMail.objects.get(to="mira@example.org")
    link = LINK.search(mail.body).group(0)
    phone.goto(link)
    expect(phone.get_by_role("button", name="Confirm my sign-up")).to_be_visible()
    assert SignUp.objects.get().status == SignUp.Status.PENDING  # opening the link changed nothing
    phone.get_by_role("button", name="Confirm my sign-up").click()
    expect(phone.locator(".confirm-state")).to_contain_text("Office singles is full: you are on its waiting list")
    expect(phone.locator(".confirm-state")).to_contain_text("place 1")
    phone.screenshot(path=SHOTS.format("waiting-phone"), full_page=True)

    desk = new_page(browser, {"width": 1280, "height": 900})
    log_in(desk, live_server, "secretary", event.get_absolute_url())
    desk.get_by_role("link", name="Entries window and sign-ups").click()
    row = desk.locator("li.sign-up.waiting")
    expect(row).to_contain_text("1. Mira Lenoir")
    expect(row).to_contain_text("mira@example.org")
    desk.screenshot(path=SHOTS.format("window-desk"), full_page=True)
    desk.goto(live_server.url + event.get_absolute_url())
    desk.get_by_role("link", name="Ravi Desk").click()
    desk.get_by_role("button", name="Withdraw").click()
    expect(desk.locator(".message.success")).to_contain_text("Ravi Desk is withdrawn")
    expect(desk.locator("table.entries")).to_contain_text("Mira Lenoir")

    sign_up = SignUp.objects.get()
    assert sign_up.status == SignUp.Status.ENTERED and sign_up.entry.event == event
    told = OutgoingMail.objects.get(to="mira@example.org", subject="You are entered in Office singles")
    assert event.get_absolute_url() in told.body
    phone.goto(link)
    expect(phone.locator(".confirm-state")).to_contain_text("You are entered in Office singles.")
    desk.goto(live_server.url + reverse("registration-window", args=[tournament.slug, event.pk]))
    expect(desk.locator("li.sign-up.entered")).to_contain_text("signed up on")
    phone.goto(live_server.url + reverse("registration-window", args=[tournament.slug, event.pk]))
    log_in(phone, live_server, "secretary", reverse("registration-window", args=[tournament.slug, event.pk]))
    expect(phone.locator("li.sign-up.entered")).to_be_visible()
    phone.screenshot(path=SHOTS.format("window-phone"), full_page=True)
    assert not_wider_than_the_phone(phone)
    phone.context.close()
    desk.context.close()


def not_wider_than_the_phone(page):
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_womens_event_asks_her_sex_refuses_a_man_and_she_keeps_her_name_private(live_server, browser, monkeypatch):
    monkeypatch.setattr(tasks, "hand_over", lambda mail_ids: None)
    tournament = TournamentFactory(status="published", name="Lyon Open")
    event = EventFactory(tournament=tournament, name="Women's singles")
    set_eligibility(event, sex=EventEligibility.Sex.WOMEN)  # ECC: the women's event is for women
    set_registration(event, public_sign_up=True)

    phone = new_page(browser, PHONE)
    phone.goto(live_server.url + reverse("sign-up", args=[tournament.slug, event.pk]))
    for field, value in (("first_name", "Marc"), ("last_name", "Lenoir"), ("country", "fra"), ("email", "m@x.org")):
        phone.locator(f"#id_{field}").fill(value)
    phone.locator("#id_sex").select_option("M")
    phone.get_by_role("button", name="Sign up").click()
    expect(phone.get_by_role("alert")).to_contain_text("Marc Lenoir may not enter Women's singles: Women only.")
    assert not SignUp.objects.exists() and not OutgoingMail.objects.exists()

    phone.get_by_label("First name").fill("Mira")
    phone.get_by_label("E-mail").fill("mira@example.org")
    phone.locator("#id_sex").select_option("F")
    phone.get_by_label("Publish my name, club and country in lists and results").uncheck()
    phone.screenshot(path=SHOTS.format("women-form-phone"), full_page=True)
    assert not_wider_than_the_phone(phone)
    phone.get_by_role("button", name="Sign up").click()
    expect(phone.get_by_role("heading", name="Check your e-mail")).to_be_visible()
    phone.goto(LINK.search(OutgoingMail.objects.get(to="mira@example.org").body).group(0))
    phone.get_by_role("button", name="Confirm my sign-up").click()
    expect(phone.locator(".confirm-state")).to_contain_text("You are entered in Women's singles.")
    phone.goto(live_server.url + event.get_absolute_url())
    expect(phone.locator("table.entries")).to_contain_text("M. L.")
    expect(phone.locator("table.entries")).not_to_contain_text("Lenoir")
    player = SignUp.objects.get().entry.members.get().player
    assert (player.sex, player.publish_name, player.consent_source) == ("F", False, "signup")
    phone.context.close()
