"""A round's 32 results typed at the desk by keyboard, on a desktop: each row's games, Enter, the next row. The
test counts the keys and the seconds (the desk's target: a round's results in under two minutes)."""

import random
import time

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from stages.models import Match, Stage
from stages.services import pair_swiss_round, publish_round
from tests.browser.conftest import log_in, new_page
from tests.factories import EntryFactory, EventFactory, TournamentFactory, UserFactory

DESKTOP = {"width": 1366, "height": 900}
SCREENSHOT = "/tmp/results-grid.png"


@pytest.fixture
def desktop(browser):
    return new_page(browser, DESKTOP)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_rounds_32_results_by_keyboard_in_under_two_minutes(live_server, desktop):
    page = desktop
    secretary = UserFactory(username="secretary")
    tournament = TournamentFactory(status="published")
    tournament.secretaries.add(secretary)
    event = EventFactory(tournament=tournament, name="Open singles", rule_set="icf")
    for seed in range(1, 65):
        EntryFactory(event=event, seed=seed)
    stage = Stage.objects.create(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=5)
    rnd = publish_round(pair_swiss_round(stage, random.Random(3)))
    matches = list(rnd.matches.exclude(entry_b=None).order_by("table", "number"))
    assert len(matches) == 32

    log_in(page, live_server, "secretary", reverse("round-detail", args=[tournament.slug, rnd.pk]))
    page.get_by_role("link", name="Enter the round's results").click()
    expect(page.locator("tr.open input")).to_have_count(32)

    keys, started = 0, time.monotonic()
    for number in range(len(matches)):
        # A winner in two games, or in three; one row typed wrong first (ICF 57: one game is not a match).
        games = ["25-10, 25-12", "12-25, 25-3, 25-7", "25-10"][number % 3 if number == 5 else number % 2]
        page.keyboard.type(games)
        page.keyboard.press("Enter")
        keys += len(games) + 1
    row = page.locator(f'tr[data-match="{matches[5].pk}"]')
    expect(row.locator(".row-state")).to_contain_text("ICF")  # refused on its row, what was typed kept
    expect(row.locator("input")).to_have_value("25-10")
    row.locator("input").fill("25-10, 25-4")
    row.locator("input").press("Enter")
    keys += len("25-10, 25-4") + 1
    expect(page.locator("tr.open")).to_have_count(0, timeout=60_000)  # each row saves on its own
    expect(page.locator(".grid-left")).to_have_text("0 matches to enter.")
    seconds = time.monotonic() - started
    page.screenshot(path=SCREENSHOT, full_page=True)
    print(f"32 results from the desk grid: {keys} keys in {seconds:.1f} s")

    assert seconds < 120
    assert Match.objects.filter(round=rnd, status=Match.Status.CONFIRMED).exclude(entry_b=None).count() == 32
    three_games = Match.objects.get(pk=matches[1].pk)
    assert (three_games.games_a, three_games.games_b) == (2, 1)
