"""Players' pages: the personal no-login link, /me/, live fragments, the secretary's list of
links; the protests include only when the protests app provides it."""

import copy

import pytest
from django.conf import settings
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from matches.scoring.services import record_result
from players import views as player_views
from players.links import personal_link, personal_token
from stages.models import Match
from tests.factories import NotificationFactory, TournamentFactory, UserFactory
from tests.player_helpers import at, many_matches, play, player_world

pytestmark = pytest.mark.django_db


def page(tournament, player):
    return f"/t/{tournament.slug}/me/{personal_token(tournament, player)}/"


@pytest.fixture
def world(tournament):
    return player_world(tournament, user=UserFactory())


@pytest.fixture
def next_match(world):
    return play(
        world.singles_stage,
        world.singles,
        2,
        table=7,
        planned_at=at(1, 30),
        status=Match.Status.CALLED,
        report_deadline=at(1, 45),
    )


def test_personal_link_works_logged_out(client, tournament, world, next_match):
    response = client.get(page(tournament, world.player))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Asha Rao" in html and next_match.entry_b.name in html
    assert '<span class="big">7</span>' in html and "10:30" in html  # table and time, large
    assert "10:45" in html and "ICF 143(i)" in html  # the reporting deadline
    assert "Round 2: all pairings" in html
    assert f"/t/{tournament.slug}/stages/{world.singles_stage.pk}/" in html  # standings link
    assert 'data-live-url="/t/' in html and "js/live.js" in html


@pytest.mark.parametrize(
    "token",
    ["nonsense", "1", "1:forged-signature", "9999:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
)
def test_bad_or_forged_token_is_a_404(client, tournament, world, token):
    assert client.get(f"/t/{tournament.slug}/me/{token}/").status_code == 404


def test_someone_elses_signature_does_not_open_another_player(client, tournament, world):
    signed, signature = personal_token(tournament, world.player).split(":", 1)
    other = personal_link(tournament, world.doubles.members.get(position=2).player)
    forged = f"p{other.pk}.{other.key}:{signature}"  # the other player's link and key, this player's signature
    assert client.get(f"/t/{tournament.slug}/me/{forged}/").status_code == 404
    assert client.get(f"/t/{tournament.slug}/me/{signed}:{signature}/").status_code == 200


def test_player_not_entered_in_this_tournament_is_a_404(client, world):
    other = TournamentFactory(status="published")
    response = client.get(page(other, world.player))
    assert response.status_code == 404 and b"not entered" in response.content


def test_draft_tournament_is_hidden_from_the_personal_link(client, tournament, world):
    tournament.status = "draft"
    tournament.save()
    assert client.get(page(tournament, world.player)).status_code == 404


def test_my_schedule_for_a_logged_in_player(client, tournament, world, next_match):
    client.force_login(world.player.user)
    response = client.get(f"/t/{tournament.slug}/me/")
    assert response.status_code == 200 and next_match.entry_b.name in response.content.decode()


def test_my_schedule_needs_a_login_and_a_linked_player(client, tournament, world):
    assert client.get(f"/t/{tournament.slug}/me/").status_code == 302
    client.force_login(UserFactory())
    response = client.get(f"/t/{tournament.slug}/me/")
    assert response.status_code == 404 and b"not linked to a player" in response.content


def test_notifications_shown_on_the_personal_page(client, tournament, world):
    NotificationFactory(user=world.player.user, tournament=tournament, subject="Your table moved to 3")
    assert b"Your table moved to 3" in client.get(page(tournament, world.player)).content


def test_results_on_the_page(client, tournament, world):
    match = play(world.singles_stage, world.singles, 1, side="b")
    record_result(match, [(10, 25), (12, 25)], confirm=True)
    html = client.get(page(tournament, world.player)).content.decode()
    assert "won" in html and "2–0 (50–22)" in html and "No match to play" in html


# ---------------------------------------------------------------- live fragments


def test_fragment_answers_204_until_a_result_is_confirmed(client, tournament, world):
    match = play(world.singles_stage, world.singles, 1, table=3, planned_at=at(0))
    url = page(tournament, world.player) + "?fragment=1"
    first = client.get(url)
    assert first.status_code == 200 and b"<html" not in first.content and b"next-match" in first.content
    version = first["X-Live-Version"]
    assert first["Cache-Control"] == "no-store"
    assert client.get(url, headers={"X-Live-Version": version}).status_code == 204
    # The page embeds the same version, so the first poll after loading it is a 204 too.
    assert f'data-live-version="{version}"'.encode() in client.get(page(tournament, world.player)).content
    record_result(match, [(25, 10), (25, 4)], confirm=True)
    changed = client.get(url, headers={"X-Live-Version": version})
    assert changed.status_code == 200 and changed["X-Live-Version"] != version
    assert "2–0 (50–14)" in changed.content.decode()


def test_fragment_changes_when_a_round_is_published(client, tournament, world):
    match = play(world.singles_stage, world.singles, 1, round_status="draft", table=3, planned_at=at(0))
    url = page(tournament, world.player) + "?fragment=1"
    version = client.get(url)["X-Live-Version"]
    match.round.status = "published"
    match.round.save()
    assert client.get(url, headers={"X-Live-Version": version}).status_code == 200


def test_page_query_count_does_not_grow_with_the_number_of_matches(client, tournament, world):
    url = page(tournament, world.player)

    def count():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        return len(queries)

    client.get(url)  # the tournament's language is looked up once, then kept in the cache
    many_matches(world, 2)
    small = count()
    many_matches(world, 25)
    assert count() == small


# ---------------------------------------------------------------- links to other pages and the protests include


def test_optional_url_is_none_for_a_page_that_does_not_exist():
    assert player_views.optional_url("no-such-page", "x", 1) is None
    assert player_views.optional_url("stage-detail", "x", 1) == "/t/x/stages/1/"


def test_page_works_without_the_protests_include(client, tournament, world, next_match, monkeypatch):
    monkeypatch.setattr(player_views, "PROTESTS_INCLUDE", "protests/_no_such_include.html")
    assert player_views.protests_include() is None
    assert client.get(page(tournament, world.player)).status_code == 200


def with_template(name, source):
    """Settings whose template engine also finds `name` (an in-memory template) before the real ones."""
    templates = copy.deepcopy(settings.TEMPLATES)
    templates[0]["APP_DIRS"] = False
    templates[0]["OPTIONS"]["loaders"] = [
        ("django.template.loaders.locmem.Loader", {name: source}),
        "django.template.loaders.filesystem.Loader",
        "django.template.loaders.app_directories.Loader",
    ]
    return override_settings(TEMPLATES=templates)


def test_protests_include_shows_for_the_next_match_and_withheld_results(client, tournament, world, next_match):
    # ICF 150: players see the status of any protest about their match.
    withheld = play(world.doubles_stage, world.doubles, 1, status=Match.Status.CONFIRMED, result_withheld=True)
    include = player_views.PROTESTS_INCLUDE
    with with_template(include, "<p>PROTEST-STATUS {{ match.pk }}</p>"):
        html = client.get(page(tournament, world.player)).content.decode()
    assert f"PROTEST-STATUS {next_match.pk}" in html and f"PROTEST-STATUS {withheld.pk}" in html
    assert "withheld: a protest is undecided (ICF 150)" in html


# ---------------------------------------------------------------- the secretary's list of personal links


def test_secretary_lists_personal_links(client, tournament, secretary, world):
    client.force_login(secretary)
    response = client.get(f"/t/{tournament.slug}/players/")
    html = response.content.decode()
    assert response.status_code == 200
    assert f"http://testserver{page(tournament, world.player)}" in html and "Bina Shah" in html
    only_singles = client.get(f"/t/{tournament.slug}/players/?event={world.singles.event_id}").content.decode()
    assert "Asha Rao" in only_singles and "Bina Shah" not in only_singles
    other_event = player_world(TournamentFactory()).singles.event_id
    assert client.get(f"/t/{tournament.slug}/players/?event={other_event}").status_code == 404


def test_personal_links_are_for_secretaries_only(client, tournament, world):
    assert client.get(f"/t/{tournament.slug}/players/").status_code == 302  # to the login page
    client.force_login(world.player.user)
    assert client.get(f"/t/{tournament.slug}/players/").status_code == 403


def test_event_page_links_to_the_personal_links_for_secretaries(client, tournament, secretary, world):
    event_url = f"/t/{tournament.slug}/events/{world.singles.event_id}/"
    assert b"personal links" not in client.get(event_url).content
    client.force_login(secretary)
    assert f"/t/{tournament.slug}/players/?event={world.singles.event_id}".encode() in client.get(event_url).content
