"""The roll call before the draw in a real browser: the secretary, on a 390 px phone, taps present every entry
but two (the search box finds each), confirms the withdrawal of the two absent on a page that names them, draws
the groups, and the two are in no match."""

import pytest
from django.db.models import Q
from playwright.sync_api import expect

from stages.models import Match, Stage
from tests.browser.conftest import log_in
from tests.factories import EntryFactory, EventFactory, StageFactory, TournamentFactory, UserFactory

DESK_SHOT = "/tmp/roll-call-desk.png"
CONFIRM_SHOT = "/tmp/roll-call-confirm.png"
STAGE_SHOT = "/tmp/roll-call-drawn.png"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_secretary_withdraws_the_two_absent_then_draws_without_them(live_server, phone):
    page = phone
    secretary = UserFactory(username="secretary")
    tournament = TournamentFactory(status="published")
    tournament.secretaries.add(secretary)
    event = EventFactory(tournament=tournament, name="Open singles")
    entries = [EntryFactory(event=event, seed=seed) for seed in range(1, 11)]
    stage = StageFactory(event=event, kind=Stage.Kind.GROUPS, group_count=2, name="Groups")
    absent = entries[3], entries[7]

    log_in(page, live_server, "secretary", event.get_absolute_url())
    page.get_by_role("link", name="Roll call").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Roll call: Open singles")
    search = page.get_by_role("searchbox")
    for entry in entries:
        if entry in absent:
            continue
        search.fill(entry.name)  # the list narrows as one types; one tap marks the entry
        button = page.locator(f"#entry-{entry.pk} button")
        button.click()
        expect(page.locator(f"#entry-{entry.pk} button")).to_have_attribute("aria-pressed", "true")
    search.fill("")
    expect(page.locator(".roll-counts")).to_have_text("8 present, 2 not marked")
    page.screenshot(path=DESK_SHOT, full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone

    page.get_by_role("link", name="Withdraw the absent…").click()
    expect(page.locator(".absent-list li")).to_have_text([e.name for e in sorted(absent, key=lambda e: e.name)])
    page.screenshot(path=CONFIRM_SHOT, full_page=True)
    page.get_by_role("button", name="Withdraw these 2 entries").click()
    expect(page.locator(".message.success")).to_contain_text(
        "2 absent entries withdrawn: the draw takes the 8 present."
    )

    page.goto(live_server.url + stage.get_absolute_url())
    page.get_by_role("button", name="Draw").click()
    expect(page.locator(".message.success")).to_contain_text("preview")
    page.screenshot(path=STAGE_SHOT, full_page=True)

    matches = Match.objects.filter(stage=stage)
    assert matches.count() == 12  # two groups of four, each a round robin of six matches
    assert not matches.filter(Q(entry_a__in=absent) | Q(entry_b__in=absent)).exists()
    for entry in absent:
        expect(page.get_by_text(entry.name)).to_have_count(0)
