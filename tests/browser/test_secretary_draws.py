"""A secretary draws groups and a knockout in a real browser, on a phone-sized screen."""

import re

import pytest
from playwright.sync_api import expect

from stages.models import Stage
from stages.selectors import group_standings
from tests.browser.conftest import log_in
from tests.factories import EntryFactory, EventFactory, TournamentFactory, UserFactory

SCREENSHOT = "/tmp/secretary-draws.png"
GROUPS_SCREENSHOT = "/tmp/secretary-draws-groups.png"


def add_stage(page, event_url, fields, selects):
    page.goto(event_url)
    page.get_by_role("link", name="Add stage").click()
    for field, value in selects.items():  # first the kind: the form then shows that kind's options
        page.select_option(f"#id_{field}", **value)
    for field, value in fields.items():
        page.fill(f"#id_{field}", value)
    page.get_by_role("button", name="Save stage").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(fields["name"])


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_secretary_draws_groups_then_knockout(live_server, phone):
    page = phone
    secretary = UserFactory(username="secretary")
    tournament = TournamentFactory(status="published")
    tournament.secretaries.add(secretary)
    event = EventFactory(tournament=tournament, name="Open singles", rule_set="icf")
    seeds = {EntryFactory(event=event, seed=seed).name: seed for seed in range(1, 9)}
    event_url = live_server.url + event.get_absolute_url()

    log_in(page, live_server, "secretary", event.get_absolute_url())
    expect(page.get_by_role("heading", level=1)).to_have_text("Open singles")

    add_stage(page, event_url, {"name": "Groups", "group_count": "2"}, {"kind": {"value": "groups"}})
    add_stage(
        page,
        event_url,
        {"name": "Knockout", "qualifiers": "2"},
        {"kind": {"value": "knockout"}, "source": {"label": "Open singles: Groups"}},
    )

    page.goto(event_url)
    page.get_by_role("link", name="Groups", exact=True).click()
    page.get_by_role("button", name="Draw").click()
    expect(page.locator(".message.success")).to_contain_text("preview")
    page.get_by_role("button", name="Publish stage").first.click()  # the one above the pairings
    expect(page.locator(".message")).to_contain_text("published")

    # Every group match through the result forms: the better seed wins in two games.
    forms = page.locator("form.result-inline")
    for _ in range(12):
        form = forms.first
        a, b = re.fullmatch(
            r"Games of (.+) v (.+)", form.locator("input[name=games]").get_attribute("aria-label")
        ).groups()
        form.locator("input[name=games]").fill("25-10, 25-12" if seeds[a] < seeds[b] else "10-25, 12-25")
        form.get_by_role("button", name="Save").click()
        expect(page.locator(".message")).to_contain_text("Result saved")
    expect(forms).to_have_count(0)
    page.screenshot(path=GROUPS_SCREENSHOT, full_page=True)
    page.get_by_role("button", name="Finish stage").click()
    page.get_by_role("button", name="Yes, finish Groups").click()  # finishing asks once more
    expect(page.locator(".message")).to_contain_text("is finished")

    page.goto(event_url)
    page.get_by_role("link", name="Knockout", exact=True).click()
    page.get_by_role("button", name="Draw").click()
    page.get_by_role("button", name="Publish stage").first.click()  # the one above the pairings
    expect(page.locator(".bracket-match")).to_have_count(3)  # two semi-finals and the final

    tables = group_standings(Stage.objects.get(name="Groups"))
    winners = {rows[0].name for rows in tables.values()}
    runners_up = {rows[1].name for rows in tables.values()}
    for box in page.locator(".bracket-round").first.locator(".bracket-match").all():
        names = set(box.locator(".name").all_inner_texts())
        assert len(names & winners) == 1 and len(names & runners_up) == 1, names
    page.screenshot(path=SCREENSHOT, full_page=True)
