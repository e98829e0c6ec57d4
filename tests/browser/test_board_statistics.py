"""A slam entered on the umpire's score card, on a phone, shows on the player's statistics page and in the event's
best slams (ICF 26)."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, log_in, page_width, shot
from tests.browser.test_umpire_and_player import knockout_of_four

# ICF 26(a), 53-55: board 1 a white slam by the breaker (9 c/m + queen = 12), then 12 and 1: a game of 25-0.
GAME_25_0 = [(9, "covered_by_winner", "white"), (9, "covered_by_winner", ""), (1, "", "")]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_slam_entered_on_the_card_shows_on_the_players_statistics_and_the_events_list(live_server, phone):
    tournament, stage, semi, _top_seed = knockout_of_four()
    # ICF 39, 49(a): no toss recorded, side A breaks the first board of game 1 (and side B of game 2).
    winner = semi.entry_a
    slammer = winner.members.get().player

    umpire = phone
    log_in(umpire, live_server, "umpire", reverse("match-card", args=[tournament.slug, semi.pk]))
    form = umpire.locator("form#board")
    # A white slam by the side that did not break is refused on the card, naming the law.
    form.locator("fieldset", has_text="Board won by").get_by_label(semi.entry_b.name).check()
    form.get_by_label("Loser's c/m left on the board").fill("9")
    form.get_by_label("Queen").select_option("covered_by_winner")
    form.get_by_label("Slam").select_option("white")
    form.get_by_role("button", name="Enter board 1").click()
    expect(umpire.locator("form#board")).to_contain_text("ICF 26")
    shot(umpire, "stats-1-slam-refused")
    for _game in (1, 2):
        for number, (coins, queen, slam) in enumerate(GAME_25_0, 1):
            form = umpire.locator("form#board")
            expect(form.get_by_role("button", name=f"Enter board {number}")).to_be_visible()
            form.locator("fieldset", has_text="Board won by").get_by_label(winner.name).check()
            form.get_by_label("Loser's c/m left on the board").fill(str(coins))
            form.get_by_label("Queen").select_option(queen)
            form.get_by_label("Slam").select_option(slam if _game == 1 else "")
            form.get_by_role("button", name=f"Enter board {number}").click()
    umpire.get_by_role("button", name="Confirm result").click()
    expect(umpire.locator("body")).to_contain_text("Confirmed")
    expect(umpire.locator("tr.slam")).to_have_count(1)
    expect(umpire.locator("tr.slam")).to_contain_text("White slam by the breaker (ICF 26)")
    shot(umpire, "stats-2-card")

    # Anyone's phone: the event page leads to its statistics, where the slam heads the best slams.
    visitor = phone.context.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    visitor.goto(live_server.url + stage.event.get_absolute_url())
    visitor.get_by_role("link", name="Statistics: best slams and leaderboard").click()
    best = visitor.locator("ol.slam-list li")
    expect(best).to_have_count(1)
    expect(best.first).to_contain_text("White slam")
    expect(best.first).to_contain_text(slammer.full_name)
    expect(best.first).to_contain_text("game 1, board 1")
    leader = visitor.locator("table.stats-table tbody tr").first
    expect(leader).to_contain_text(slammer.full_name)
    assert page_width(visitor) <= PHONE["width"]
    shot(visitor, "stats-3-event")

    # The leaderboard leads to the player's statistics: six boards won, one slam.
    leader.get_by_role("link", name=slammer.full_name).click()
    expect(visitor.locator("h1")).to_have_text(slammer.full_name)
    row = visitor.locator("table.stats-table tbody tr").first
    expect(row).to_contain_text("6/6")
    expect(row).to_contain_text("1 (1·0)")
    expect(visitor.locator("ol.slam-list li")).to_contain_text("White slam")
    assert page_width(visitor) <= PHONE["width"]
    shot(visitor, "stats-4-player")

    # And across tournaments, in the archive.
    visitor.get_by_role("link", name="Statistics across tournaments (archive)").click()
    expect(visitor.locator("table.stats-table tbody tr").first).to_contain_text(tournament.name)
    expect(visitor.locator("ol.slam-list li")).to_contain_text("White slam")
    assert page_width(visitor) <= PHONE["width"]
    shot(visitor, "stats-5-archive")

    # The tournament's statistics, from its page: each event's boards and slams.
    visitor.goto(live_server.url + reverse("tournament-detail", args=[tournament.slug]))
    visitor.get_by_role("link", name="Statistics: boards, queens, slams").click()
    expect(visitor.locator("ul.archive-list")).to_contain_text("6 boards · slams: 1 white, 0 black")
    expect(visitor.locator("ol.slam-list li")).to_contain_text(stage.event.name)
    assert page_width(visitor) <= PHONE["width"]
    shot(visitor, "stats-6-tournament")
    visitor.context.close()
