"""A round's 32 results typed at the desk by keyboard, on a desktop: each row's games, Enter, the next row. The
test counts the keys and the seconds (the desk's target: a round's results in under two minutes)."""

import random
import time

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from matches.scoring.models import Game
from stages.models import Match, Stage
from stages.services import pair_swiss_round, publish_round
from tests.browser.conftest import log_in, new_page
from tests.factories import PASSWORD, EntryFactory, EventFactory, TournamentFactory, UserFactory

DESKTOP = {"width": 1366, "height": 900}
SCREENSHOT = "/tmp/results-grid.png"


@pytest.fixture
def desktop(browser):
    return new_page(browser, DESKTOP)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_rounds_32_results_by_keyboard_in_under_two_minutes(live_server, desktop):
    page = desktop
    tournament, rnd = swiss_round(entries=64, rounds_planned=5)
    matches = list(rnd.matches.exclude(entry_b=None).order_by("table", "number"))
    assert len(matches) == 32

    log_in(page, live_server, "secretary", reverse("round-detail", args=[tournament.slug, rnd.pk]))
    page.get_by_role("link", name="Enter the round's results").click()
    expect(page.locator("tr.open input")).to_have_count(32)
    # Ready when the cursor is in the first row, as the secretary sees it: the rows are read-only until the grid's
    # script has run (the link's click does not wait for the page's scripts, which a loaded machine serves late).
    expect(page.locator("tr.open input").first).to_be_focused()

    keys, started, typed = 0, time.monotonic(), {}
    for number, match in enumerate(matches):
        # A winner in two games, or in three; one row typed wrong first (ICF 57: one game is not a match).
        games = ["25-10, 25-12", "12-25, 25-3, 25-7", "25-10"][number % 3 if number == 5 else number % 2]
        page.keyboard.type(games)
        page.keyboard.press("Enter")
        keys += len(games) + 1
        typed[match.pk] = games
    row = page.locator(f'tr[data-match="{matches[5].pk}"]')
    expect(row.locator(".row-state")).to_contain_text("ICF")  # refused on its row, what was typed kept
    expect(row.locator("input")).to_have_value("25-10")
    row.locator("input").fill("25-10, 25-4")
    row.locator("input").press("Enter")
    keys += len("25-10, 25-4") + 1
    typed[matches[5].pk] = "25-10, 25-4"
    expect(page.locator("tr.open")).to_have_count(0, timeout=60_000)  # each row saves on its own
    expect(page.locator(".grid-left")).to_have_text("0 matches to enter.")
    expect(page.locator("tr.refused")).to_have_count(0)
    expect(page.locator("tr.done .row-state")).to_have_text(["Saved"] * 32)
    seconds = time.monotonic() - started
    page.screenshot(path=SCREENSHOT, full_page=True)
    print(f"32 results from the desk grid: {keys} keys in {seconds:.1f} s")

    assert seconds < 120
    assert Match.objects.filter(round=rnd, status=Match.Status.CONFIRMED).exclude(entry_b=None).count() == 32
    three_games = Match.objects.get(pk=matches[1].pk)
    assert (three_games.games_a, three_games.games_b) == (2, 1)
    # Each row saved the games typed on it: no keystroke lost, none run into the next row.
    saved = {pk: [] for pk in typed}
    for game in Game.objects.filter(match__in=typed).order_by("number"):
        saved[game.match_id].append(f"{game.score_a}-{game.score_b}")
    assert {pk: ", ".join(games) for pk, games in saved.items()} == typed


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_grid_answers_in_the_pages_language(live_server, browser):
    """The grid's own words come from the JavaScript catalogue, whose script runs after the grid's: they are looked
    up when shown, not when the grid starts."""
    tournament, rnd = swiss_round(entries=4, rounds_planned=3)
    page = new_page(browser, DESKTOP)
    page.context.add_cookies([{"name": "django_language", "value": "fr", "url": live_server.url}])
    page.goto(f"{live_server.url}{reverse('login')}?next={reverse('round-results', args=[tournament.slug, rnd.pk])}")
    page.fill("#id_username", "secretary")
    page.fill("#id_password", PASSWORD)
    page.locator("#id_password").press("Enter")
    expect(page.locator("tr.open input").first).to_be_focused()
    page.keyboard.type("25-10, 25-12")
    page.keyboard.press("Enter")
    expect(page.locator("tr.done .row-state")).to_have_text("Enregistré")
    expect(page.locator(".grid-left")).to_have_text("1 match à saisir.")


def swiss_round(entries, rounds_planned):
    """A published tournament whose secretary is "secretary", an ICF singles event of `entries` seeded entries and
    the first round of its Swiss stage, paired and published: (tournament, round)."""
    secretary = UserFactory(username="secretary")
    tournament = TournamentFactory(status="published")
    tournament.secretaries.add(secretary)
    event = EventFactory(tournament=tournament, name="Open singles", rule_set="icf")
    for seed in range(1, entries + 1):
        EntryFactory(event=event, seed=seed)
    stage = Stage.objects.create(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=rounds_planned)
    return tournament, publish_round(pair_swiss_round(stage, random.Random(3)))
