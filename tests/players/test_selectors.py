"""A player's schedule: next match, results, notifications (the personal link's token: tests/players/test_links.py)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from players.selectors import player_schedule, tournament_players
from stages.models import Match, Round
from tests.factories import NotificationFactory, RoundClockFactory, TournamentFactory, UserFactory, VenueFactory
from tests.player_helpers import at, confirmed, many_matches, play, player_world

pytestmark = pytest.mark.django_db


def test_next_match_is_the_earliest_scheduled_one_across_singles_and_doubles(tournament):
    world = player_world(tournament)
    play(world.singles_stage, world.singles, 1, table=2, planned_at=at(1))
    doubles = play(world.doubles_stage, world.doubles, 1, side="b", table=5, planned_at=at(0, 30))
    play(world.singles_stage, world.singles, 2)  # no table, no time yet
    schedule = player_schedule(tournament, world.player)
    assert schedule.next_match.match == doubles  # the doubles pair counts: the player is in it
    assert schedule.next_match.side == "b" and schedule.next_match.entry == world.doubles
    assert [pm.match.planned_at for pm in schedule.later] == [at(1), None]
    assert {e.pk for e in schedule.entries} == {world.singles.pk, world.doubles.pk}


def test_finished_matches_are_skipped_and_draft_rounds_hidden(tournament):
    world = player_world(tournament)
    play(world.singles_stage, world.singles, 1, table=1, planned_at=at(0), status=Match.Status.FINISHED)
    play(world.singles_stage, world.singles, 2, table=1, planned_at=at(0, 10), status=Match.Status.WALKOVER)
    # A preview round's pairing may still change: never shown to players.
    play(world.doubles_stage, world.doubles, 1, table=3, planned_at=at(0, 20), round_status=Round.Status.DRAFT)
    upcoming = play(world.singles_stage, world.singles, 3, table=4, planned_at=at(2))
    schedule = player_schedule(tournament, world.player)
    assert schedule.next_match.match == upcoming
    assert schedule.later == []
    assert sorted(pm.match.status for pm in schedule.results) == ["finished", "walkover"]


def test_a_called_match_comes_before_an_earlier_planned_one(tournament):
    world = player_world(tournament)
    play(world.singles_stage, world.singles, 1, table=1, planned_at=at(0))
    called = play(world.doubles_stage, world.doubles, 1, table=2, planned_at=at(1), status=Match.Status.CALLED)
    assert player_schedule(tournament, world.player).next_match.match == called


def test_without_times_the_next_match_is_the_first_unscheduled_round(tournament):
    world = player_world(tournament)
    play(world.singles_stage, world.singles, 3)
    second = play(world.doubles_stage, world.doubles, 2)
    assert player_schedule(tournament, world.player).next_match.match == second


def test_other_tournaments_are_left_out(tournament):
    world = player_world(tournament)
    other = player_world(TournamentFactory(status="published"))
    play(other.singles_stage, other.singles, 1, table=1, planned_at=at(0))
    # The same person entered elsewhere: not this tournament's business.
    other.singles.members.update(player=world.player)
    assert player_schedule(tournament, world.player).next_match is None


def test_reporting_deadline_and_the_players_side_having_reported(tournament):
    # The player page shows the reporting deadline of the next match (ICF 143(i)).
    world = player_world(tournament)
    match = play(
        world.singles_stage,
        world.singles,
        1,
        side="b",
        table=1,
        planned_at=at(0),
        status=Match.Status.CALLED,
        report_deadline=at(0, 15),
        reported_a_at=at(0, 5),
    )
    pm = player_schedule(tournament, world.player).next_match
    assert pm.match == match and pm.match.report_deadline == at(0, 15)
    assert pm.reported_at is None  # side A reported, not the player's side B
    assert pm.late_arrival_law == "ICF 143(i)"
    match.reported_b_at = at(0, 14)
    match.save()
    assert player_schedule(tournament, world.player).next_match.reported_at == at(0, 14)


def test_round_clock_comes_with_the_match(tournament):
    # ECC 39-41: the round's bells are shown with the next match.
    world = player_world(tournament)
    match = play(world.singles_stage, world.singles, 1, table=1, planned_at=at(0))
    clock = RoundClockFactory(round=match.round, started_at=at(0))
    assert player_schedule(tournament, world.player).next_match.clock == clock
    match.round.clock.delete()
    assert player_schedule(tournament, world.player).next_match.clock is None


def test_results_from_the_players_side_latest_first(tournament):
    world = player_world(tournament)
    won = confirmed(world.singles_stage, world.singles, 1, score=(10, 25), side="b")
    lost = confirmed(world.singles_stage, world.singles, 2, score=(25, 17), side="b")
    won.finished_at, lost.finished_at = at(0), at(1)
    Match.objects.bulk_update([won, lost], ["finished_at"])
    results = player_schedule(tournament, world.player).results
    assert [(pm.match, pm.score, pm.outcome, pm.final) for pm in results] == [
        (lost, "17–25", "lost", True),
        (won, "25–10", "won", True),
    ]
    assert results[0].opponent == lost.entry_a and results[0].entry == world.singles


def test_best_of_three_score_shows_games_then_points(tournament):
    world = player_world(tournament)
    match = confirmed(world.singles_stage, world.singles, 1, score=(47, 62))
    match.games_a, match.games_b = 1, 2
    match.save()
    [pm] = player_schedule(tournament, world.player).results
    assert (pm.score, pm.outcome, pm.games_for, pm.points_for) == ("1–2 (47–62)", "lost", 1, 47)


def test_withheld_and_unconfirmed_results_are_not_shown_as_final(tournament):
    # ICF 150: while a protest is undecided the result is withheld: not final, no won/lost.
    world = player_world(tournament)
    withheld = confirmed(world.singles_stage, world.singles, 1)
    withheld.result_withheld = True
    withheld.save()
    finished = play(world.doubles_stage, world.doubles, 1, status=Match.Status.FINISHED, score_a=25, score_b=3)
    by_match = {pm.match: pm for pm in player_schedule(tournament, world.player).results}
    assert (by_match[withheld].final, by_match[withheld].outcome) == (False, "")
    assert "ICF 150" in by_match[withheld].result_note
    assert (by_match[finished].final, by_match[finished].result_note, by_match[finished].score) == (
        False,
        "to confirm",
        "25–3",
    )


def test_forfeit_of_both_sides_is_a_loss_for_each(tournament):
    # ICF 143(i): both absent, both lose.
    world = player_world(tournament)
    match = play(world.singles_stage, world.singles, 1, status=Match.Status.WALKOVER, forfeited="ab")
    [pm] = player_schedule(tournament, world.player).results
    assert pm.match == match
    assert (pm.outcome, pm.forfeited, pm.score) == ("lost", True, "both absent: lost by walk-over")


def test_bye(tournament):
    world = player_world(tournament)
    bye = play(world.singles_stage, world.singles, 1, status=Match.Status.BYE, score_a=25, score_b=0)
    bye.entry_b = None
    bye.save()
    [pm] = player_schedule(tournament, world.player).results
    assert (pm.opponent, pm.outcome, pm.score) == (None, "bye", "bye")


def test_notifications_are_the_players_own_in_this_tournament(tournament):
    user = UserFactory()
    world = player_world(tournament, user=user)
    mine = NotificationFactory(user=user, tournament=tournament, subject="Table changed")
    NotificationFactory(user=user, tournament=TournamentFactory())
    NotificationFactory(tournament=tournament)
    assert player_schedule(tournament, world.player).notifications == [mine]
    assert player_schedule(tournament, world.player, with_notifications=False).notifications == []


def test_player_not_entered_has_an_empty_schedule(tournament):
    world = player_world(TournamentFactory(status="published"))
    schedule = player_schedule(tournament, world.player)
    assert schedule.entries == [] and schedule.next_match is None and schedule.results == []


def test_stages_for_the_standings_links(tournament):
    world = player_world(tournament)
    confirmed(world.singles_stage, world.singles, 1)
    play(world.doubles_stage, world.doubles, 1)
    assert player_schedule(tournament, world.player).stages == [world.doubles_stage, world.singles_stage]


def test_query_count_does_not_grow_with_the_number_of_matches(tournament, django_assert_max_num_queries):
    user = UserFactory()
    world = player_world(tournament, user=user)
    VenueFactory(tournament=tournament)
    NotificationFactory(user=user, tournament=tournament)

    def count():
        with CaptureQueriesContext(connection) as queries:
            schedule = player_schedule(tournament, world.player)
            [(pm.score, pm.late_arrival_law, pm.clock, pm.match.umpire) for pm in schedule.results + schedule.later]
        return len(queries), len(schedule.results)

    many_matches(world, 2)
    small, results = count()
    assert results == 2
    many_matches(world, 20)
    big, results = count()
    assert results == 22 and big == small
    # entries, the matches' ids, the matches, notifications; the Swiss, where Asha has results: its matches,
    # entries, the rating its event uses (none) and their members
    with django_assert_max_num_queries(8):
        player_schedule(tournament, world.player)


def test_tournament_players_lists_each_member_once_per_entry(tournament):
    world = player_world(tournament)
    members = tournament_players(tournament)
    assert [(m.entry.event.name, m.player.full_name) for m in members] == [
        ("Doubles", "Asha Rao"),
        ("Doubles", "Bina Shah"),
        ("Men's singles", "Asha Rao"),
    ]
    assert [m.player for m in tournament_players(tournament, world.singles.event_id)] == [world.player]
