"""The match pages: the public match page, the umpire's score-card page on a phone, and
the match history for the tournament's officials."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from matches.models import ResultChange
from matches.scoring.scorecard import add_board
from stages.models import Match, Round, Stage
from tests.factories import PlayerFactory, RoundClockFactory, UserFactory
from tests.helpers import GAME_25_3, game_25_0, make_match, win

pytestmark = pytest.mark.django_db


def page(match, name="match-card"):
    return reverse(name, args=[match.stage.event.tournament.slug, match.pk])


def board_post(match, game, number, board):
    """The next-board form as the phone posts it."""
    data = {
        "action": "board",
        "board-game": game,
        "board-board": number,
        "board-winner": board.get("winner") or "",
        "board-coins_left_of_loser": board.get("coins_left_of_loser", 0),
        "board-queen": board.get("queen") or "",
        "board-loser_outstanding_dues": 0,
        "board-stroke": "proper",
    }
    if board.get("breaker"):
        data["board-breaker"] = board["breaker"]
    return data


def link_player(entry, user):
    member = entry.members.first()
    member.player = PlayerFactory(user=user)
    member.save()


# ---------------------------------------------------------------- the umpire's card


def test_umpire_enters_boards_until_the_match_ends_on_the_phone_form(client, tournament, umpire):
    match = make_match(tournament, umpire=umpire, table=4)
    client.force_login(umpire)
    first = client.get(page(match))
    assert first.status_code == 200
    html = first.content.decode()
    assert 'name="viewport" content="width=device-width' in html  # a phone page
    assert 'type="radio" name="board-winner"' in html and 'inputmode="numeric"' in html
    # ICF 39, 49: no toss recorded, so A breaks the first board; said with the player's name.
    assert f"Game 1, board 1: {match.entry_a} breaks (ICF 49)" in html
    boards = [(1, n, b) for n, b in enumerate(GAME_25_3, 1)] + [(2, n, b) for n, b in enumerate(game_25_0("A"), 1)]
    for game, number, board in boards:
        response = client.post(page(match), board_post(match, game, number, board))
        assert response.status_code == 302 and response.url == page(match) + "#entry"  # the next entry in view
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and (match.games_a, match.games_b) == (2, 0)
    html = client.get(page(match)).content.decode()
    assert f"Match over: {match.entry_a} wins." in html
    assert 'name="board-winner"' not in html  # the card takes no more boards
    assert "Confirm result" in html
    assert client.post(page(match), {"action": "confirm"}).status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED


def test_a_wrong_board_shows_the_laws_message_and_keeps_the_input(client, tournament, umpire):
    match = make_match(tournament, umpire=umpire)
    client.force_login(umpire)
    response = client.post(page(match), board_post(match, 1, 1, {**win("B", 10), "queen": "covered_by_winner"}))
    assert response.status_code == 200
    html = response.content.decode()
    assert "ICF 52: at most 9 c/m can be left on the board" in html
    assert 'name="board-coins_left_of_loser" value="10"' in html
    assert 'value="B" id="id_board-winner_1" checked' in html and 'value="covered_by_winner" selected' in html
    assert not match.boards.exists()


def test_a_repeated_submission_does_not_enter_the_board_twice(client, tournament, umpire):
    match = make_match(tournament, umpire=umpire)
    client.force_login(umpire)
    client.post(page(match), board_post(match, 1, 1, win("A", 3)))
    response = client.post(page(match), board_post(match, 1, 1, win("A", 3)))
    assert response.status_code == 200 and "Board 1 of game 1 is already on the card" in response.content.decode()
    assert match.boards.count() == 1


def test_toss_form_then_the_card_announces_the_winners_break(client, tournament, umpire):
    match = make_match(tournament, umpire=umpire)
    client.force_login(umpire)
    assert 'name="toss-winner"' in client.get(page(match)).content.decode()
    response = client.post(page(match), {"action": "toss", "toss-winner": "b", "toss-choice": "break"})
    assert response.status_code == 302
    html = client.get(page(match)).content.decode()
    assert f"Game 1, board 1: {match.entry_b} breaks" in html  # ICF 39(a)
    add_board(match, None, win("B", 3))
    assert 'name="toss-winner"' not in client.get(page(match)).content.decode()  # ICF 39: only before the first board


def test_toss_without_a_choice_shows_the_form_again(client, tournament, umpire):
    match = make_match(tournament, umpire=umpire)
    client.force_login(umpire)
    response = client.post(page(match), {"action": "toss", "toss-winner": "a"})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode() and match.toss_winner == ""


def test_extra_board_asks_who_won_the_toss_for_the_break(client, tournament, umpire):
    match = make_match(tournament, umpire=umpire)
    for _ in range(4):
        add_board(match, None, win("A", 1))
        add_board(match, None, win("B", 1))
    client.force_login(umpire)
    html = client.get(page(match)).content.decode()
    assert "level after 8 boards: an extra board decides it" in html and 'name="board-breaker"' in html  # ICF 56(b)
    client.post(page(match), board_post(match, 1, 9, {**win("B", 2), "breaker": "B"}))
    assert match.boards.get(number=9).breaker == "B"


def test_start_match_button(client, tournament, umpire):
    match = make_match(tournament, umpire=umpire)
    client.force_login(umpire)
    assert "Start match" in client.get(page(match)).content.decode()
    client.post(page(match), {"action": "start"})
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PLAY
    assert match.changes.filter(what=ResultChange.What.STATUS, user=umpire).exists()


def test_final_score_only_through_the_rules_app(client, tournament, umpire):
    match = make_match(tournament, umpire=umpire)
    client.force_login(umpire)
    response = client.post(page(match), {"action": "final", "final-games": "25-10, 12-25"})
    html = response.content.decode()
    assert response.status_code == 200 and "ICF 57: the match is not over after 2 game(s)" in html
    assert 'value="25-10, 12-25"' in html
    client.post(page(match), {"action": "final", "final-games": "25-10, 12-25, 25-20"})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and (match.games_a, match.games_b) == (2, 1)
    html = client.get(page(match)).content.decode()
    assert "Entered as a final score only" in html and 'name="board-winner"' not in html


def test_non_umpire_gets_403_and_a_visitor_is_sent_to_log_in(client, tournament, umpire):
    match = make_match(tournament, umpire=umpire)
    other = UserFactory()
    tournament.umpires.add(other)
    client.force_login(other)
    assert client.get(page(match)).status_code == 403
    assert client.post(page(match), board_post(match, 1, 1, win("A", 3))).status_code == 403
    assert not match.boards.exists()
    client.logout()
    assert client.get(page(match)).status_code == 302


def test_self_umpired_card_is_confirmed_by_the_other_sides_player(client, tournament):
    match = make_match(tournament, rule_set="ecc", self_umpired=True)
    player_a, player_b = UserFactory(), UserFactory()
    link_player(match.entry_a, player_a)
    link_player(match.entry_b, player_b)
    client.force_login(player_a)
    for number, board in enumerate(game_25_0("A"), 1):
        assert client.post(page(match), board_post(match, 1, number, board)).status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.result_entered_by == player_a
    response = client.post(page(match), {"action": "confirm"}, follow=True)
    assert "the player of the other side confirms the score card" in response.content.decode()
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    client.force_login(player_b)
    client.post(page(match), {"action": "confirm"})
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    assert set(match.boards.values_list("confirmed_by", flat=True)) == {player_b.pk}


# ---------------------------------------------------------------- game-level entries on the page


def test_queen2_page_offers_the_tie_breaker_when_the_set_is_level(client, tournament, umpire):
    match = make_match(tournament, rule_set="queen2", umpire=umpire)
    for board in [win("A", 3), win("B", 3), win("A", 3), win("B", 3)]:
        add_board(match, None, board)
    client.force_login(umpire)
    html = client.get(page(match)).content.decode()
    assert "a tie-breaker decides it" in html and "queen2 ¶12-16" in html
    assert 'name="tie_breaker-first"' in html and 'name="board-winner"' not in html
    post = {"action": "tie_breaker", "tie_breaker-game": 1, "tie_breaker-first": "A"}
    gap = client.post(page(match), {**post, "tie_breaker-a1": "", "tie_breaker-a2": "in"})
    assert "leaving no gap" in gap.content.decode()
    wrong = client.post(page(match), {**post, "tie_breaker-b1": "in"})  # B out of turn: A took the first chance
    assert "alternately" in wrong.content.decode() and match.card_extras == {}
    chances = {"tie_breaker-a1": "in", "tie_breaker-b1": "out", "tie_breaker-a2": "in", "tie_breaker-b2": "out"}
    assert client.post(page(match), {**post, **chances}).status_code == 302
    match.refresh_from_db()
    assert match.card_extras["1"]["tie_breaker"] == {"first": "A", "attempts": {"A": [True, True], "B": [False, False]}}
    html = client.get(page(match, "match-detail")).content.decode()
    assert f"Tie-breaker, {match.entry_a} first" in html and "decided by the tie breaker" in html


def test_queen2_page_sudden_death_round_by_round(client, tournament, umpire):
    match = make_match(tournament, rule_set="queen2", umpire=umpire)
    for board in [win("A", 3), win("B", 3), win("A", 3), win("B", 3)]:
        add_board(match, None, board)
    client.force_login(umpire)
    level = {f"tie_breaker-{side}{n}": "in" for side in "ab" for n in (1, 2, 3)}
    client.post(page(match), {"action": "tie_breaker", "tie_breaker-game": 1, "tie_breaker-first": "B", **level})
    html = client.get(page(match)).content.decode()
    assert "sudden death decides game 1" in html and 'name="sudden_death-a"' in html  # queen2 ¶14
    round_1 = {"action": "sudden_death", "sudden_death-game": 1, "sudden_death-round": 1}
    client.post(page(match), {**round_1, "sudden_death-a": "in", "sudden_death-b": "in"})
    again = client.post(page(match), {**round_1, "sudden_death-a": "out", "sudden_death-b": "in"})
    assert "Round 1 of the sudden death is already on the card" in again.content.decode()
    round_2 = {**round_1, "sudden_death-round": 2, "sudden_death-a": "out", "sudden_death-b": "in"}
    client.post(page(match), round_2)
    match.refresh_from_db()
    assert match.card_extras["1"]["sudden_death"] == [{"A": True, "B": True}, {"A": False, "B": True}]
    assert match.games.get(number=1).winner_side == "B"  # queen2 ¶15


def test_ecc_page_offers_the_unfinished_board_once_the_second_bell_has_rung(client, tournament, umpire):
    match = make_match(tournament, rule_set="ecc", umpire=umpire)
    add_board(match, None, win("A", 5))
    add_board(match, None, win("B", 2))
    clock = RoundClockFactory(round=match.round, started_at=timezone.now() - timedelta(minutes=30))
    client.force_login(umpire)
    html = client.get(page(match)).content.decode()
    assert 'name="unfinished-coins_a"' not in html  # ECC 41: not before the second bell
    assert "data-round-clock" in html  # the round clock on the umpire's page
    clock.started_at -= timedelta(minutes=30)
    clock.first_bell_at -= timedelta(minutes=30)
    clock.second_bell_at -= timedelta(minutes=30)
    clock.save()
    html = client.get(page(match)).content.decode()
    assert 'name="unfinished-coins_a"' in html and 'name="unfinished-board_no" value="3"' in html
    post = {"action": "unfinished", "unfinished-game": 1, "unfinished-board_no": 3, "unfinished-queen_held_by": "B"}
    wrong = client.post(page(match), {**post, "unfinished-coins_a": 2, "unfinished-coins_b": 12})
    assert "ECC 41: each player has 0 to 9 c/m left" in wrong.content.decode()
    client.post(page(match), {**post, "unfinished-coins_a": 2, "unfinished-coins_b": 6})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and (match.score_a, match.score_b) == (9, 2)  # ECC 41: 6 - 2 to A
    html = client.get(page(match, "match-detail")).content.decode()
    assert "Board 3 unfinished at the second bell" in html and "4 to " in html and "time limit (second bell)" in html
    assert "data-round-clock" not in client.get(page(match)).content.decode()  # a finished match: no countdown


# ---------------------------------------------------------------- public match page


def test_public_match_page_shows_the_card_read_only(client, tournament, umpire):
    match = make_match(tournament, umpire=umpire, table=7)
    for board in GAME_25_3:
        add_board(match, None, board)
    response = client.get(page(match, "match-detail"))
    assert response.status_code == 200
    html = response.content.decode()
    assert str(match.entry_a) in html and str(match.entry_b) in html and umpire.username in html
    assert "In play" in html and match.round.display_name in html and "<dd>7</dd>" in html
    assert html.count('class="num total"') == 8  # 4 boards, two running totals each (ICF XIX columns 4, 7)
    assert "25–3" in html and "points target reached" in html
    assert 'name="board-winner"' not in html and page(match) not in html  # no card link for visitors
    assert reverse("match-history", args=[tournament.slug, match.pk]) not in html
    assert 'data-live-url="' in html and "?fragment=1" in html


def test_public_match_page_fragment_for_live_refresh(client, tournament):
    match = make_match(tournament)
    url = page(match, "match-detail") + "?fragment=1"
    first = client.get(url)
    assert first.status_code == 200 and b"<html" not in first.content and b"No board played yet" in first.content
    version = first["X-Live-Version"]
    assert client.get(url, headers={"X-Live-Version": version}).status_code == 204  # nothing changed
    add_board(match, None, win("A", 4))
    changed = client.get(url, headers={"X-Live-Version": version})
    assert changed.status_code == 200 and b'class="num total">4<' in changed.content


def test_officials_see_links_to_the_card_and_the_history(client, tournament, secretary):
    match = make_match(tournament)
    client.force_login(secretary)
    html = client.get(page(match, "match-detail")).content.decode()
    assert page(match) in html and page(match, "match-history") in html


def test_match_of_a_preview_round_is_hidden_from_the_public(client, tournament, secretary):
    match = make_match(tournament)
    Round.objects.filter(pk=match.round_id).update(status=Round.Status.DRAFT)
    assert client.get(page(match, "match-detail")).status_code == 404
    client.force_login(secretary)
    assert client.get(page(match, "match-detail")).status_code == 200


def test_stage_page_links_each_match_to_its_page(client, tournament):
    match = make_match(tournament, kind=Stage.Kind.SWISS)
    html = client.get(match.stage.get_absolute_url()).content.decode()
    assert f'href="{page(match, "match-detail")}"' in html


# ---------------------------------------------------------------- history


def test_history_is_for_the_secretary_not_the_umpire_or_players(client, tournament, secretary, umpire):
    match = make_match(tournament, umpire=umpire)
    add_board(match, None, win("A", 3, queen=True), user=umpire)
    url = page(match, "match-history")
    client.force_login(umpire)
    assert client.get(url).status_code == 403
    client.logout()
    assert client.get(url).status_code == 302
    client.force_login(secretary)
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Board added" in html and "Status changed" in html and umpire.username in html
    assert "status: scheduled" in html and "status: in play" in html  # before → after
    assert f"Game 1, board 1: {match.entry_a} broke; {match.entry_a} won, 3 c/m left" in html


def test_history_reads_toss_result_and_replay_with_the_reason(client, tournament, secretary):
    from matches.scoring.services import record_toss, replay_from_board

    match = make_match(tournament)
    record_toss(match, "b", "side", user=secretary)
    for board in GAME_25_3:
        add_board(match, None, board)
    replay_from_board(match, 1, 4, user=secretary, reason="Protest upheld: board 4 replayed")
    client.force_login(secretary)
    html = client.get(page(match, "match-history")).content.decode()
    assert f"toss won by {match.entry_b}, chose side" in html and f"{match.entry_a} breaks first" in html
    assert "Replay from board" in html and "Protest upheld: board 4 replayed" in html
    assert "replay from game 1, board 4" in html and "no toss recorded" in html
    assert "voided: Game 1, board 4" in html


def test_walkover_and_bye_pages_show_no_card_to_fill(client, tournament, secretary):
    from matches.scoring.services import record_walkover

    match = make_match(tournament)
    record_walkover(match, "b", user=secretary)
    bye = make_match(tournament, entry_b=None)
    html = client.get(page(match, "match-detail")).content.decode()
    assert f"{match.entry_a.name}: won by walk-over" in html and "No board played yet" not in html
    assert client.get(page(bye, "match-detail")).status_code == 200
    client.force_login(secretary)
    html = client.get(page(match)).content.decode()
    assert 'name="action"' not in html and "Match over" not in html
    response = client.post(page(match), board_post(match, 1, 1, win("A", 3)), follow=True)
    assert "That entry is not open on this score card now" in response.content.decode()


def test_the_card_offers_a_protest_once_the_match_is_under_way(client, tournament, umpire):
    match = make_match(tournament, umpire=umpire, table=4)
    client.force_login(umpire)
    protest = reverse("protest-log", args=[tournament.slug, match.pk])
    assert protest not in client.get(page(match)).content.decode()  # the players are still awaited
    assert protest not in client.get(page(match, "match-detail")).content.decode()
    client.post(page(match), board_post(match, 1, 1, GAME_25_3[0]))
    card = client.get(page(match)).content.decode()
    assert protest in card and card.index("Log a protest") > card.index('id="entry"')
    assert protest in client.get(page(match, "match-detail")).content.decode()


def test_after_a_board_the_saved_message_stands_at_the_next_entry(client, tournament, umpire):
    match = make_match(tournament, umpire=umpire, table=4)
    client.force_login(umpire)
    card = client.post(page(match), board_post(match, 1, 1, GAME_25_3[0]), follow=True).content.decode()
    entry = card.index('id="entry"')
    message = card.index('class="message success"')
    assert entry < message < card.index('name="board-board"')
