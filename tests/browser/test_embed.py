"""A federation's site frames a tournament's page in Chromium: the site the secretary listed shows it, a site not
listed is refused by the browser itself (the page's frame-ancestors)."""

import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import new_page, shot
from tests.factories import EventFactory, TournamentFactory

DESKTOP = {"width": 1280, "height": 900}


@contextmanager
def site_framing(url):
    """Another web site, on a port of its own, whose one page frames `url`: yields its origin."""
    page = (
        "<!doctype html><title>Federation</title><h1>Federation news</h1>"
        f'<iframe src="{url}" width="900" height="600"></iframe>'
    )

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(page.encode())

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_listed_site_frames_the_tournament_and_another_is_refused(live_server, browser):
    tournament = TournamentFactory(status="published", name="French Open")
    EventFactory(tournament=tournament, name="Open singles")
    url = f"{live_server.url}{tournament.get_absolute_url()}?embed=1"
    with site_framing(url) as listed, site_framing(url) as other:
        tournament.embed_origins = [listed]
        tournament.save()

        page = new_page(browser, DESKTOP)
        page.goto(listed)
        framed = page.frame_locator("iframe")
        expect(framed.get_by_role("heading", name="French Open")).to_be_visible()
        expect(framed.get_by_role("link", name="Open singles")).to_be_visible()
        expect(framed.locator(".site-header")).to_have_count(0)
        shot(page, "embed-allowed")

        refused = []
        page = new_page(browser, DESKTOP)
        page.on("console", lambda message: refused.append(message.text))
        page.goto(other)
        expect(page.get_by_role("heading", name="Federation news")).to_be_visible()
        page.wait_for_timeout(1000)
        expect(page.frame_locator("iframe").get_by_role("heading", name="French Open")).to_have_count(0)
        assert any("frame-ancestors" in text for text in refused), refused
