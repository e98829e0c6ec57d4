"""The featured tables: the officials choose what the stream shows; the overlay and the court-side scoreboard,
public, follow the score card board by board (names, country or club, games, the board score, the queen, the next
breaker, the round clock)."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from core.live import LIVE_VERSION_HEADER
from core.page_cache import HIT_HEADER
from matches.featured.models import FeaturedTable
from matches.featured.selectors import scoreboard, shown_match
from matches.featured.services import MAX_FEATURED, feature_match, feature_table
from matches.scoring.models import Board
from matches.scoring.scorecard import add_board
from matches.scoring.services import record_result
from matches.ties.services import name_line_up, rubber_players
from stages.models import Match, Round
from tests.factories import EventFactory, MatchFactory, PlayerFactory, RoundClockFactory, TournamentFactory, UserFactory
from tests.helpers import make_match, make_round, win
from tests.matches.ties.test_tie_day import drawn_tie, line_up
from tournaments.models import Event

pytestmark = pytest.mark.django_db
S = Match.Status


def screen_url(featured, name="featured-overlay", fragment=False):
    url = reverse(name, args=[featured.tournament.slug, featured.pk])
    return url + "?fragment=1" if fragment else url


def side_text(html, side):
    """The words of one side's row of the scoreboard, tags left out."""
    row = html.split(f'data-side="{side}"', 1)[1].split("data-side=", 1)[0].split("</div>\n  </div>", 1)[0]
    return " ".join(re.sub(r"<[^>]+>", " ", row.split(">", 1)[1]).split())


def numbers(html, side):
    """(games, points) of one side's row."""
    row = html.split(f'data-side="{side}"', 1)[1]
    games = re.search(r'class="sb-games">([^<]*)<', row).group(1)
    points = re.search(r'class="sb-points">([^<]*)<', row).group(1)
    return games, points


@pytest.fixture
def chief(tournament):
    user = UserFactory()
    tournament.chief_referees.add(user)
    return user


@pytest.fixture
def on_table_3(tournament, secretary):
    """An ICF match in play at table 3, and table 3 featured."""
    match = make_match(tournament, table=3, status=S.IN_PLAY, started_at=timezone.now())
    return match, feature_table(tournament, 3, user=secretary)


# ---------------------------------------------------------------- the screens


def test_the_overlay_shows_names_games_board_score_queen_and_next_breaker(client, on_table_3, secretary):
    match, featured = on_table_3
    a, b = (getattr(match, f"entry_{side}").members.get().player for side in "ab")
    a.country, b.country = "IND", "FRA"
    a.save()
    b.save()
    add_board(match, None, win("A", 5, queen=True), user=secretary)  # ICF 53: the queen covered by the winner
    html = client.get(screen_url(featured)).content.decode()
    assert 'class="overlay"' in html
    last = Board.objects.get(match=match)
    assert numbers(html, "A") == ("0", str(last.total_a)) and last.total_a > 0
    assert numbers(html, "B") == ("0", "0")
    row_a, row_b = side_text(html, "A"), side_text(html, "B")
    assert a.shown_name in row_a and "IND" in row_a and "Queen" in row_a and "Break" not in row_a
    assert b.shown_name in row_b and "FRA" in row_b and "Queen" not in row_b
    assert "Break" in row_b  # ICF 49: the break alternates, B breaks board 2
    assert "Game 1" in html and "Board 2" in html and "Table 3" in html


def test_a_queen_covered_by_the_loser_marks_the_loser_and_the_games_won_count(client, on_table_3, secretary):
    match, featured = on_table_3
    for _ in range(3):  # 3 × (9 + 3) = 36: game 1 to A (ICF 55: the queen counts up to 21)
        add_board(match, None, win("A", 9, queen=True), user=secretary)
    add_board(match, None, {"winner": "B", "coins_left_of_loser": 2, "queen": "covered_by_loser"}, user=secretary)
    html = client.get(screen_url(featured, "featured-court")).content.decode()
    assert 'class="court"' in html and "Game 2" in html
    assert numbers(html, "A")[0] == "1" and numbers(html, "B")[0] == "0"
    assert "Queen" in side_text(html, "A") and "Queen" not in side_text(html, "B")


def test_the_fragment_answers_204_while_unchanged_and_the_new_board_once_entered(client, on_table_3, secretary):
    match, featured = on_table_3
    first = client.get(screen_url(featured, fragment=True))
    version = first[LIVE_VERSION_HEADER]
    assert first.status_code == 200 and first["Cache-Control"] == "no-store"
    unchanged = client.get(screen_url(featured, fragment=True), headers={LIVE_VERSION_HEADER: version})
    assert unchanged.status_code == 204
    add_board(match, None, win("B", 4), user=secretary)
    changed = client.get(screen_url(featured, fragment=True), headers={LIVE_VERSION_HEADER: version})
    assert changed.status_code == 200
    assert numbers(changed.content.decode(), "B") == ("0", str(Board.objects.get(match=match).total_b))


def test_the_page_cache_never_serves_a_board_score_the_card_has_moved_past(
    client, on_table_3, secretary, page_cache, committed
):
    match, featured = on_table_3
    url = screen_url(featured, fragment=True)
    assert client.get(url)[HIT_HEADER] == "miss"
    assert client.get(url)[HIT_HEADER] == "hit"
    with committed():
        add_board(match, None, win("A", 3), user=secretary)
    fresh = client.get(url)
    assert fresh[HIT_HEADER] == "miss"
    assert numbers(fresh.content.decode(), "A")[1] == str(Board.objects.get(match=match).total_a)


def test_the_screens_show_the_round_clock_while_the_match_is_on(client, on_table_3):
    match, featured = on_table_3
    RoundClockFactory(round=match.round)
    html = client.get(screen_url(featured)).content.decode()
    assert "data-round-clock" in html and "data-first-bell=" in html
    assert 'data-live-interval="0.5"' in html
    assert "<style" not in html and "<script>" not in html  # CSP: static files only


def test_a_private_player_shows_by_their_shown_name_without_country(client, on_table_3):
    match, featured = on_table_3
    player = match.entry_a.members.get().player
    player.first_name, player.last_name, player.country, player.publish_name = "Secret", "Person", "IND", False
    player.save()
    html = client.get(screen_url(featured)).content.decode()
    assert "Secret" not in html and "Person" not in html
    assert player.shown_name in side_text(html, "A") and "IND" not in side_text(html, "A")


def test_a_table_shows_the_match_in_play_else_called_else_last_finished_else_next(tournament, secretary):
    featured = feature_table(tournament, 7, user=secretary)
    assert shown_match(featured) is None
    now = timezone.now()
    rnd = make_round(tournament)
    later = MatchFactory(round=rnd, table=7, planned_at=now + timedelta(hours=2))
    assert shown_match(featured) == later
    done = MatchFactory(round=rnd, table=7, status=S.CONFIRMED, finished_at=now - timedelta(minutes=5))
    MatchFactory(round=rnd, table=7, status=S.CONFIRMED, finished_at=now - timedelta(hours=1))
    assert shown_match(featured) == done
    called = MatchFactory(round=rnd, table=7, status=S.CALLED, called_at=now)
    assert shown_match(featured) == called
    playing = MatchFactory(round=rnd, table=7, status=S.IN_PLAY, started_at=now)
    MatchFactory(round=rnd, table=8, status=S.IN_PLAY, started_at=now)  # another table
    MatchFactory(round=make_round(tournament, status=Round.Status.DRAFT), table=7, status=S.IN_PLAY)  # a preview
    assert shown_match(featured) == playing


def test_a_finished_match_shows_its_winner_unless_a_protest_withholds_it(client, tournament, secretary):
    match = make_match(tournament, table=2, status=S.IN_PLAY)
    featured = feature_match(tournament, match, user=secretary)
    for _ in range(2):
        for _ in range(3):
            add_board(match, None, win("A", 9, queen=True), user=secretary)
    match.refresh_from_db()
    assert match.status == S.FINISHED
    board = scoreboard(featured)
    assert board.over and [side.winner for side in board.sides] == [True, False]
    assert [side.games for side in board.sides] == [2, 0]
    match.result_withheld = True  # ICF 150
    match.save()
    html = client.get(screen_url(featured)).content.decode()
    assert "Winner" not in html and "Result withheld (protest)" in html


def test_an_empty_table_says_so_and_an_unknown_or_foreign_screen_is_404(client, tournament, secretary):
    featured = feature_table(tournament, 9, user=secretary)
    assert "No match on this table now." in client.get(screen_url(featured, "featured-court")).content.decode()
    other = TournamentFactory(status="published")
    assert client.get(reverse("featured-overlay", args=[other.slug, featured.pk])).status_code == 404
    assert client.get(reverse("featured-overlay", args=[tournament.slug, featured.pk + 1000])).status_code == 404


# ---------------------------------------------------------------- choosing what is featured


def test_the_secretary_features_a_table_and_stops_featuring_it(client, tournament, secretary):
    client.force_login(secretary)
    url = reverse("featured-tables", args=[tournament.slug])
    response = client.post(url, {"action": "table", "table": "4"})
    assert response.status_code == 302
    featured = FeaturedTable.objects.get(tournament=tournament)
    assert featured.table == 4 and featured.featured_by == secretary
    page = client.get(url).content.decode()
    assert screen_url(featured) in page and screen_url(featured, "featured-court") in page
    client.post(url, {"action": "stop", "featured": featured.pk})
    assert not FeaturedTable.objects.exists()


def test_a_chief_referee_features_a_match_from_the_round_page_button(client, tournament, chief):
    match = make_match(tournament, table=1, status=S.CALLED)
    client.force_login(chief)
    response = client.post(reverse("featured-tables", args=[tournament.slug]), {"action": "match", "match": match.pk})
    assert response.status_code == 302
    assert FeaturedTable.objects.get(tournament=tournament).match == match


def test_the_round_page_offers_the_secretary_to_feature_each_match(client, tournament, secretary):
    match = make_match(tournament, table=1)
    url = reverse("round-detail", args=[tournament.slug, match.round_id])
    assert "Feature on stream" not in client.get(url).content.decode()
    client.force_login(secretary)
    page = client.get(url).content.decode()
    assert "Feature on stream" in page and reverse("featured-tables", args=[tournament.slug]) in page


@pytest.mark.parametrize("who", ["anonymous", "umpire", "other_chief"])
def test_only_the_secretaries_and_chief_referees_feature(client, tournament, umpire, who):
    url = reverse("featured-tables", args=[tournament.slug])
    if who == "umpire":
        client.force_login(umpire)
    elif who == "other_chief":
        user = UserFactory()
        TournamentFactory(status="published").chief_referees.add(user)
        client.force_login(user)
    response = client.post(url, {"action": "table", "table": "1"})
    assert response.status_code == (302 if who == "anonymous" else 403)
    if who == "anonymous":
        assert reverse("login") in response["Location"]
    assert client.get(url).status_code in (302, 403)
    assert not FeaturedTable.objects.exists()


@pytest.mark.parametrize("table", ["abc", "0", "-1", "1000", "99999999999999999999", ""])
def test_a_bad_table_number_shows_the_form_again_with_its_error(client, tournament, secretary, table):
    client.force_login(secretary)
    response = client.post(reverse("featured-tables", args=[tournament.slug]), {"action": "table", "table": table})
    assert response.status_code == 400
    assert 'aria-invalid="true"' in response.content.decode() or "errorlist" in response.content.decode()
    assert not FeaturedTable.objects.exists()


def test_a_table_featured_twice_or_one_too_many_is_refused_on_the_form(client, tournament, secretary):
    client.force_login(secretary)
    url = reverse("featured-tables", args=[tournament.slug])
    feature_table(tournament, 1, user=secretary)
    response = client.post(url, {"action": "table", "table": "1"})
    assert response.status_code == 400 and "Table 1 is featured already." in response.content.decode()
    for table in range(2, MAX_FEATURED + 1):
        feature_table(tournament, table, user=secretary)
    response = client.post(url, {"action": "table", "table": "50"})
    assert response.status_code == 400 and f"at most {MAX_FEATURED}" in response.content.decode()
    assert FeaturedTable.objects.count() == MAX_FEATURED


@pytest.mark.parametrize(
    "data",
    [
        {"action": "match", "match": "abc"},
        {"action": "match", "match": "99999999999999999999"},
        {"action": "match"},
        {"action": "stop", "featured": "0"},
        {"action": "nonsense"},
    ],
)
def test_bad_buttons_are_a_message_never_an_error(client, tournament, secretary, data):
    client.force_login(secretary)
    url = reverse("featured-tables", args=[tournament.slug])
    response = client.post(url, data, follow=True)
    assert response.status_code == 200
    assert 'class="message error"' in response.content.decode()
    assert not FeaturedTable.objects.exists()


def test_a_match_of_another_tournament_or_a_bye_is_not_featured(client, tournament, secretary):
    client.force_login(secretary)
    url = reverse("featured-tables", args=[tournament.slug])
    foreign = make_match(TournamentFactory(status="published"))
    bye = make_match(tournament, entry_b=None, status=S.BYE)
    for match in (foreign, bye):
        response = client.post(url, {"action": "match", "match": match.pk}, follow=True)
        assert 'class="message error"' in response.content.decode()
    assert not FeaturedTable.objects.exists()


def test_the_private_players_country_stays_off_the_officials_screens_too(client, tournament, secretary):
    player = PlayerFactory(country="IND", publish_name=False)
    match = make_match(tournament, table=1, status=S.IN_PLAY)
    member = match.entry_a.members.get()
    member.player = player
    member.save()
    featured = feature_match(tournament, match, user=secretary)
    client.force_login(secretary)  # the screens are public pages: the same for everyone
    assert "IND" not in side_text(client.get(screen_url(featured)).content.decode(), "A")


def test_a_team_ties_table_shows_the_rubber_in_play_with_its_team_and_line_up(client):
    """A tie keeps no score card of its own: its rubbers, played at its table, are what the screens show."""
    event = EventFactory(kind=Event.Kind.TEAM_TIES, rule_set="icf", name="Team championship")
    event.tournament.status = "published"
    event.tournament.save()
    secretary = UserFactory()
    event.tournament.secretaries.add(secretary)
    stage, _teams = drawn_tie(event)
    (tie,) = Match.objects.filter(stage=stage)
    tie.table = 5
    tie.save()
    name_line_up(tie, "a", line_up(tie.entry_a))
    name_line_up(tie, "b", line_up(tie.entry_b, reverse=True))
    first, doubles, _third = tie.rubbers.order_by("rubber")
    assert doubles.table == 5
    record_result(first, [(25, 3), (25, 10)], confirm=True)
    Match.with_rubbers.filter(pk=doubles.pk).update(status=S.IN_PLAY, started_at=timezone.now())
    featured = feature_table(event.tournament, 5, user=secretary)
    assert shown_match(featured).pk == doubles.pk
    row = side_text(client.get(screen_url(featured)).content.decode(), "A")
    team_a = tie.entry_a.name
    assert team_a in row
    for player in rubber_players(doubles)["a"]:
        assert player.shown_name in row
    assert len(rubber_players(doubles)["a"]) == 2
