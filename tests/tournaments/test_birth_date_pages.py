"""A player's date of birth never shows on a page a visitor, a fan or the player's own page opens: only the API
gives it, and to the officials of the player's tournaments (tests/tournaments/test_player_access.py).

Every page comes from Django's URL resolver, as in the page fuzz, so a page added later is checked too."""

from datetime import date

import pytest

from tests.factories import UserFactory
from tests.test_page_fuzz import PAGES, page_url
from tournaments.models import Player

pytestmark = pytest.mark.django_db

BORN = date(1987, 3, 14)
# The ways a page could write it, in any of the site's languages' date formats.
WRITTEN = ["1987-03-14", "14/03/1987", "03/14/1987", "14.03.1987", "14-03-1987", "14 March 1987", "March 14, 1987"]
WRITTEN += ["Mar. 14, 1987", "14 mars 1987", "14 marzo 1987", "14. März 1987", "1987-3-14", "14/3/1987"]
# A federation's delegate enters and corrects the players it sends, dates of birth included: its link is the
# federation official's own, like an account of the tournament's officials (the test walks it as anyone holding it).
DELEGATES_PAGES = ("federation-delegate", "federation-delegate-entry")


@pytest.mark.parametrize("who", ["anonymous", "fan", "player"])
def test_no_page_shows_a_date_of_birth(client, world, who):
    _ids, by_name = world
    Player.objects.update(date_of_birth=BORN)
    if who == "fan":
        client.force_login(UserFactory())
    elif who == "player":
        player = Player.objects.get(pk=by_name["player_id"])
        player.user = UserFactory()
        player.save()
        client.force_login(player.user)
    read = 0
    for route, path in sorted(PAGES.items()):
        if route in DELEGATES_PAGES:
            continue
        try:
            url = page_url(path, by_name)
        except KeyError:  # a parameter the page fuzz's tournament does not name yet: that test says so
            continue
        response = client.get(url)
        if response.status_code != 200 or "html" not in response.headers.get("Content-Type", ""):
            continue
        read += 1
        html = response.content.decode()
        shown = [text for text in WRITTEN if text in html]
        assert not shown, f"{route} ({url}) shows a date of birth to {who}: {shown}"
    assert read > 10  # the tournament's pages were really read
