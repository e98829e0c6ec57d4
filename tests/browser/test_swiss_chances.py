"""A player's phone during a 64-player Eurocup Swiss after round 2 of 5: "Your chances (an estimate)" first says it
is being worked out (no worker has done it yet), then, without a reload, shows the chance of qualifying and of the
likely places, labelled as an estimate, within a 390-px screen."""

import random

import pytest
from playwright.sync_api import expect

from matches.scoring.services import record_result
from players import tasks as player_tasks
from players.chances import work_out
from players.links import personal_link_url
from stages.models import Stage
from stages.services import pair_swiss_round, publish_round
from tests.browser.conftest import new_page, page_width, shot
from tests.factories import EntryFactory, EventFactory, PlayerFactory, StageFactory, TournamentFactory


def eurocup_after_two_rounds():
    rng = random.Random(64)
    tournament = TournamentFactory(status="published", name="Eurocup 2026")
    event = EventFactory(tournament=tournament, name="Eurocup singles", rule_set="ecc")
    players = [
        PlayerFactory(first_name=f"Player{k}", last_name=f"Rated{k}", rating=rng.randint(1300, 2000)) for k in range(64)
    ]
    for player in players:
        EntryFactory(event=event, members=[player])
    stage = StageFactory(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=5)
    StageFactory(event=event, name="Final", kind=Stage.Kind.KNOCKOUT, source=stage, qualifiers=8)
    for number in (1, 2):
        rnd = publish_round(pair_swiss_round(stage, rng=random.Random(number)))
        for match in rnd.matches.exclude(entry_b=None):
            record_result(match, [rng.choice([(25, 7), (25, 12), (9, 25), (18, 25)])], confirm=True)
    return tournament, stage, players


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_player_reads_their_chances_on_a_phone(live_server, phone, browser, monkeypatch):
    tournament, stage, players = eurocup_after_two_rounds()
    # No worker has worked them out yet: the page says so.
    monkeypatch.setattr(player_tasks.estimate_chances, "delay", lambda stage_id: None)
    phone.goto(live_server.url + personal_link_url(tournament, players[0]))
    section = phone.locator("#chances")
    expect(section).to_contain_text("Your chances (an estimate)")
    expect(section).to_contain_text("Being computed")
    shot(phone, "chances-computing")

    work_out(stage.pk)  # the worker's task: the figures are kept and the tournament's pages change
    phone.evaluate("window.dispatchEvent(new Event('focus'))")  # live.js asks at once on focus
    expect(section.locator(".chance-qualify")).to_contain_text("Qualifying (the top 8)")
    expect(section.locator(".chance-qualify strong")).to_contain_text("%")
    expect(section).to_contain_text("after round 2 of 5")
    expect(section).to_contain_text("played 1000 times over by computer")
    rows = section.locator("table.chance-bands tbody tr")
    assert 1 <= rows.count() <= 7  # 1, 2, 3–4, 5–8, 9–16, 17–32, 33–64 at most
    assert page_width(phone) <= 390
    section.scroll_into_view_if_needed()
    shot(phone, "chances-phone")

    # A weaker player's page: other figures, the same layout.
    phone.goto(live_server.url + personal_link_url(tournament, players[-1]))
    expect(phone.locator("#chances table.chance-bands")).to_be_visible()
    assert page_width(phone) <= 390
    shot(phone, "chances-phone-other")

    desktop = new_page(browser, {"width": 1280, "height": 900})
    desktop.goto(live_server.url + personal_link_url(tournament, players[0]))
    expect(desktop.locator("#chances table.chance-bands")).to_be_visible()
    shot(desktop, "chances-desktop")
