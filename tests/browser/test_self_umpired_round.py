"""An ECC Swiss round of the demo, self-umpired on the players' phones with no accounts: two phone contexts per match
(one browser), each player on their own links. Both players check themselves in on their personal page; in the
first match one side enters the card board by board and the other confirms; in the second they disagree and the
chief referee, signed in, settles. The other matches are recorded through the services; the standings follow and
the next round can be drawn."""

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from matches.scheduling.services import call_round, schedule_round
from matches.scoring.services import record_result
from players import links
from stages.models import Match, Stage
from stages.services import draw_stage, pair_swiss_round, publish_stage
from tests.browser.conftest import PHONE, log_in
from tests.factories import PASSWORD
from tournaments.models import Event
from tournaments.venue import venue_of

# ECC: 12 (9 c/m + queen), 12, 1: a game of 25-0 in three boards.
GAME_25_0 = [(9, "covered_by_winner"), (9, "covered_by_winner"), (1, "")]


def demo_round(monkeypatch):
    """The demo's Eurocup singles (64 players, ecc): a Swiss stage drawn, published, scheduled on 32 tables and
    called ("Start", ECC 18), as the secretary's pages do it. The demo's officials get the tests' password."""
    monkeypatch.setenv("DEMO_PASSWORD", PASSWORD)
    call_command("load_demo")
    event = Event.objects.get(tournament__slug="eurocup-demo-2026", name="Eurocup singles")
    secretary = User.objects.get(username="secretary")
    stage = Stage.objects.get(event=event, kind=Stage.Kind.SWISS)  # the demo's, ready to pair
    draw_stage(stage)
    publish_stage(stage)
    venue = venue_of(event.tournament)
    venue.tables = 32
    venue.save()
    rnd = stage.rounds.get(number=1)
    schedule_round(rnd, timezone.now(), user=secretary)
    call_round(rnd, user=secretary)
    return event.tournament, stage, rnd, secretary


def player_of(match, side):
    return getattr(match, f"entry_{side}").members.get().player


def phones(browser, count):
    """`count` phones: separate contexts of one browser, no account, nothing shared."""
    pages = []
    for _ in range(count):
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        page = context.new_page()
        page.set_default_timeout(15_000)
        pages.append(page)
    return pages


def check_in(page, live_server, tournament, match, side):
    """The player taps "I am at table N" on their personal page (ECC 18: within the reporting window)."""
    page.goto(live_server.url + links.personal_link_url(tournament, player_of(match, side)))
    page.locator(".checkin-button").click()
    expect(page.locator("#self-checkin")).to_contain_text(str(match.table))


def enter_board(page, number, coins, queen):
    form = page.locator("#board")
    expect(form.locator("h2")).to_contain_text(f"Board {number}")
    form.locator("label.pick", has_text="A ·").first.click()
    form.locator("input[name='board-coins_left_of_loser']").fill(str(coins))
    form.locator("select[name='board-queen']").select_option(queen)
    form.get_by_role("button", name=f"Enter board {number}").click()
    expect(page.locator(".messages, [role='status']").first).to_be_visible()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_self_umpired_ecc_round_on_the_players_phones(live_server, phone, monkeypatch):
    tournament, stage, rnd, secretary = demo_round(monkeypatch)
    first, second, *others = rnd.matches.exclude(entry_b=None).order_by("table")
    a1, b1, a2, b2 = phones(phone.context.browser, 4)

    for page, match, side in ((a1, first, "a"), (b1, first, "b"), (a2, second, "a"), (b2, second, "b")):
        check_in(page, live_server, tournament, match, side)
    for match in (first, second):
        match.refresh_from_db()
        assert match.reported_a_at and match.reported_b_at

    # Match 1: side A enters the card board by board; side B confirms with its own link.
    a1.goto(live_server.url + links.match_link_url(first, "a"))
    expect(a1.locator("#side-panel")).to_contain_text("You are side A")
    for number, (coins, queen) in enumerate(GAME_25_0, 1):
        enter_board(a1, number, coins, queen)
    expect(a1.locator("#side-panel")).to_contain_text("confirm")
    b1.goto(live_server.url + links.match_link_url(first, "b"))
    expect(b1.locator("#side-panel")).to_contain_text("25–0")
    assert b1.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # fits the phone
    b1.get_by_role("button", name="Confirm result").click()
    expect(b1.locator("#side-panel")).to_contain_text("Result confirmed")

    # Match 2: side A enters a final score; side B disagrees with its own version.
    a2.goto(live_server.url + links.match_link_url(second, "a"))
    a2.locator("#final summary").click()
    a2.locator("input[name='final-games']").fill("25-10")
    a2.get_by_role("button", name="Enter the final score").click()
    expect(a2.locator("#side-panel")).to_contain_text("the player of the other side confirms it")
    b2.goto(live_server.url + links.match_link_url(second, "b"))
    b2.locator("#disagree summary").click()
    b2.locator("input[name='disagree-games']").fill("10-25")
    b2.locator("input[name='disagree-note']").fill("I won the last board")
    b2.get_by_role("button", name="Send my version to the chief referee").click()
    expect(b2.locator("#side-panel")).to_contain_text("the chief referee decides")

    # The chief referee, signed in, goes from the match page to the settle page and takes side B's version.
    chief = phone.context.browser.new_context(viewport=PHONE, is_mobile=True).new_page()
    log_in(chief, live_server, "chief", reverse("match-detail", args=[tournament.slug, second.pk]))
    chief.get_by_role("link", name="Settle the disagreement").click()
    expect(chief.locator("#other-version")).to_contain_text("10–25")
    expect(chief.locator("#other-version")).to_contain_text("I won the last board")
    chief.locator("label.pick", has_text="The version of side B").click()
    chief.get_by_role("button", name="Settle and confirm the result").click()
    expect(chief.locator("h1")).to_contain_text(second.entry_a.name)  # back on the match page

    # The rest of the round through the services; then the standings and the next round.
    for n, match in enumerate(others):
        record_result(match, [(25, n % 20)], confirm=True, user=secretary)
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, first.score_a, first.score_b) == (Match.Status.CONFIRMED, 25, 0)
    assert (second.status, second.score_a, second.score_b, second.winner_id) == (
        Match.Status.CONFIRMED,
        10,
        25,
        second.entry_b_id,
    )
    b1.goto(live_server.url + stage.get_absolute_url())
    rows = b1.locator("#standings tbody tr")
    expect(rows.filter(has_text=first.entry_a.name).locator("td").nth(5)).to_have_text("25")  # net score
    expect(rows.filter(has_text=second.entry_b.name).locator("td").nth(5)).to_have_text("15")
    expect(rows.filter(has_text=first.entry_b.name).locator("td").nth(5)).to_have_text("-25")
    next_round = pair_swiss_round(stage)
    assert next_round.number == 2 and next_round.matches.count() == 32
