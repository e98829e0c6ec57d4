"""Players' links without accounts (players.links): signed tokens naming a link and its random key; a tampered,
cut, revoked, expired or other match's token opens nothing (404) and changes nothing; the secretary revokes and
reissues, on the pages and over the API."""

from datetime import timedelta

import pytest
from django.core import signing
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from matches.models import ResultChange
from matches.scoring.models import Game
from players import links
from players.models import MatchLink, PersonalLink
from stages.models import Match
from tests.factories import TournamentFactory, UserFactory
from tests.helpers import make_match
from tests.player_helpers import player_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(tournament):
    return make_match(tournament, rule_set="ecc", self_umpired=True, status=Match.Status.CALLED)


def final(client, url, games="25-10"):
    return client.post(url, {"action": "final", "final-games": games})


def unchanged(match):
    match.refresh_from_db()
    return match.status == Match.Status.CALLED and not Game.objects.filter(match=match).exists()


# ---------------------------------------------------------------- personal links


def test_personal_link_is_made_once_and_names_its_player(tournament):
    world = player_world(tournament)
    url = links.personal_link_url(tournament, world.player)
    assert links.personal_link_url(tournament, world.player) == url  # stable until revoked
    assert PersonalLink.objects.filter(tournament=tournament, player=world.player).count() == 1
    token = url.rstrip("/").rsplit("/", 1)[1]
    assert links.player_from_personal_token(tournament, token) == world.player
    assert links.player_from_personal_token(TournamentFactory(), token) is None  # another tournament's link


def test_personal_link_is_absolute_from_the_request_or_the_site_address(rf, settings, tournament):
    world = player_world(tournament)
    path = links.personal_link_url(tournament, world.player)
    assert path.startswith(f"/t/{tournament.slug}/me/p")
    assert links.personal_link_url(tournament, world.player, rf.get("/")) == f"http://testserver{path}"
    settings.SITE_URL = "https://carrom.example"
    assert links.personal_link_url(tournament, world.player) == f"https://carrom.example{path}"


def test_bulk_urls_make_the_missing_links_in_a_fixed_number_of_queries(tournament, django_assert_max_num_queries):
    world = player_world(tournament)
    partner = world.doubles.members.get(position=2).player
    links.personal_link(tournament, world.player)
    with django_assert_max_num_queries(3):  # read, make the missing ones, read again
        urls = links.personal_link_urls(tournament, [world.player, partner])
    assert urls[world.player.pk] == links.personal_link_url(tournament, world.player)
    assert urls[partner.pk] == links.personal_link_url(tournament, partner)


@pytest.mark.parametrize(
    "forge",
    [
        lambda token: token[:-1] + ("A" if token[-1] != "A" else "B"),  # signature edited
        lambda token: token.split(":", 1)[0],  # signature cut off
        lambda token: token[: len(token) // 2],  # cut in the middle
        lambda token: signing.Signer(salt="player-schedule").sign(token.split(":", 1)[0]),  # another salt
        lambda token: "m" + token[1:],  # a personal token read as a match token (and the other way round)
        lambda token: "",
    ],
)
def test_forged_personal_tokens_name_nobody(client, tournament, forge):
    world = player_world(tournament)
    token = links.personal_token(tournament, world.player)
    assert links.player_from_personal_token(tournament, forge(token)) is None
    assert client.get(reverse("player-schedule", args=[tournament.slug, forge(token) or "x"])).status_code == 404


def test_revoked_personal_link_is_a_404_and_the_new_one_works(client, tournament, secretary):
    world = player_world(tournament)
    old = links.personal_link_url(tournament, world.player)
    assert client.get(old).status_code == 200
    client.force_login(secretary)
    response = client.post(reverse("revoke-personal-link", args=[tournament.slug, world.player.pk]))
    assert response.status_code == 302 and response.url.endswith(f"#player-{world.player.pk}")
    client.logout()
    assert client.get(old).status_code == 404
    new = links.personal_link_url(tournament, world.player)
    assert new != old and client.get(new).status_code == 200
    client.force_login(secretary)
    listing = client.get(reverse("player-links", args=[tournament.slug])).content.decode()
    assert new in listing and old not in listing


def test_only_a_secretary_revokes_a_personal_link(client, tournament, umpire):
    world = player_world(tournament)
    old = links.personal_link_url(tournament, world.player)
    client.force_login(umpire)
    assert client.post(reverse("revoke-personal-link", args=[tournament.slug, world.player.pk])).status_code == 403
    assert links.personal_link_url(tournament, world.player) == old


# ---------------------------------------------------------------- match links


def test_each_side_has_its_own_link_and_token(match):
    url_a, url_b = links.match_link_url(match, "a"), links.match_link_url(match, "b")
    assert url_a != url_b and url_a.startswith(f"/t/{match.stage.event.tournament.slug}/matches/{match.pk}/play/m")
    token_a = url_a.rstrip("/").rsplit("/", 1)[1]
    assert links.match_side_from_token(token_a) == (match, "a")
    assert links.match_side_from_token(token_a, match.pk) == (match, "a")


def test_tampered_or_cut_match_token_is_a_404_and_changes_nothing(client, match):
    url = links.match_link_url(match, "a")
    for bad in (url[:-2] + "x/", url.replace(":", ":A", 1), url.split(":", 1)[0] + "/"):
        assert final(client, bad).status_code == 404
        assert client.get(bad).status_code == 404
    assert unchanged(match)


def test_a_token_of_another_match_is_a_404_and_changes_nothing(client, tournament, match):
    other = make_match(tournament, rule_set="ecc", self_umpired=True, status=Match.Status.CALLED)
    token = links.match_link_url(other, "a").rstrip("/").rsplit("/", 1)[1]
    url = reverse("match-play", args=[tournament.slug, match.pk, token])
    assert final(client, url).status_code == 404
    assert unchanged(match) and unchanged(other)
    elsewhere = TournamentFactory(status="published")  # the right match, under another tournament's address
    token = links.match_link_url(match, "b").rstrip("/").rsplit("/", 1)[1]
    assert final(client, reverse("match-play", args=[elsewhere.slug, match.pk, token])).status_code == 404
    assert unchanged(match)


def test_revoked_match_links_are_a_404_and_change_nothing(client, tournament, secretary, match):
    old_a, old_b = links.match_link_url(match, "a"), links.match_link_url(match, "b")
    client.force_login(secretary)
    page = client.get(reverse("match-links", args=[tournament.slug, match.pk])).content.decode()
    assert old_a in page and old_b in page
    assert client.post(reverse("match-links", args=[tournament.slug, match.pk])).status_code == 302
    client.logout()
    assert final(client, old_a).status_code == 404 and client.get(old_b).status_code == 404
    assert unchanged(match)
    assert MatchLink.objects.filter(match=match, times_revoked=1).count() == 2
    new_a = links.match_link_url(match, "a")
    assert new_a != old_a and final(client, new_a).status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED


def test_a_match_link_expires_some_hours_after_the_confirmation(client, settings, match):
    url = links.match_link_url(match, "a")
    settings.PLAYER_MATCH_LINK_HOURS = 12
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.CONFIRMED, confirmed_at=timezone.now() - timedelta(hours=11, minutes=59)
    )
    assert client.get(url).status_code == 200  # the same day: still there, to look at the card
    Match.objects.filter(pk=match.pk).update(confirmed_at=timezone.now() - timedelta(hours=12, minutes=1))
    changes = ResultChange.objects.count()
    assert client.get(url).status_code == 404
    assert client.post(url, {"action": "confirm"}).status_code == 404
    assert ResultChange.objects.count() == changes


def test_a_preview_rounds_match_link_is_a_404(client, match):
    match.round.status = "draft"
    match.round.save()
    assert client.get(links.match_link_url(match, "a")).status_code == 404


def test_match_links_over_the_api_for_the_secretary_only(api_client, tournament, secretary, match):
    base = f"/api/tournaments/{tournament.slug}/matches/{match.pk}/links/"
    api_client.force_authenticate(UserFactory())
    assert api_client.get(base).status_code == 403
    assert api_client.post(f"{base}revoke/").status_code == 403
    api_client.force_authenticate(secretary)
    before = api_client.get(base).json()
    assert before["a"].startswith("http://testserver/") and before["a"] != before["b"]
    after = api_client.post(f"{base}revoke/").json()
    assert set(after) == {"a", "b"} and after["a"] != before["a"] and after["b"] != before["b"]
    assert api_client.get(f"{base}revoke/").status_code == 405
    api_client.force_authenticate(None)
    assert api_client.get(before["a"].removeprefix("http://testserver")).status_code == 404


def test_personal_link_over_the_api(api_client, tournament, secretary):
    world = player_world(tournament)
    url = f"/api/tournaments/{tournament.slug}/players/{world.player.pk}/link/"
    api_client.force_authenticate(secretary)
    old = api_client.get(url).json()
    assert old["player"] == world.player.pk
    new = api_client.post(f"{url}revoke/").json()
    assert new["url"] != old["url"]
    stranger = player_world(TournamentFactory()).player
    assert api_client.get(f"/api/tournaments/{tournament.slug}/players/{stranger.pk}/link/").status_code == 404
    api_client.force_authenticate(None)
    assert api_client.get(old["url"].removeprefix("http://testserver")).status_code == 404


def test_a_revoked_personal_link_is_not_served_from_the_page_cache(
    client, tournament, page_cache, django_capture_on_commit_callbacks
):
    world = player_world(tournament)
    old = links.personal_link_url(tournament, world.player)
    assert client.get(old).status_code == 200
    assert client.get(old).status_code == 200  # now from the page cache
    connection.pending_page_stamps = None  # what the fixtures changed waits for a commit that never comes
    with django_capture_on_commit_callbacks(execute=True):  # the revocation, committed
        links.revoke_personal_link(tournament, world.player)
    assert client.get(old).status_code == 404


def test_the_admin_action_revokes_like_the_secretarys_pages(client, tournament, match):
    world = player_world(tournament)
    old_personal, old_match = links.personal_link_url(tournament, world.player), links.match_link_url(match, "b")
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    for model, link in (
        (PersonalLink, links.personal_link(tournament, world.player)),
        (MatchLink, links.match_link(match, "b")),
    ):
        url = reverse(f"admin:players_{model._meta.model_name}_changelist")
        assert client.post(url, {"action": "revoke", "_selected_action": [link.pk]}).status_code == 302
    assert links.personal_link_url(tournament, world.player) != old_personal
    assert links.match_link_url(match, "b") != old_match
    assert MatchLink.objects.get(match=match, side="a").times_revoked == 1  # both sides of the match
