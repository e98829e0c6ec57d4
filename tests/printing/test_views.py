"""Printing from the database: score cards for umpires (ICF XIX), pairings, results and
standings for everyone who sees the tournament; previews for secretaries only; queries fixed per round."""

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.scoring.scorecard import add_board
from printing import pdf as printing
from printing import selectors as print_data
from stages.models import Match, Round, Stage
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    GroupFactory,
    GroupMemberFactory,
    MatchFactory,
    PlayerFactory,
    RoundFactory,
    StageFactory,
    TournamentFactory,
    UserFactory,
)
from tests.helpers import GAME_25_3, make_round
from tests.printing.test_pdf import page_count, pdf_text
from tournaments.models import Club, Event

pytestmark = pytest.mark.django_db

PLANNED = datetime(2026, 12, 5, 14, 30, tzinfo=UTC)


@pytest.fixture(autouse=True)
def readable_pdfs(monkeypatch):
    monkeypatch.setattr(printing, "COMPRESS", False)


@pytest.fixture
def umpire(tournament):
    user = UserFactory(first_name="Rajesh", last_name="Kumar")
    tournament.umpires.add(user)
    return user


def entry(event, *names, country="IND", club="Mumbai CC"):
    club, _ = Club.objects.get_or_create(name=club, defaults={"country": country})
    players = [PlayerFactory(first_name=first, last_name=last, country=country, club=club) for first, last in names]
    return EntryFactory(event=event, members=players)


def round_of(tournament, matches=2, rule_set="icf", status=Round.Status.PUBLISHED, event="Men's singles", **fields):
    rnd = make_round(tournament, rule_set, number=1, status=status, stage__name="Swiss", stage__event__name=event)
    for number in range(1, matches + 1):
        MatchFactory(round=rnd, number=number, table=number, planned_at=PLANNED, **fields)
    return rnd


def get_pdf(client, name, *args, query=""):
    response = client.get(reverse(name, args=args) + query)
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    assert (
        response["Content-Disposition"].startswith('inline; filename="') and ".pdf" in response["Content-Disposition"]
    )
    assert response.content.startswith(b"%PDF")
    return response.content


def test_umpire_prints_every_match_of_a_round_on_its_own_card_and_byes_get_none(client, tournament, umpire):
    rnd = round_of(tournament, matches=3, umpire=umpire)
    MatchFactory(round=rnd, number=4, entry_b=None, status=Match.Status.BYE)
    client.force_login(umpire)
    data = get_pdf(client, "print-round-score-cards", tournament.slug, rnd.pk)
    assert page_count(data) == 3
    response = client.get(reverse("print-round-score-cards", args=[tournament.slug, rnd.pk]))
    assert (
        response["Content-Disposition"]
        == f'inline; filename="{tournament.slug}-mens-singles-swiss-round-1-score-cards.pdf"'
    )


def test_a_filled_card_has_header_players_and_the_boards_in_the_icf_columns(client, tournament, umpire):
    rnd = round_of(tournament, matches=0)
    event = rnd.stage.event
    hans = entry(event, ("Hans", "Müller"), country="GER", club="Berlin CC")
    sarka = entry(event, ("Šárka", "Nováková"), country="CZE", club="Praha")
    match = MatchFactory(round=rnd, number=7, table=3, planned_at=PLANNED, umpire=umpire, entry_a=hans, entry_b=sarka)
    for board in GAME_25_3:
        add_board(match, None, board)
    client.force_login(umpire)
    data = get_pdf(client, "print-match-score-card", tournament.slug, match.pk)
    assert page_count(data) == 1
    text = pdf_text(data)
    for expected in (tournament.name, "Men's singles", "Round 1", "Sat 5 Dec 2026", "14:30", "Rajesh Kumar"):
        assert expected in text
    assert "MATCH NO.\n7\n" in text and "C/B No.\n3\n" in text
    assert "Hans Müller" in text and "Šárka Nováková" in text
    assert "Berlin CC (GER)" in text and "Praha (CZE)" in text
    # ICF XIX columns; ICF 53-55: 5 c/m + queen 3, B's 3 c/m, 9 c/m + queen = 12, 5 c/m; 'Nil' in the other columns.
    assert "\n1\nA Müller\n3\n5\n8\nNil\nNil\n0\n" in text
    assert "\n2\nB Nováková\nNil\nNil\n8\nNil\n3\n3\n" in text
    assert "\n3\nA Müller\n3\n9\n20\nNil\nNil\n3\n" in text
    assert "\n4\nB Nováková\nNil\n5\n25\nNil\nNil\n3\n" in text


def test_a_doubles_card_names_both_partners_and_the_toss(client, tournament, umpire):
    rnd = round_of(tournament, matches=0)
    Event.objects.filter(pk=rnd.stage.event_id).update(kind=Event.Kind.DOUBLES)
    event = rnd.stage.event
    pair_a = entry(event, ("Anil", "Rao"), ("Prakash", "Iyer"))
    pair_b = entry(event, ("Sunita", "Deshpande"), ("Meera", "Pillai"))
    match = MatchFactory(round=rnd, entry_a=pair_a, entry_b=pair_b, toss_winner="b", toss_choice="side")
    client.force_login(umpire)
    text = pdf_text(get_pdf(client, "print-match-score-card", tournament.slug, match.pk))
    assert all(name in text for name in ("Anil Rao", "Prakash Iyer", "Sunita Deshpande", "Meera Pillai"))
    # ICF 39: the toss winner and his choice.
    assert "TOSS WON BY\nB · Sunita Deshpande & Meera Pillai\n" in text and "CHOICE OF TOSS WINNER\nSide" in text


def test_blank_round_cards_carry_only_the_round_header(client, tournament, umpire):
    rnd = round_of(tournament, matches=2)
    names = [m.entry_a.name for m in rnd.matches.select_related("entry_a")]
    client.force_login(umpire)
    data = get_pdf(client, "print-round-score-cards", tournament.slug, rnd.pk, query="?blank=1")
    text = pdf_text(data)
    assert page_count(data) == 2
    assert tournament.name in text and "Round 1" in text and "Men's singles" in text
    assert not any(name in text for name in names)
    assert "MATCH NO.\nUMPIRE\n" in text  # empty fields


def test_blank_event_cards_by_count_shaped_by_the_rule_set(client, tournament, umpire):
    icf = EventFactory(tournament=tournament, rule_set="icf")
    ecc = EventFactory(tournament=tournament, rule_set="ecc")
    client.force_login(umpire)
    data = get_pdf(client, "print-blank-score-cards", tournament.slug, icf.pk, query="?count=3")
    text = pdf_text(data)
    assert page_count(data) == 3 and tournament.name not in text
    assert "GAME 3" in text and "extra board" in text  # ICF 57 best of three; ICF 56(b) extra board rows
    text = pdf_text(get_pdf(client, "print-blank-score-cards", tournament.slug, ecc.pk, query="?count=1"))
    assert "GAME 1" in text and "GAME 2" not in text and "\n9\n" not in text  # ECC: one game of 8 boards
    assert page_count(get_pdf(client, "print-blank-score-cards", tournament.slug, icf.pk)) == 10
    url = reverse("print-blank-score-cards", args=[tournament.slug, icf.pk])
    for bad in ("0", "201", "ten", "-1"):
        response = client.get(url, {"count": bad})
        assert response.status_code == 400 and b"count: give a whole number of cards from 1 to 200" in response.content


def test_score_cards_are_for_the_tournaments_officials_and_umpires(client, tournament, umpire):
    rnd = round_of(tournament, matches=1)
    match = rnd.matches.get()
    urls = [
        reverse("print-round-score-cards", args=[tournament.slug, rnd.pk]),
        reverse("print-match-score-card", args=[tournament.slug, match.pk]),
        reverse("print-blank-score-cards", args=[tournament.slug, rnd.stage.event_id]),
    ]
    for url in urls:
        assert client.get(url).status_code == 302  # log in first
    player = match.entry_a.members.get().player
    player.user = UserFactory()
    player.save()
    other_umpire = UserFactory()
    TournamentFactory().umpires.add(other_umpire)
    for user in (UserFactory(), player.user, other_umpire):
        client.force_login(user)
        assert [client.get(url).status_code for url in urls] == [403, 403, 403]
    chief = UserFactory()
    tournament.chief_referees.add(chief)
    for user in (chief, tournament.secretaries.get(), umpire):
        client.force_login(user)
        assert [client.get(url).status_code for url in urls] == [200, 200, 200]


def test_a_draft_tournament_prints_nothing_for_outsiders(client):
    tournament = TournamentFactory(status="draft")
    rnd = round_of(tournament, matches=1)
    client.force_login(UserFactory())
    for name, arg in (("print-pairings", rnd.pk), ("print-results", rnd.pk), ("print-standings", rnd.stage_id)):
        assert client.get(reverse(name, args=[tournament.slug, arg])).status_code == 404


def test_a_preview_round_prints_for_secretaries_only(client, tournament, umpire):
    rnd = round_of(tournament, matches=2, status=Round.Status.DRAFT)
    match = rnd.matches.first()
    names = ["print-pairings", "print-results"]
    for name in names:
        assert client.get(reverse(name, args=[tournament.slug, rnd.pk])).status_code == 404
    client.force_login(umpire)
    for name in [*names, "print-round-score-cards"]:
        assert client.get(reverse(name, args=[tournament.slug, rnd.pk])).status_code == 404
    assert client.get(reverse("print-match-score-card", args=[tournament.slug, match.pk])).status_code == 404
    client.force_login(tournament.secretaries.get())
    text = pdf_text(get_pdf(client, "print-pairings", tournament.slug, rnd.pk))
    assert "PREVIEW: not published, may still change." in text and match.entry_a.name in text
    assert page_count(get_pdf(client, "print-round-score-cards", tournament.slug, rnd.pk)) == 2


def test_pairing_sheet_for_everyone_with_table_time_sides_and_umpire(client, tournament, umpire):
    rnd = round_of(tournament, matches=2, umpire=umpire)
    MatchFactory(round=rnd, number=3, entry_b=None, status=Match.Status.BYE)
    data = get_pdf(client, "print-pairings", tournament.slug, rnd.pk)
    text = pdf_text(data)
    first = rnd.matches.select_related("entry_a", "entry_b").get(number=1)
    # A Swiss round's first: every side has 0 points before it (and no rating known).
    assert f"\n1\n1\n14:30\n{first.entry_a.name}\n0 pts\nv\n{first.entry_b.name}\n0 pts\nRajesh Kumar\n" in text
    assert "Sat 5 Dec 2026" in text and "Pairings · Round 1" in text and "bye" in text


def test_pairings_and_results_of_a_groups_round_by_group(client, tournament):
    stage = StageFactory(event=EventFactory(tournament=tournament), kind=Stage.Kind.GROUPS, group_count=2)
    rnd = RoundFactory(stage=stage, number=1)
    for number in (1, 2):
        group = GroupFactory(stage=stage, number=number)
        MatchFactory(round=rnd, group=group, number=1)
    text = pdf_text(get_pdf(client, "print-pairings", tournament.slug, rnd.pk))
    assert text.index("Group A") < text.index("Group B")
    text = pdf_text(get_pdf(client, "print-results", tournament.slug, rnd.pk))
    assert "Group A" in text and "Group B" in text


def test_results_sheet_scores_winners_and_what_is_not_final(client, tournament):
    rnd = round_of(tournament, matches=0)
    confirmed = MatchFactory(round=rnd, number=1, status="confirmed", score_a=62, score_b=47, games_a=2, games_b=1)
    finished = MatchFactory(round=rnd, number=2, status="finished", score_a=10, score_b=25, games_a=0, games_b=1)
    walkover = MatchFactory(round=rnd, number=3, status="walkover", score_a=0, score_b=25)
    MatchFactory(round=rnd, number=4, status="confirmed", score_a=25, score_b=3, result_withheld=True)
    Match.objects.filter(pk=confirmed.pk).update(winner=confirmed.entry_a)
    Match.objects.filter(pk=finished.pk).update(winner=finished.entry_b)
    Match.objects.filter(pk=walkover.pk).update(winner=walkover.entry_b)
    text = pdf_text(get_pdf(client, "print-results", tournament.slug, rnd.pk))
    assert f"\n{confirmed.entry_a.name}\n2–1 (62–47)\n{confirmed.entry_b.name}\n" in text
    assert f"\n{finished.entry_a.name}\n10–25\n{finished.entry_b.name}\nto confirm\n" in text
    assert f"\n{walkover.entry_a.name}\nW/O\n{walkover.entry_b.name}\nwalkover / forfeit\n" in text
    assert "\n25–3\n" in text and "withheld: protest pending" in text  # ICF 150


def decided(rnd, number, winner, loser, score=(25, 10), **fields):
    return MatchFactory(
        round=rnd, number=number, entry_a=winner, entry_b=loser, status="confirmed", winner=winner,
        score_a=score[0], score_b=score[1], games_a=1, games_b=0, **fields,
    )  # fmt: skip


def test_swiss_standings_with_country_and_club_and_the_tie_breaks(client, tournament):
    rnd = round_of(tournament, matches=0, rule_set="ecc")
    event = rnd.stage.event
    hans = entry(event, ("Hans", "Müller"), country="GER", club="Berlin CC")
    anil = entry(event, ("Anil", "Rao"))
    decided(rnd, 1, hans, anil, (25, 10))
    RoundFactory(stage=rnd.stage, number=2, status=Round.Status.DRAFT)
    text = pdf_text(get_pdf(client, "print-standings", tournament.slug, rnd.stage_id))
    assert "Standings · Swiss" in text and "After round 1" in text
    assert "\nP\nPts\nBuchholz\nNet\nTotal\n" in text  # as the stage page shows them
    # Played 1, 2 points for the win (ECC), Buchholz 0 (the opponent has none), net +15, total 25.
    assert "\n1\nHans Müller\nBerlin CC (GER)\n1\n2\n0\n15\n25\n" in text
    assert "\n2\nAnil Rao\nMumbai CC (IND)\n1\n0\n2\n-15\n10" in text


def test_group_standings_one_table_per_group_and_knockouts_have_none(client, tournament):
    stage = StageFactory(event=EventFactory(tournament=tournament), kind=Stage.Kind.GROUPS, group_count=1)
    rnd = RoundFactory(stage=stage, number=1)
    group = GroupFactory(stage=stage, number=1)
    first, second = (GroupMemberFactory(group=group).entry for _ in range(2))
    decided(rnd, 1, first, second, group=group)
    text = pdf_text(get_pdf(client, "print-standings", tournament.slug, stage.pk))
    assert "Group A" in text and "\nP\nW\nD\nL\nNet\nPts\n" in text
    assert f"\n1\n{first.name}\n" in text and f"\n2\n{second.name}\n" in text
    knockout = StageFactory(event=stage.event, kind=Stage.Kind.KNOCKOUT)
    assert client.get(reverse("print-standings", args=[tournament.slug, knockout.pk])).status_code == 404


@pytest.mark.parametrize("name", ["print-round-score-cards", "print-pairings", "print-results"])
def test_queries_do_not_grow_with_the_round(client, tournament, umpire, name):
    counts = []
    client.get(tournament.get_absolute_url())  # the tournament's language is looked up once, then kept in the cache
    for size in (10, 50):
        rnd = round_of(tournament, matches=size, umpire=umpire, event=f"Singles {size}")
        for match in rnd.matches.all()[: size // 5]:  # score cards replay their boards (ICF XIX)
            add_board(match, None, GAME_25_3[0])
        client.force_login(umpire)
        with CaptureQueriesContext(connection) as queries:
            assert page_count(get_pdf(client, name, tournament.slug, rnd.pk)) >= 1
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 12, counts  # session, user, tournament, 3 permission checks, round, data


def test_stage_page_links_to_the_prints_score_cards_for_umpires_only(client, tournament, umpire):
    rnd = round_of(tournament, matches=1)
    stage_url = rnd.stage.get_absolute_url()
    page = client.get(stage_url).content.decode()
    assert reverse("print-pairings", args=[tournament.slug, rnd.pk]) in page
    assert reverse("print-standings", args=[tournament.slug, rnd.stage_id]) in page
    assert reverse("print-round-score-cards", args=[tournament.slug, rnd.pk]) not in page
    client.force_login(umpire)
    page = client.get(stage_url).content.decode()
    assert reverse("print-round-score-cards", args=[tournament.slug, rnd.pk]) in page
    assert reverse("print-blank-score-cards", args=[tournament.slug, rnd.stage.event_id]) in page


@pytest.mark.parametrize(
    ("rule_set", "round_key", "games", "rows", "limit", "note"),
    [
        ("icf", "league", 3, 10, 8, "the extra board when the scores are level (ICF 56(b))"),  # ICF 56(b), 57
        ("icf", "quarter_final", 3, 12, None, ""),  # ICF 56(b): from quarter-finals 25 points only
        ("ecc", "league", 1, 8, 8, ""),  # ECC 39: 8 boards, level is a draw
        ("queen2", "league", 3, 6, 4, "the tie-breaker when the scores are level (queen2 ¶12-16)"),
        ("office", "league", 1, 1, 1, ""),  # office (Game Rules): a group game is one board
        ("office", None, 1, 12, None, ""),  # a blank event card: no stage, so no board limit
    ],
)
def test_card_shape_follows_the_rule_set_and_the_round(rule_set, round_key, games, rows, limit, note):
    shape = print_data.card_shape(Event(rule_set=rule_set), Stage(), round_key)
    assert (shape["games"], shape["board_rows"], shape["board_limit"]) == (games, rows, limit)
    assert note in shape["extra_rows_note"] and bool(note) == bool(shape["extra_rows_note"])


def test_a_stage_may_play_longer_matches_than_its_rule_set():
    shape = print_data.card_shape(Event(rule_set="ecc"), Stage(games_per_match=3), "final")
    assert shape["games"] == 3 and shape["queen_value"] == 3  # ECC 33: the queen is worth 3


def test_a_card_the_rules_app_cannot_replay_still_prints_its_boards(tournament):
    match = MatchFactory(round=round_of(tournament, matches=0), status="in_play")
    special = {"situation": "no-such-finish", "striker": "A"}
    BoardFactory(match=match, number=1, points=10, total_a=10, law="ICF 104(a)", special_ending=special)
    card = print_data.match_card(print_data.card_matches().get(pk=match.pk))
    line = card.boards[1][0]
    assert (line.awarded_to, line.queen, line.coins, line.total_a, line.total_b) == ("A", 0, 10, 10, 0)
    assert card.remarks == ["* Game 1, board 1: ICF 104(a)"]  # special finishes go to the umpire's remarks
