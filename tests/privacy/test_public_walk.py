"""A player who keeps their name private: no page, PDF, spreadsheet, SoL file or API answer an anonymous visitor
opens carries their real last name or country, nor a rating they keep private, nor a date of birth. Every route
comes from Django's URL resolver (as in the page fuzz and the leak walk), so a page added later is checked too."""

import re

import pytest
from django.core.cache import cache
from django.urls import get_resolver

from tests.api.test_permission_matrix import url_for, url_params, walk
from tests.test_leak_walk import BARE_PK, COLLECTIONS, body_of
from tournaments.consent import record_consent
from tournaments.entry_services import update_player
from tournaments.models import Player

pytestmark = pytest.mark.django_db

RATING = 1987
COUNTRY = "QJV"  # a country code found nowhere else: kept private with the name


def routes():
    found = {}
    for path, name, _pattern in walk(get_resolver().url_patterns):
        if path.lstrip("^").startswith("admin/") or "(?P<format>" in path or "<drf_format_suffix:" in path:
            continue
        found.setdefault(name or path, path)
    return sorted(found.items())


def url_of(path, ids, by_name):
    names = {"slug": by_name["tournament_slug"], "side": "a", **by_name}
    kwargs = {}
    for name in url_params(path):
        if name == "pk":
            collection = BARE_PK.search(path)
            noun = COLLECTIONS.get(collection.group(1)) if collection else "protest"
            kwargs[name] = ids[noun]
        else:
            kwargs[name] = names[name]
    return url_for(path, kwargs)


def surname(player):
    return f"Qzx{player.pk}vw"


def make_private(players):
    """Each player renamed to a surname found nowhere else, with a rating, then keeping both private."""
    needles = {}
    for player in players:
        update_player(player, last_name=surname(player), rating=RATING, country=COUNTRY)
        record_consent(player, Player.ConsentSource.DELEGATE, publish_name=False, publish_rating=False)
        needles[player.pk] = surname(player).lower()
    return needles


def test_no_public_answer_names_a_private_player_or_shows_their_rating(client, world):
    ids, by_name = world
    needles = make_private(Player.objects.all())
    read = {"html": 0, "pdf": 0, "csv": 0, "json": 0}
    for route, path in routes():
        try:
            url = url_of(path, ids, by_name)
        except KeyError:  # a parameter the fuzz world does not name: the leak walk covers that route
            continue
        cache.clear()
        response = client.get(url)
        assert response.status_code < 500, f"{response.status_code} for {url}"
        if response.status_code != 200:
            continue
        kind = response.get("Content-Type", "")
        for name in read:
            read[name] += name in kind
        text = body_of(response).lower()
        # A personal link opens its own player's page: their own name is theirs to read; their opponents' are not.
        own = ids["player"] if "token" in url_params(path) else None
        shown = [needle for pk, needle in needles.items() if needle in text and pk != own]
        assert not shown, f"{route} ({url}) names a private player: {shown}"
        if own is None:
            assert COUNTRY.lower() not in text, f"{route} ({url}) shows a private player's country"
        if own is None and ("html" in kind or "csv" in kind or "pdf" in kind):
            assert not re.search(rf"\b{RATING}\b", text), f"{route} ({url}) shows a private rating"
    # The walk really read the public pages, the sheets, the spreadsheets and the API.
    assert read["html"] > 10 and read["pdf"] >= 3 and read["csv"] >= 3 and read["json"] > 10, read


def test_the_public_sees_initials_and_club_where_the_officials_see_the_name(client, world):
    ids, by_name = world
    player = Player.objects.select_related("club").get(pk=ids["player"])
    make_private([player])
    shown = f"{player.first_name[0]}. Q. ({player.club.name})"
    assert Player.objects.get(pk=player.pk).shown_name == shown
    page = client.get(f"/t/{by_name['tournament_slug']}/events/{ids['event']}/").content.decode()
    assert shown in page and surname(player) not in page
