"""A table on stream: the secretary features a semi-final from the round page, the streaming software shows the
overlay (1920 × 1080, transparent), a tablet at the table the court-side scoreboard; the umpire enters a board on
the score card and the overlay shows it within a second."""

import io
import re
import time

import pytest
from django.urls import reverse
from PIL import Image
from playwright.sync_api import expect

from matches.scheduling.clock import start_clock
from matches.scoring.models import Board
from tests.browser.conftest import PHONE, SCREENSHOT_DIR, log_in, new_page, page_width, shot
from tests.browser.test_content_security_policy import watch_violations
from tests.browser.test_umpire_and_player import knockout_of_four

FULL_HD = {"width": 1920, "height": 1080}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_overlay_shows_a_board_within_one_second_of_the_umpires_entry(live_server, browser):
    tournament, _stage, semi, _top_seed = knockout_of_four()
    secretary = tournament.secretaries.get()
    start_clock(semi.round, user=secretary)  # the round clock runs on the screens

    # The secretary puts the semi-final on stream from the round page, and finds the overlay's address.
    desk = new_page(browser, {"width": 1280, "height": 900})
    log_in(desk, live_server, secretary.username, reverse("round-detail", args=[tournament.slug, semi.round_id]))
    desk.locator(f"#match-{semi.pk}").get_by_role("button", name="Feature on stream").click()
    expect(desk.locator(".message.success")).to_contain_text("Featured")
    overlay_url = desk.get_by_label("Overlay (1920 × 1080, transparent)").input_value()
    court_url = desk.get_by_label("Court-side scoreboard").input_value()
    shot(desk, "featured-tables")

    # The streaming software: not signed in, a full-HD page.
    overlay = new_page(browser, FULL_HD)
    blocked = watch_violations(overlay)
    overlay.goto(overlay_url)
    expect(overlay.locator(".round-clock .clock-time")).to_have_text(re.compile(r"^\d\d:\d\d$"))
    side_a, side_b = overlay.locator('[data-side="A"]'), overlay.locator('[data-side="B"]')
    expect(side_a.locator(".sb-points")).to_have_text("0")
    expect(side_a).to_contain_text(semi.entry_a.name)
    expect(side_b).to_contain_text(semi.entry_b.name)
    expect(side_a.locator(".sb-break")).to_be_visible()  # ICF 39: without a toss, A breaks first

    # The umpire's phone: the score card, board 1 to A with the queen covered (ICF 53: 9 c/m + 3).
    umpire = new_page(browser, PHONE)
    log_in(umpire, live_server, "umpire", reverse("match-card", args=[tournament.slug, semi.pk]))
    form = umpire.locator("form#board")
    expect(form.get_by_role("button", name="Enter board 1")).to_be_visible()
    form.locator("fieldset", has_text="Board won by").get_by_label(semi.entry_a.name).check()
    form.get_by_label("Loser's c/m left on the board").fill("9")
    form.get_by_label("Queen").select_option("covered_by_winner")
    with umpire.expect_navigation():  # the entry is saved once its answer (the card again) comes back
        form.get_by_role("button", name="Enter board 1").click()
    saved = time.monotonic()
    expect(side_a.locator(".sb-points")).to_have_text("12", timeout=1000)
    shown_after = time.monotonic() - saved
    assert shown_after < 1.0, shown_after
    assert Board.objects.get(match=semi).total_a == 12
    expect(side_a.locator(".sb-queen")).to_be_visible()
    expect(side_b.locator(".sb-break")).to_be_visible()  # ICF 49: the break alternates
    expect(overlay.locator(".sb-board")).to_have_text("Board 2")

    # Transparent: what is not the score bug shows the video under it.
    png = overlay.screenshot(omit_background=True)
    if SCREENSHOT_DIR:
        overlay.screenshot(path=f"{SCREENSHOT_DIR}/featured-overlay.png", omit_background=True)
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    assert image.size == (1920, 1080)
    assert image.getpixel((10, 10))[3] == 0 and image.getpixel((1900, 540))[3] == 0
    bug = overlay.locator(".scoreboard").bounding_box()
    assert image.getpixel((int(bug["x"] + 5), int(bug["y"] + bug["height"] - 5)))[3] > 200
    assert bug["x"] >= 0 and bug["y"] + bug["height"] <= 1080 and bug["x"] + bug["width"] <= 1920

    # The court-side scoreboard on a phone at the table: the same score, nothing wider than the phone.
    court = new_page(browser, PHONE)
    blocked += watch_violations(court)
    court.goto(court_url)
    expect(court.locator(".round-clock .clock-time")).to_be_visible()
    expect(court.locator('[data-side="A"] .sb-points')).to_have_text("12")
    expect(court.locator('[data-side="A"]')).to_contain_text("Queen")
    assert page_width(court) <= PHONE["width"]
    shot(court, "featured-court-phone")
    court.set_viewport_size({"width": 1280, "height": 800})  # a tablet or a screen beside the table
    assert page_width(court) <= 1280
    shot(court, "featured-court-tablet")
    assert not blocked  # the Content-Security-Policy blocked nothing: the screens' script and style are files
    for page in (desk, overlay, umpire, court):
        page.context.close()
