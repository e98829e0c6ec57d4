"""Browser tests: Playwright's sync API driving Debian's Chromium against pytest-django's live server."""

import os
from pathlib import Path

import pytest
from django.urls import reverse

from core import heartbeat
from tests.factories import PASSWORD

# Playwright's sync API runs an event loop in this thread; Django's ORM refuses to run there unless told it is safe
# (it is: the test thread and the live server only share the database).
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
SCREENSHOT_DIR = os.environ.get("SCREENSHOT_DIR")
# A whole round typed at the desk grid saves one row at a time; on a CI machine busy with the other workers that
# takes longer than Playwright's 5-second assertion default. Pages wait 15 s for an element, so assertions do too.
ASSERT_TIMEOUT_MS = 15_000


def pytest_configure(config):
    from playwright.sync_api import expect

    expect.set_options(timeout=ASSERT_TIMEOUT_MS)


@pytest.fixture
def phone(browser):
    """A page in a phone-sized viewport; skipped where Debian's Chromium is not installed."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def browser():
    """Chromium itself, for a test that opens several pages side by side (the desk and the players' phones)."""
    if not CHROMIUM.exists():
        pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install chromium); browser tests skipped")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def new_page(browser, viewport):
    """A page of its own (its own cookies) in `browser`, `viewport` wide and high."""
    page = browser.new_context(viewport=viewport).new_page()
    page.set_default_timeout(15_000)
    return page


def log_in(page, live_server, username, next_url):
    """Log in through the log-in form, going on to `next_url`."""
    page.goto(f"{live_server.url}{reverse('login')}?next={next_url}")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()


@pytest.fixture(autouse=True)
def cached_pages(page_cache):
    """The live server commits, so the browser tests run with the page cache on, as production does."""


@pytest.fixture(autouse=True)
def deadlines_applied(monkeypatch):
    """No worker runs beside the live server: the officials' pages would say the deadlines are not being applied
    (tests/tournaments/test_deadlines_notice.py tests that notice). Here they are, as in a running hall."""
    monkeypatch.setattr(heartbeat, "deadlines_applied", lambda now=None: True)


def shot(page, name):
    """A full-page screenshot in SCREENSHOT_DIR when it is set: to look at the pages a test went through."""
    if SCREENSHOT_DIR:
        page.screenshot(path=os.path.join(SCREENSHOT_DIR, f"{name}.png"), full_page=True)


def page_width(page):
    """How wide the page is drawn: no wider than the phone, or it scrolls sideways. Measured once the page has
    loaded: a click on a link may still be navigating, with no document to measure yet."""
    page.wait_for_load_state()
    return page.locator("body").evaluate("body => body.ownerDocument.documentElement.scrollWidth")


def type_round_results(desk, live_server, tournament, rnd, rng):
    """Every open row of the round's results grid typed at the keyboard, one ECC game each (a match, or a team
    tie's rubber), Enter after each; then waits until every row has saved (each saves on its own)."""
    from playwright.sync_api import expect

    desk.goto(live_server.url + reverse("round-results", args=[tournament.slug, rnd.pk]))
    for _ in range(desk.locator("tr.open input").count()):
        desk.keyboard.type(rng.choice(["25-7", "25-12", "3-25", "18-25"]))
        desk.keyboard.press("Enter")
    expect(desk.locator("tr.open")).to_have_count(0, timeout=60_000)
