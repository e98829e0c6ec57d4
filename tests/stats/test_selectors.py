"""The game's statistics from the score cards: what counts (non-voided boards of decided, published, unwithheld
matches), who is credited (each side's players; a rubber's line-up), and the figures (ICF 26, 43, 52, 55)."""

import pytest

from stages.models import Match, Round
from stats import selectors
from tests.factories import BoardFactory, EntryFactory, LineUpFactory, MatchFactory, PlayerFactory, RoundFactory
from tournaments.models import Event

pytestmark = pytest.mark.django_db
S = Match.Status


@pytest.fixture
def event(tournament):
    return RoundFactory(stage__event__tournament=tournament).stage.event


def confirmed(event, **fields):
    rnd = RoundFactory(stage__event=event)
    return MatchFactory(round=rnd, status=S.CONFIRMED, **fields)


def players(match):
    return match.entry_a.members.get().player, match.entry_b.members.get().player


def test_a_confirmed_card_credits_each_side_icf_26_43_52(event):
    match = confirmed(event)
    a, b = players(match)
    # Board 1: A breaks and makes a white slam (9 c/m + queen = 12, ICF 26(a), 55).
    BoardFactory(match=match, number=1, breaker="A", winner="A", awarded_to="A", coins_left_of_loser=9, points=12,
                 queen="covered_by_winner", slam="white")  # fmt: skip
    # Board 2: B breaks, A makes a black slam; the queen was B's (ICF 26(b): without the queen); B owed 2 dues.
    BoardFactory(match=match, number=2, breaker="B", winner="A", awarded_to="A", coins_left_of_loser=6, points=6,
                 queen="covered_by_loser", slam="black", loser_outstanding_dues=2)  # fmt: skip
    # Board 3: A breaks, B wins with the queen.
    BoardFactory(match=match, number=3, breaker="A", winner="B", awarded_to="B", coins_left_of_loser=2, points=5,
                 queen="covered_by_winner")  # fmt: skip
    figures = {key[0]: value for key, value in selectors.figures_by_player(selectors.event_boards(event)).items()}
    fa, fb = figures[a.pk], figures[b.pk]
    assert (fa.boards, fa.won, fa.breaks, fa.breaks_won, fa.queens) == (3, 2, 2, 1, 1)
    assert (fa.white_slams, fa.black_slams, fa.slams, fa.points, fa.average, fa.dues) == (1, 1, 2, 18, 9, 0)
    assert (fb.boards, fb.won, fb.breaks, fb.breaks_won, fb.queens) == (3, 1, 1, 0, 2)
    assert (fb.slams, fb.points, fb.average, fb.dues) == (0, 5, 5, 2)


def test_only_what_counts_is_counted(event, tournament):
    counted = confirmed(event)
    BoardFactory(match=counted, number=1, slam="white", queen="covered_by_winner")
    BoardFactory(match=counted, number=2, voided=True, slam="white", queen="covered_by_winner")  # a replay voided it
    for fields in (
        {"status": S.FINISHED},  # not confirmed yet
        {"status": S.CONFIRMED, "result_withheld": True},  # a protest withholds it (ICF 150)
    ):
        BoardFactory(match=MatchFactory(round=counted.round, **fields), slam="white", queen="covered_by_winner")
    preview = RoundFactory(stage=counted.stage, status=Round.Status.DRAFT)
    BoardFactory(match=MatchFactory(round=preview, status=S.CONFIRMED), slam="white", queen="covered_by_winner")
    boards = selectors.event_boards(event)
    assert selectors.totals(boards) == {"boards": 1, "white_slams": 1, "black_slams": 0, "queens": 1}
    assert [row.board.pk for row in selectors.slam_rows(boards)] == [counted.boards.get(voided=False).pk]
    assert sum(row.figures.boards for row in selectors.leaderboard(boards)) == 2  # the two players of one board


def test_old_results_without_boards_add_nothing_and_sol_boards_no_breaks(event):
    final_only = confirmed(event, score_a=25, score_b=3)  # a final score only: no board
    sol = confirmed(event)
    BoardFactory(match=sol, law="SoL", breaker="A", queen="covered_by_winner")  # SoL records no breaker
    figures = selectors.figures_by_player(selectors.event_boards(event))
    a_old, _ = players(final_only)
    assert (a_old.pk,) not in figures
    a_sol, _ = players(sol)
    row = figures[(a_sol.pk,)]
    assert (row.boards, row.won, row.breaks, row.queens, row.slams) == (1, 1, 0, 1, 0)


def test_doubles_credit_both_partners(tournament):
    event = RoundFactory(stage__event__tournament=tournament, stage__event__kind=Event.Kind.DOUBLES).stage.event
    match = confirmed(event)
    BoardFactory(match=match, slam="white", queen="covered_by_winner")
    pair = [member.player.pk for member in match.entry_a.members.all()]
    figures = selectors.figures_by_player(selectors.event_boards(event))
    assert len(pair) == 2 and all(figures[(pk,)].white_slams == 1 for pk in pair)


def test_a_rubber_credits_its_line_up_not_the_whole_team(tournament):
    event = RoundFactory(stage__event__tournament=tournament, stage__event__kind=Event.Kind.TEAM_TIES).stage.event
    team_a, team_b = (EntryFactory(event=event, members=[PlayerFactory(), PlayerFactory()]) for _ in "ab")
    tie = confirmed(event, entry_a=team_a, entry_b=team_b)
    rubber = MatchFactory(round=tie.round, tie=tie, rubber=1, entry_a=team_a, entry_b=team_b, status=S.CONFIRMED)
    first_a, second_a = (m.player for m in team_a.members.order_by("position"))
    first_b = team_b.members.order_by("position").first().player
    LineUpFactory(tie=tie, side="a", rubber=1, player=second_a)
    LineUpFactory(tie=tie, side="b", rubber=1, player=first_b)
    LineUpFactory(tie=tie, side="a", rubber=2, player=first_a)  # another rubber: not this board
    BoardFactory(match=rubber, breaker="B", winner="A", awarded_to="A", slam="black", queen="covered_by_winner")
    figures = selectors.figures_by_player(selectors.event_boards(event))
    assert set(figures) == {(second_a.pk,), (first_b.pk,)}
    assert figures[(second_a.pk,)].black_slams == 1 and figures[(first_b.pk,)].breaks == 1
    made = selectors.player_slams(selectors.event_boards(event), second_a)
    assert [row.board.slam for row in made] == ["black"]
    assert selectors.player_slams(selectors.event_boards(event), first_a) == []


def test_a_player_per_event_and_across_tournaments(event, tournament):
    match = confirmed(event)
    a, b = players(match)
    BoardFactory(match=match, slam="white", queen="covered_by_winner", points=12)
    other_event = RoundFactory(stage__event__tournament=tournament).stage.event
    later = confirmed(other_event, entry_a=EntryFactory(event=other_event, members=[a]))
    BoardFactory(match=later, breaker="B", winner="B", awarded_to="B", points=3)
    page = selectors.player_page(tournament, a)
    rows = [(row[0].pk, row[1].boards, row[1].won) for row in page["rows"]]
    assert rows == [(event.pk, 1, 1), (other_event.pk, 1, 0)]
    assert (page["total"].boards, page["total"].slams, page["total"].average) == (2, 1, 12)
    assert [row.entry.pk for row in page["slams"]] == [match.entry_a_id]
    assert selectors.player_page(tournament, b)["slams"] == []
    archive = selectors.archive_player_page(a)
    assert [(row[0].pk, row[1].boards) for row in archive["rows"]] == [(tournament.pk, 2)]


def test_a_draft_tournament_stays_out_of_the_archive(tournament):
    tournament.status = "draft"
    tournament.save()
    match = confirmed(RoundFactory(stage__event__tournament=tournament).stage.event)
    BoardFactory(match=match, slam="white", queen="covered_by_winner")
    assert selectors.archive_player_page(players(match)[0])["rows"] == []


def test_the_leaderboard_asks_a_fixed_number_of_queries(event, django_assert_max_num_queries):
    for _ in range(6):
        match = confirmed(event)
        for number in range(1, 4):
            BoardFactory(match=match, number=number, slam="white" if number == 1 else "", queen="covered_by_winner")
    with django_assert_max_num_queries(7):
        page = selectors.event_page(event)
        assert len(page["leaders"]) == 12 and len(page["slams"]) == 6
        [(row.entry.name, row.opponent.name, row.match.round.display_name) for row in page["slams"]]
