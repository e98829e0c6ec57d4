"""An umpire fills a score card on a phone-sized screen, and a player, on their own phone
through their personal link, sees the result and their next match appear without reloading the page."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from matches.scheduling.services import schedule_round
from matches.scoring.services import record_result
from players.links import personal_token
from stages.models import Stage
from stages.services import draw_stage, publish_stage
from tests.browser.conftest import PHONE, log_in
from tests.factories import EntryFactory, EventFactory, PlayerFactory, TournamentFactory, UserFactory
from tournaments.venue import venue_of

# ICF 53-54: 12 (9 c/m + queen), 12, 1: a game of 25-0 in three boards.
GAME_25_0 = [(9, "covered_by_winner"), (9, "covered_by_winner"), (1, "")]


def knockout_of_four():
    """Four players in an ICF knockout, drawn, published and scheduled; semi-final 2 already played."""
    secretary, umpire = UserFactory(), UserFactory(username="umpire", first_name="Uma", last_name="Umpire")
    tournament = TournamentFactory(status="published", name="City Open")
    tournament.secretaries.add(secretary)
    tournament.umpires.add(umpire)
    event = EventFactory(tournament=tournament, rule_set="icf", name="Men's singles")
    players = [PlayerFactory(first_name=name, last_name="Carrom") for name in ("Anil", "Bharat", "Chetan", "Dev")]
    for seed, player in enumerate(players, 1):
        EntryFactory(event=event, seed=seed, members=[player])
    stage = Stage.objects.create(event=event, name="Knockout", kind=Stage.Kind.KNOCKOUT)
    draw_stage(stage)
    publish_stage(stage)
    venue = venue_of(tournament)
    venue.tables = 2
    venue.save()
    semis = list(stage.matches.filter(round__number=1).order_by("number"))
    schedule_round(semis[0].round, timezone.now() + timedelta(minutes=5), user=secretary)
    semis[0].refresh_from_db()
    semis[0].umpire = umpire
    semis[0].save(update_fields=["umpire"])
    record_result(semis[1], [(25, 7), (25, 11)], confirm=True, user=secretary)
    return tournament, stage, semis[0], players[0]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_umpire_fills_the_card_on_a_phone_and_the_player_sees_result_and_next_match(live_server, phone):
    tournament, stage, semi, top_seed = knockout_of_four()
    names = {semi.entry_a.name, semi.entry_b.name}
    assert top_seed.full_name in names

    # The player's phone: a second browser context, not logged in, on the personal link.
    player_context = phone.context.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    player = player_context.new_page()
    player.goto(
        live_server.url + reverse("player-schedule", args=[tournament.slug, personal_token(tournament, top_seed)])
    )
    next_match = player.locator("#next-match")
    expect(next_match).to_contain_text("Semi final")
    expect(next_match.locator(".next-table .big")).to_have_text(str(semi.table))

    # The umpire's phone: log in, open the score card, toss, then board by board.
    umpire = phone
    card_url = reverse("match-card", args=[tournament.slug, semi.pk])
    log_in(umpire, live_server, "umpire", card_url)
    expect(umpire.get_by_role("button", name="Enter board 1")).to_be_visible()
    winner = next(entry for entry in (semi.entry_a, semi.entry_b) if top_seed.full_name == entry.name)
    for _game in (1, 2):
        for number, (coins, queen) in enumerate(GAME_25_0, 1):
            form = umpire.locator("form#board")
            expect(form.get_by_role("button", name=f"Enter board {number}")).to_be_visible()
            form.locator("fieldset", has_text="Board won by").get_by_label(winner.name).check()
            form.get_by_label("Loser's c/m left on the board").fill(str(coins))
            form.get_by_label("Queen").select_option(queen)
            form.get_by_role("button", name=f"Enter board {number}").click()
    umpire.get_by_role("button", name="Confirm result").click()
    expect(umpire.locator("body")).to_contain_text("Confirmed")
    assert umpire.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing wider than the phone
    umpire.screenshot(path="/tmp/umpire-card.png", full_page=True)

    # The player's page updates by itself (live.js polls every 15 s): the result, then the final as next match.
    expect(player.locator("#results")).to_contain_text("2–0", timeout=40_000)
    expect(next_match).to_contain_text("Final", timeout=5_000)
    final = stage.matches.get(round__name="final")
    opponent = final.entry_b if final.entry_a_id == winner.pk else final.entry_a
    expect(next_match).to_contain_text(opponent.name)
    player.screenshot(path="/tmp/player-schedule.png", full_page=True)
    player_context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_card_comes_back_at_the_next_entry_before_its_scripts_arrive(live_server, phone):
    """After a board the card comes back scrolled to the next entry (#entry) as soon as it is drawn. Were it drawn at
    its top and moved down only once its scripts arrive (as a page with deferred scripts is), the move could come
    between the umpire's touch and its release, and the choice touched would not be made."""
    tournament, _stage, semi, top_seed = knockout_of_four()
    umpire = phone
    log_in(umpire, live_server, "umpire", reverse("match-card", args=[tournament.slug, semi.pk]))
    held = []  # the scripts' requests, answered only at the end: a slow network
    umpire.route(re.compile(r"(/jsi18n/|\.js)(\?.*)?$"), lambda route: held.append(route))
    form = umpire.locator("form#board")
    form.locator("fieldset", has_text="Board won by").get_by_label(top_seed.full_name).check()
    form.get_by_label("Loser's c/m left on the board").fill("9")
    form.get_by_role("button", name="Enter board 1").click()
    expect(form.get_by_role("button", name="Enter board 2")).to_be_visible()
    # Scrolled without its scripts: with deferred scripts the card would wait at its top until they arrive.
    umpire.wait_for_function("() => window.scrollY > 0", timeout=10_000)
    assert held and 0 <= umpire.evaluate("document.getElementById('entry').getBoundingClientRect().top") < 20
    for route in held:
        route.continue_()
