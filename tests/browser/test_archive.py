"""The archive on a phone: a player's page with the rating chart and a rating ranking fit 390 px; wide tables
scroll inside their box, never the page."""

import os

import pytest

from history.ratings.services import recompute_all
from tests.browser.conftest import page_width
from tests.history.ratings.cases import history
from tournaments.models import Tournament

SHOTS = os.environ.get("ARCHIVE_SCREENSHOTS")  # a folder to save the screenshots in, to look at them


@pytest.mark.django_db(transaction=True)
def test_player_and_ranking_pages_fit_a_phone(phone, live_server):
    people, national = history()
    Tournament.objects.update(status=Tournament.Status.FINISHED)
    recompute_all()
    phone.goto(f"{live_server.url}/archive/players/{people['a'].pk}/")
    chart = phone.locator(".rating-chart svg")
    assert chart.is_visible() and chart.bounding_box()["width"] <= 390
    assert page_width(phone) <= 390
    if SHOTS:
        phone.screenshot(path=f"{SHOTS}/archive-player.png", full_page=True)
    phone.select_option("#opponent", str(people["c"].pk))
    phone.get_by_role("button", name="Compare").click()
    assert "Won 1 · drawn 0 · lost 1" in phone.locator(".tally").inner_text()
    phone.goto(f"{live_server.url}/archive/ratings/{national.pk}/")
    assert phone.locator("table.standings tbody tr").count() == 7
    assert page_width(phone) <= 390
    if SHOTS:
        phone.screenshot(path=f"{SHOTS}/archive-rating.png", full_page=True)
