"""Federations send their players: the secretary invites three federations and gives each its places in the men's
singles; three delegates, each on a 390-px phone with their own link, enter players; one is refused past its
places, one for his age, each with the reason on the form; the secretary closes the entries and a delegate can add
no more; on the day the roll call withdraws the two who did not come, and the draw runs without them."""

import re
from datetime import date

import pytest
from django.db.models import Q
from django.urls import reverse
from playwright.sync_api import expect

from stages.models import Match, Stage
from tests.browser.conftest import PHONE, log_in, new_page, page_width, shot
from tests.factories import (
    ClubFactory,
    EventEligibilityFactory,
    EventFactory,
    StageFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.models import Entry, Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}


def enter(phone, first_name, last_name, sex="M", born="2001-05-04", country="IND"):
    phone.select_option("#id_event", label="Men's singles")
    phone.fill("#id_first_name", first_name)
    phone.fill("#id_last_name", last_name)
    phone.select_option("#id_sex", value=sex)
    phone.fill("#id_date_of_birth", born)
    phone.fill("#id_country", country)
    phone.get_by_role("button", name="Enter the player").click()


def test_three_delegates_enter_players_within_their_places_until_entries_close(browser, live_server):
    secretary = UserFactory(secretary=True)
    tournament = TournamentFactory(status="published", name="Asian Carrom Championship")
    tournament.secretaries.add(secretary)
    event = EventFactory(tournament=tournament, name="Men's singles", category=Event.Category.MEN)
    EventEligibilityFactory(event=event, born_on_or_after=date(1985, 1, 1))  # an under-42 championship
    ClubFactory(name="All India Carrom Federation", country="IND", is_federation=True)
    url = reverse("federations", args=[tournament.slug])

    desk = new_page(browser, DESKTOP)
    log_in(desk, live_server, secretary.username, url)
    desk.get_by_role("button", name="Open entries to Men's singles").click()
    desk.wait_for_selector("text=Entries to Men's singles are open.")
    desk.select_option("#id_federation", label="All India Carrom Federation")
    desk.get_by_role("button", name="Invite", exact=True).click()
    desk.wait_for_selector("text=All India Carrom Federation is invited.")
    for name, country in (("Sri Lanka Carrom Federation", "LKA"), ("Maldives Carrom Federation", "MDV")):
        desk.fill("#id_name", name)
        desk.fill("#id_country", country)
        desk.get_by_role("button", name="Invite", exact=True).click()
        desk.wait_for_selector(f"text={name} is invited.")

    places = {"All India Carrom Federation": 3, "Sri Lanka Carrom Federation": 1, "Maldives Carrom Federation": 2}
    links = {}
    for name, count in places.items():
        section = desk.locator("section.federation", has=desk.get_by_role("heading", name=re.compile(name)))
        section.get_by_label("Men's singles").fill(str(count))
        section.get_by_role("button", name="Save the places").click()
        desk.wait_for_selector(f"text=The places of {name} are saved.")
        section = desk.locator("section.federation", has=desk.get_by_role("heading", name=re.compile(name)))
        links[name] = section.locator(".personal-link a.url").get_attribute("href")

    phones = {name: new_page(browser, PHONE) for name in places}
    india, lanka, maldives = phones.values()
    india.goto(links["All India Carrom Federation"])
    enter(india, "Ravi", "Kumar")
    india.wait_for_selector("text=Ravi Kumar entered in Men's singles.")
    enter(india, "Arjun", "Singh", born="1999-01-30")
    india.wait_for_selector("text=Arjun Singh entered in Men's singles.")
    enter(india, "Vikram", "Rao", born="1996-11-02")
    india.wait_for_selector("text=Vikram Rao entered in Men's singles.")
    assert "3 of 3" in india.locator("#places").inner_text()
    assert page_width(india) <= 390
    shot(india, "federation-delegate-phone")

    lanka.goto(links["Sri Lanka Carrom Federation"])
    enter(lanka, "Nishantha", "Fernando", country="LKA")
    lanka.wait_for_selector("text=Nishantha Fernando entered in Men's singles.")
    enter(lanka, "Chamil", "Cooray", country="LKA")
    refusal = lanka.get_by_role("alert").filter(has_text="has used its 1 place")
    assert refusal.inner_text().strip() == "Sri Lanka Carrom Federation has used its 1 place in Men's singles."
    assert lanka.input_value("#id_first_name") == "Chamil"  # the form keeps what was typed
    assert page_width(lanka) <= 390
    shot(lanka, "federation-delegate-refused")

    maldives.goto(links["Maldives Carrom Federation"])
    enter(maldives, "Ibrahim", "Naseem", born="1971-02-14", country="MDV")
    refusal = maldives.get_by_role("alert").filter(has_text="Ibrahim Naseem")
    expect(refusal).to_contain_text("may not enter Men's singles")
    expect(refusal).to_contain_text("1985")  # the rule he fails: born on or after 1 January 1985
    enter(maldives, "Ahmed", "Shiyam", country="MDV")
    maldives.wait_for_selector("text=Ahmed Shiyam entered in Men's singles.")
    enter(maldives, "Hussain", "Rasheed", born="1992-08-09", country="MDV")
    maldives.wait_for_selector("text=Hussain Rasheed entered in Men's singles.")

    desk.reload()
    desk.get_by_role("button", name="Close entries to Men's singles").click()
    desk.wait_for_selector("text=Entries to Men's singles are closed.")
    log = desk.locator("#delegates-log").inner_text()
    assert log.count("Entered") == 6 and "Chamil" not in log and "Ibrahim" not in log
    shot(desk, "federations-secretary-desktop")

    enter(maldives, "Mohamed", "Rasheed", country="MDV")
    refusal = maldives.get_by_role("alert").filter(has_text="not open")
    assert refusal.inner_text().strip() == "Entries to Men's singles are not open."
    shot(maldives, "federation-delegate-closed")
    assert sorted(Entry.objects.filter(event=event).values_list("name", flat=True)) == [
        "Ahmed Shiyam",
        "Arjun Singh",
        "Hussain Rasheed",
        "Nishantha Fernando",
        "Ravi Kumar",
        "Vikram Rao",
    ]
    roll_call_and_draw(desk, live_server, event)


def roll_call_and_draw(desk, live_server, event):
    """The day: four of the six come; the roll call withdraws the other two and the draw leaves them out."""
    stage = StageFactory(event=event, kind=Stage.Kind.ROUND_ROBIN, name="League")
    absent = list(Entry.objects.filter(event=event, name__in=["Arjun Singh", "Hussain Rasheed"]))
    desk.goto(live_server.url + event.get_absolute_url())
    desk.get_by_role("link", name="Roll call").click()
    for entry in Entry.objects.filter(event=event).exclude(pk__in=[e.pk for e in absent]):
        desk.locator(f"#entry-{entry.pk} button").click()
        expect(desk.locator(f"#entry-{entry.pk} button")).to_have_attribute("aria-pressed", "true")
    desk.get_by_role("link", name="Withdraw the absent…").click()
    expect(desk.locator(".absent-list li")).to_have_text(["Arjun Singh", "Hussain Rasheed"])
    desk.get_by_role("button", name="Withdraw these 2 entries").click()
    expect(desk.locator(".message.success")).to_contain_text("the draw takes the 4 present")
    desk.goto(live_server.url + stage.get_absolute_url())
    desk.get_by_role("button", name="Draw").click()
    expect(desk.locator(".message.success")).to_contain_text("preview")
    matches = Match.objects.filter(stage=stage)
    assert matches.count() == 6  # a round robin of the four present
    assert not matches.filter(Q(entry_a__in=absent) | Q(entry_b__in=absent)).exists()
