"""A walk-over is worth what its rule set says, in the match, the standings and every display (rules/README.md,
reading 19): ICF 143 and queen2 ¶10 (ICF 143 by ¶21) give no score: the win counts, net and total score take
nothing; ECC 18, 124 give 25-0, counted like a game won 25-0; office says nothing: as ICF."""

import importlib

import pytest
from django.apps import apps

from matches.checkin.display import forfeit_notice
from matches.scoring.services import record_result, record_walkover
from rules.base import get_rule_set
from stages.display import result_text, score_from_side, side_scores, winner_text
from stages.draws.standings import MatchResult, standings
from stages.models import Match, Stage
from stages.selectors import stage_standings
from stages.services import draw_stage, publish_stage
from tests.factories import EntryFactory, EventFactory
from tests.helpers import make_match

# A game each rule set accepts as finished (ICF 56(a), ECC 39, queen2 ¶12), won by A.
PLAYED = {"icf": [(25, 10), (25, 12)], "queen2": [(25, 10), (25, 12)], "ecc": [(25, 10)]}


def league(tournament, rule_set):
    """A published round robin of three entries (seeds 1-3) under `rule_set`."""
    event = EventFactory(tournament=tournament, rule_set=rule_set)
    for seed in (1, 2, 3):
        EntryFactory(event=event, seed=seed)
    stage = Stage.objects.create(event=event, name="League", kind=Stage.Kind.ROUND_ROBIN, keep_apart="")
    draw_stage(stage)
    publish_stage(stage)
    return stage


def between(stage, a, b):
    return Match.objects.get(stage=stage, entry_a__seed__in=(a, b), entry_b__seed__in=(a, b))


def play(match, winner_seed, rule_set):
    games = PLAYED[rule_set]
    if match.entry_a.seed != winner_seed:
        games = [(b, a) for a, b in games]
    record_result(match, games, confirm=True)


def by_seed(stage):
    """The standings rows by the seed of their entry."""
    seeds = dict(stage.event.entries.values_list("pk", "seed"))
    return {seeds[row.id]: row for row in stage_standings(stage)}


def absent(match, seed):
    return "a" if match.entry_a.seed == seed else "b"


@pytest.mark.django_db
@pytest.mark.parametrize("rule_set", ["icf", "queen2"])
def test_icf_143_and_queen2_p10_a_walkover_counts_the_win_and_nothing_for_net_or_total_score(tournament, rule_set):
    stage = league(tournament, rule_set)
    play(between(stage, 1, 2), 1, rule_set)  # seed 1: 50-22
    walkover = record_walkover(between(stage, 1, 3), absent(between(stage, 1, 3), 3), reason="ICF 143(d)")
    play(between(stage, 2, 3), 2, rule_set)
    assert (walkover.score_a, walkover.score_b, walkover.games_a, walkover.games_b) == (None, None, 0, 0)
    rows = by_seed(stage)
    first, third = rows[1], rows[3]
    assert (first.points, first.wins, first.played) == (4, 2, 2)  # the walk-over is a win, 2 points
    assert (first.net_score, first.total_score) == (28, 50)  # only the match played: 50-22
    assert (third.points, third.losses, third.net_score, third.total_score) == (0, 2, -28, 22)


@pytest.mark.django_db
def test_ecc_18_124_a_walkover_is_25_0_and_counts_in_net_and_total_score(tournament):
    stage = league(tournament, "ecc")
    play(between(stage, 1, 2), 1, "ecc")  # 25-10
    walkover = record_walkover(between(stage, 1, 3), absent(between(stage, 1, 3), 3), reason="ECC 124")
    side = "a" if walkover.winner_id == walkover.entry_a_id else "b"
    assert (getattr(walkover, f"score_{side}"), getattr(walkover, f"games_{side}")) == (25, 1)
    first = by_seed(stage)[1]
    assert (first.points, first.net_score, first.total_score) == (4, 15 + 25, 25 + 25)


def test_standings_engine_takes_a_walkover_without_a_score():
    # Bob wins by walk-over, Ann by 25-20: level on points, and the walk-over gives Bob nothing for net score.
    rows = standings(
        [{"id": "ann", "name": "Ann"}, {"id": "bob", "name": "Bob"}, {"id": "cy", "name": "Cy"}],
        [MatchResult("bob", "cy", walkover="a"), MatchResult("ann", "cy", 25, 20)],
        precedence=("points", "net_score", "name"),
    )
    assert [(r.name, r.points, r.net_score, r.total_score) for r in rows] == [
        ("Ann", 2, 5, 25),
        ("Bob", 2, 0, 0),
        ("Cy", 0, -5, 20),
    ]
    head_to_head = standings(
        [{"id": "ann"}, {"id": "bob"}], [{"a": "ann", "b": "bob", "walkover": "b"}], precedence=("head_to_head",)
    )
    assert [r.id for r in head_to_head] == ["bob", "ann"]


@pytest.mark.parametrize(
    ("key", "score", "figures"),
    [("icf", None, (None, None, 0, 0)), ("queen2", None, (None, None, 0, 0)), ("office", None, (None, None, 0, 0))],
)
def test_rule_sets_without_a_walkover_score(key, score, figures):
    walkover = get_rule_set(key).walkover
    assert walkover.score == score and not walkover.counts_in_scores
    assert walkover.figures(3, "a") == figures


def test_ecc_walkover_figures_per_game():
    walkover = get_rule_set("ecc").walkover
    assert walkover.law == "ECC 18, 124" and walkover.counts_in_scores
    assert walkover.figures(1, "b") == (25, 0, 1, 0)
    assert walkover.figures(3, "a") == (0, 50, 0, 2)  # a best-of-three stage: 25-0 in each game needed


@pytest.mark.django_db
def test_a_walkover_reads_in_words_never_as_a_score_not_played(tournament):
    match = record_walkover(make_match(tournament), "b", reason="ICF 143(i)")
    winner = match.entry_a.name
    assert result_text(match) == f"{winner}: won by walk-over"
    assert result_text(match, side_view=True) == "won by walk-over"
    assert result_text(match, flip=True, side_view=True) == "lost by walk-over"
    assert result_text(match, short=True) == "W/O" and side_scores(match) == ("", "W/O")
    assert score_from_side(match, "a") == "won by walk-over" and score_from_side(match, "b") == "lost by walk-over"
    assert winner_text(match) == f"{winner}, won by walk-over"
    ecc = record_walkover(make_match(tournament, rule_set="ecc"), "a", reason="ECC 18")
    assert score_from_side(ecc, "b") == "won by walk-over (25–0)"
    assert score_from_side(ecc, "a") == "lost by walk-over (0–25)"
    texts = [result_text(match), result_text(ecc), score_from_side(ecc, "a")]
    assert not any("w/o" in text or "+" in text for text in texts)


@pytest.mark.django_db
def test_a_forfeit_notice_without_a_score_says_walk_over(tournament):
    match = make_match(tournament, status=Match.Status.WALKOVER, forfeited="b", table=3)
    Match.objects.filter(pk=match.pk).update(winner=match.entry_a)
    match.refresh_from_db()
    _subject, body = forfeit_notice(match, "ICF 143(i)")
    assert f"(ICF 143(i)): {match.entry_a} wins by walk-over." in body and "None" not in body


@pytest.mark.django_db
def test_the_data_migration_takes_the_invented_scores_off_stored_walkovers(tournament):
    icf = make_match(tournament, status=Match.Status.WALKOVER, score_a=50, score_b=0, games_a=2, games_b=0)
    ecc = make_match(tournament, rule_set="ecc", status=Match.Status.WALKOVER, score_a=0, score_b=25)
    both = make_match(tournament, status=Match.Status.WALKOVER, forfeited="ab", score_a=0, score_b=0)
    Match.objects.filter(pk=icf.pk).update(winner=icf.entry_a)
    Match.objects.filter(pk=ecc.pk).update(winner=ecc.entry_b)
    migration = importlib.import_module("matches.scoring.migrations.0003_walkover_scores")
    migration.rewrite(apps, None)
    for match in (icf, ecc, both):
        match.refresh_from_db()
    assert (icf.score_a, icf.score_b, icf.games_a, icf.games_b) == (None, None, 0, 0)
    assert (ecc.score_a, ecc.score_b, ecc.games_a, ecc.games_b) == (0, 25, 0, 1)
    assert (both.score_a, both.score_b, both.winner_id) == (0, 0, None)  # both absent: left as it was
