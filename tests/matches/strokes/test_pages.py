"""The stroke page: for those who fill the card; each tap posts one stroke and the page redraws with the board's
state; a refused stroke shows the reason and stores nothing; the score card links to it while it takes boards."""

import pytest
from django.urls import reverse

from matches.featured.services import feature_table
from matches.scoring.models import Board
from matches.strokes.models import BoardStroke
from matches.strokes.services import add_stroke, start_board
from stages.models import Match
from tests.helpers import make_match
from tests.matches.strokes.conftest import WHOLE_BOARD

pytestmark = pytest.mark.django_db


def url(match):
    return reverse("match-strokes", args=[match.stage.event.tournament.slug, match.pk])


def tap(client, match, value, seq, follow=False, **fields):
    return client.post(url(match), {"action": "stroke", "tap": value, "seq": seq, **fields}, follow=follow)


def test_the_page_is_for_those_who_fill_the_card(client, match, umpire, stranger):
    client.force_login(stranger)
    assert client.get(url(match)).status_code == 403
    client.force_login(umpire)
    page = client.get(url(match))
    assert page.status_code == 200 and "Keep board 1 stroke by stroke" in page.content.decode()


def test_the_card_links_to_the_stroke_page(client, match, umpire):
    client.force_login(umpire)
    card = client.get(reverse("match-card", args=[match.stage.event.tournament.slug, match.pk])).content.decode()
    assert url(match) in card and "Keep this board stroke by stroke" in card


def test_each_tap_is_a_stroke_and_the_page_shows_the_state(client, match, umpire):
    client.force_login(umpire)
    assert client.post(url(match), {"action": "start"}).status_code == 302
    answer = tap(client, match, "own", 1)
    assert answer.status_code == 302 and answer.url.endswith("#board-state")
    html = client.get(url(match)).content.decode()
    assert 'data-side="A"' in html and '<span class="big">8</span>' in html  # A has eight c/m left
    assert "To strike" in html and 'class="stroke-clock"' in html and 'data-seconds="15"' in html
    assert "Undo stroke 1" in html and 'name="seq" value="2"' in html
    assert BoardStroke.objects.get().data["own"] == 1


def test_a_refused_stroke_shows_the_reason_and_stores_nothing(client, match, umpire):
    client.force_login(umpire)
    start_board(match, user=umpire)
    answer = tap(client, match, "composed", 1, own=8, opponent=0)
    assert answer.status_code == 302
    answer = tap(client, match, "composed", 2, own=2)  # A has one c/m left to pocket (ICF 52: nine each)
    assert answer.status_code == 400 and "ICF" in answer.content.decode()
    assert BoardStroke.objects.count() == 1


def test_a_foul_from_the_list(client, match, umpire):
    client.force_login(umpire)
    start_board(match, user=umpire)
    foul = match.stage.event.rules.stroke_fouls()[0]
    answer = client.post(url(match), {"action": "stroke", "tap": "foul", "seq": 1, "foul": foul.key, "by": "A"})
    assert answer.status_code == 302
    assert BoardStroke.objects.get().data["foul"] == foul.key


def test_undo_from_the_page(client, match, umpire):
    client.force_login(umpire)
    start_board(match, user=umpire)
    tap(client, match, "nothing", 1)
    assert client.post(url(match), {"action": "undo", "seq": 1}).status_code == 302
    assert not BoardStroke.objects.exists()


def test_the_last_stroke_puts_the_board_on_the_card(client, match, umpire):
    client.force_login(umpire)
    start_board(match, user=umpire)
    for seq, stroke in enumerate(WHOLE_BOARD[:-1], 1):
        add_stroke(match, stroke, user=umpire, seq=seq)
    answer = tap(client, match, "own", len(WHOLE_BOARD), follow=True)
    html = answer.content.decode()
    assert "on the card" in html and "12 points" in html and "Keep board 2 stroke by stroke" in html
    assert Board.objects.get(match=match).points == 12


def test_the_featured_overlay_shows_the_board_kept_stroke_by_stroke(client, match, umpire, secretary):
    match.table = 3
    match.save()
    featured = feature_table(match.stage.event.tournament, 3, user=secretary)
    start_board(match, user=umpire)
    add_stroke(match, {"kind": "stroke", "own": 1}, user=umpire)
    add_stroke(match, {"kind": "stroke", "queen": True}, user=umpire)
    html = client.get(reverse("featured-overlay", args=[match.stage.event.tournament.slug, featured.pk])).content
    html = html.decode()
    row_a = html.split('data-side="A"', 1)[1].split('data-side="B"', 1)[0]
    assert "8 c/m" in row_a and "To strike" in row_a and 'class="sb-coins sb-white"' in row_a
    assert "to be covered" in html and "9 c/m" in html.split('data-side="B"', 1)[1]


def test_the_matchs_history_lists_each_stroke(client, match, umpire, secretary):
    start_board(match, user=umpire)
    add_stroke(match, {"kind": "stroke", "own": 1}, user=umpire)
    add_stroke(match, {"kind": "stroke"}, user=umpire)
    client.force_login(secretary)
    html = client.get(reverse("match-history", args=[match.stage.event.tournament.slug, match.pk])).content.decode()
    assert "Board kept stroke by stroke" in html and html.count("Stroke recorded") == 2
    assert "stroke: 2" in html


@pytest.mark.parametrize(
    ("rule_set", "clock", "time_out"),
    [("icf", 'data-seconds="15"', True), ("queen2", 'data-seconds="10"', True), ("office", None, False)],
)
def test_the_clock_and_the_taps_follow_the_rule_set(client, tournament, umpire, rule_set, clock, time_out):
    """ICF 50: 15 seconds a stroke, queen2 ¶2: 10; the office sheet has no stroke clock and no time-out."""
    match = make_match(tournament, rule_set, umpire=umpire, status=Match.Status.CALLED)
    start_board(match, user=umpire)
    client.force_login(umpire)
    html = client.get(url(match)).content.decode()
    assert ('class="stroke-clock"' in html) == (clock is not None)
    if clock:
        assert clock in html
    assert ('value="time_out"' in html) == time_out
    assert 'value="own"' in html and "Foul ▸ which" in html
