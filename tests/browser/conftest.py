"""Browser tests: Playwright's sync API driving Debian's Chromium against pytest-django's live server."""

import os
from pathlib import Path

import pytest
from django.urls import reverse

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


@pytest.fixture
def phone():
    """A page in a phone-sized viewport; skipped where Debian's Chromium is not installed."""
    if not CHROMIUM.exists():
        pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install chromium); browser tests skipped")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
        page = context.new_page()
        page.set_default_timeout(15_000)
        try:
            yield page
        finally:
            context.close()
            browser.close()


def log_in(page, live_server, username, next_url):
    """Log in through the log-in form, going on to `next_url`."""
    page.goto(f"{live_server.url}{reverse('login')}?next={next_url}")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()


@pytest.fixture(autouse=True)
def cached_pages(page_cache):
    """The live server commits, so the browser tests run with the page cache on, as production does."""
