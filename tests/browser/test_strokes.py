"""An umpire keeps a whole ICF board stroke by stroke on a 390-pixel phone: one tap per event (own c/m, nothing
pocketed, a foul from the list, the queen, an undo), the board's state in view after each tap, and the board's
result, entered by the engine, on the score card."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from matches.featured.services import feature_match
from rules.strokes import Opening, Stroke, play_strokes
from stages.models import Match
from tests.browser.conftest import PHONE, log_in, new_page, page_width, shot
from tests.factories import UserFactory
from tests.helpers import make_match

# (the button tapped, the stroke it records): A breaks and pockets one, then nothing; B commits a technical foul
# before his first stroke (ICF 63: he owes a c/m, ICF 72(c), and plays on), pockets nothing; A pockets the queen,
# covers it (ICF 15) and pockets his seven others: 12 to A (ICF 53, 55), B's due written off.
TAPS = [
    ("Own c/m", Stroke(own=1)),
    ("Nothing pocketed", Stroke()),
    ("Technical foul", Stroke(kind="foul", foul="technical")),
    ("Nothing pocketed", Stroke()),
    ("Queen", Stroke(queen=True)),
    *[("Own c/m", Stroke(own=1))] * 8,
]


def expected_states(rule_set):
    """The engine's state after each tap, to check the page against."""
    opening = Opening(breaker="A", scores_before={"A": 0, "B": 0})
    return [state.as_dict() for state in play_strokes(rule_set, opening, [stroke for _, stroke in TAPS]).states]


def in_view(page, selector):
    """The element lies within the phone's screen as the page stands (no scrolling needed to read it)."""
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def check_state(page, state, names):
    for side in ("A", "B"):
        panel = page.locator(f'.stroke-side[data-side="{side}"]')
        expect(panel.locator(".stroke-left .big")).to_have_text(str(state["on_board"][side]))
        expect(panel.locator(".stroke-dues")).to_contain_text(str(state["dues"][side]))
    if not state["over"]:
        expect(page.locator(f'.stroke-side[data-side="{state["turn"]}"]')).to_have_class("stroke-side turn")
        expect(page.locator(".stroke-clock")).to_be_visible()
        assert in_view(page, ".stroke-sides") and in_view(page, ".stroke-clock") and in_view(page, ".stroke-taps")


def keep_the_board(phone, live_server, tournament, match, script=True):
    """The umpire opens the stroke page from the score card and keeps board 1 to its end, tap by tap, the page
    checked against the engine after each; answers the score card's address."""
    names = {"A": str(match.entry_a), "B": str(match.entry_b)}
    states = expected_states(match.stage.event.rules)
    card_url = reverse("match-card", args=[tournament.slug, match.pk])
    log_in(phone, live_server, "umpire", card_url)
    phone.get_by_role("link", name="Keep this board stroke by stroke").click()
    phone.get_by_role("button", name="Keep board 1 stroke by stroke").click()
    expect(phone.locator(".stroke-clock")).to_contain_text("s")
    check_state(phone, {"on_board": {"A": 9, "B": 9}, "dues": {"A": 0, "B": 0}, "turn": "A", "over": False}, names)

    for number, ((button, _stroke), state) in enumerate(zip(TAPS, states, strict=True), 1):
        if number == 2:  # a wrong tap, taken back: the opponent's c/m instead of nothing, then undo
            phone.get_by_role("button", name="Opponent's c/m").click()
            expect(phone.locator('.stroke-side[data-side="B"] .stroke-left .big')).to_have_text("8")
            phone.get_by_role("button", name="Undo stroke 2").click()
            expect(phone.locator('.stroke-side[data-side="B"] .stroke-left .big')).to_have_text("9")
        if "foul" in button:
            phone.locator("summary", has_text="Foul ▸ which").click()
            if script:
                phone.screenshot(path="/tmp/strokes-phone-foul.png")
            phone.locator(".stroke-foul-list").get_by_role("button", name=button).click()
        else:
            phone.locator(".stroke-taps").get_by_role("button", name=button, exact=True).click()
        if button == "Queen" and script:
            expect(phone.locator(".stroke-queen")).to_contain_text("to be covered")
            shot(phone, "strokes-phone-queen")
            phone.screenshot(path="/tmp/strokes-phone.png")
        if number == 5 and script:  # the stroke clock runs down from 15 s (ICF 50), restarted by each stroke
            expect(phone.locator(".stroke-clock .big")).not_to_have_text("15", timeout=4_000)
        if not state["over"]:
            check_state(phone, state, names)
            expect(phone.locator(".stroke-list li").first).to_have_attribute("value", str(number))
        assert page_width(phone) <= PHONE["width"]

    # The engine ended the board: it is on the card, the next board offered.
    said = phone.locator(".message.success")
    expect(said).to_contain_text("on the card")
    expect(said).to_contain_text("12 points")
    expect(phone.get_by_role("button", name="Keep board 2 stroke by stroke")).to_be_visible()
    return card_url


def a_match(tournament):
    umpire = UserFactory(username="umpire")
    tournament.umpires.add(umpire)
    return make_match(tournament, "icf", umpire=umpire, status=Match.Status.CALLED)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_an_umpire_keeps_a_whole_board_stroke_by_stroke_on_a_phone(live_server, phone, browser, tournament, secretary):
    match = a_match(tournament)
    card_url = keep_the_board(phone, live_server, tournament, match)
    phone.screenshot(path="/tmp/strokes-phone-over.png", full_page=True)
    phone.goto(live_server.url + card_url)
    row = phone.locator("table.score-card tbody tr").first
    expect(row).to_contain_text("12")
    phone.screenshot(path="/tmp/strokes-card.png", full_page=True)

    # The same page on a desk's screen, with a board in play.
    desk = new_page(browser, {"width": 1280, "height": 800})
    log_in(desk, live_server, "umpire", reverse("match-strokes", args=[tournament.slug, match.pk]))
    desk.get_by_role("button", name="Keep board 2 stroke by stroke").click()
    desk.locator(".stroke-taps").get_by_role("button", name="Own c/m", exact=True).click()
    expect(desk.locator('.stroke-side[data-side="B"] .stroke-left .big')).to_have_text("8")
    desk.screenshot(path="/tmp/strokes-desk.png", full_page=True)
    desk.context.close()

    # The stream's overlay follows the board in play: c/m left, whose turn.
    overlay = new_page(browser, {"width": 1920, "height": 1080})
    featured = feature_match(tournament, match, user=secretary)
    overlay.goto(live_server.url + reverse("featured-overlay", args=[tournament.slug, featured.pk]))
    expect(overlay.locator('.sb-side[data-side="B"] .sb-coins')).to_have_text("8 c/m")
    expect(overlay.locator('.sb-side[data-side="B"] .sb-turn')).to_be_visible()
    overlay.screenshot(path="/tmp/strokes-overlay.png")
    overlay.context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_stroke_page_works_without_its_script(live_server, browser, tournament):
    """Every tap is a plain form post and the page comes back whole, the board's state on top."""
    match = a_match(tournament)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=False)
    phone = context.new_page()
    phone.set_default_timeout(15_000)
    keep_the_board(phone, live_server, tournament, match, script=False)
    context.close()
