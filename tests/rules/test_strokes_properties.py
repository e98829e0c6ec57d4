"""Stroke-kept and board-kept boards agree: 10,000 random legal boards per rule set, each played stroke by stroke
through the engine, then entered as an umpire keeping the card board by board would enter it, from what he saw
(who pocketed his last c/m, where the Queen was, the last stroke), and scored by ``rule_set.score_board``.

The board-level entry below is read from the laws' own words (ICF 52(a), 102-112, 121(b); queen2 ¶9), not from
the engine's classifier, so a disagreement is a bug in one of them. Each board has its own seed: a failure names
it."""

import random

import pytest

from rules.base import get_rule_set
from rules.board import MAX_COINS, BoardInput, SpecialEnding, other
from rules.errors import RuleError
from rules.strokes import Opening, Stroke, opening_state, step

BOARDS = 10_000
MOST_STROKES = 300


def random_stroke(rule_set, board, rng):
    laws = rule_set.stroke_laws
    roll = rng.random()
    if roll < 0.02 and laws.time_out:
        return Stroke(kind="time_out")
    if roll < 0.04:
        named = [f.key for f in laws.fouls if f.effect in ("technical", "foul")]
        if named:
            return Stroke(kind="foul", foul=rng.choice(named), by=rng.choice("AB"))
    if roll < 0.041 and laws.foul("plays_on_during_appeal"):
        return Stroke(kind="foul", foul="plays_on_during_appeal", by=rng.choice("AB"))
    if not board.broken and rng.random() < 0.15:
        return Stroke(missed=True, striker=rng.random() < 0.1)
    side = board.turn
    own = min(board.on_board[side], rng.choice((0, 0, 0, 1, 1, 1, 1, 2, 2, 3)))
    opponent = min(board.on_board[other(side)], rng.choice((0, 0, 0, 0, 0, 1, 1, 2)))
    improper = [f.key for f in laws.fouls if f.effect == "improper"]
    return Stroke(
        own=own,
        opponent=opponent,
        queen=board.queen == "on_board" and rng.random() < 0.12,
        striker=rng.random() < 0.08,
        foul=rng.choice(improper) if improper and rng.random() < 0.05 else None,
        additional_points_demanded=rng.choice((0, 0, 1)),
    )


def opening(rule_set, rng):
    if rule_set.key == "office":
        return Opening(breaker=rng.choice("AB"), stage="knockout", scores_before={"A": rng.randint(0, 14),
                                                                                 "B": rng.randint(0, 14)})  # fmt: skip
    return Opening(breaker=rng.choice("AB"), scores_before={"A": rng.randint(0, 24), "B": rng.randint(0, 24)})


def special_seen(before, stroke):
    """ICF 102-112 in the laws' words: the situation the umpire writes for the stroke that ended the board."""
    side = before.turn
    last_own = stroke.own and stroke.own == before.on_board[side]
    last_opp = stroke.opponent and stroke.opponent == before.on_board[other(side)]
    queen_was = before.queen  # on_board, awaiting_cover, covered, held
    while_covering = queen_was == "awaiting_cover" and before.queen_by == side
    if last_own and last_opp and stroke.queen:
        return "queen_last_own_last_opp_with_striker" if stroke.striker else "queen_last_own_last_opp"  # 109, 104
    if last_own and last_opp and queen_was in ("covered", "held") and stroke.striker:
        mine = before.queen_by == side
        return ("last_own_last_opp_with_striker_queen_covered_by_striker" if mine  # 110
                else "last_own_last_opp_with_striker_queen_covered_by_opponent")  # 112  # fmt: skip
    if last_own and stroke.striker and (queen_was == "on_board" or while_covering) and not stroke.queen:
        return "last_own_with_striker_queen_on_board"  # 108 (and the reading for both last c/m)
    if last_own and last_opp and while_covering:
        return "cover_last_own_and_last_opp"  # 102
    if last_own and last_opp and queen_was == "on_board":
        return "last_own_last_opp_queen_on_board"  # 105
    if last_own and not last_opp and queen_was == "on_board" and not stroke.queen:
        return "last_own_queen_on_board"  # 107
    if last_opp and not last_own and queen_was not in ("covered", "held"):
        if stroke.striker:
            return "last_opp_with_striker_queen_on_board"  # 111
        if while_covering or (stroke.queen and stroke.own):
            return "cover_last_opp"  # 103
        return "last_opp_queen_on_board"  # 106
    return None


def board_kept(rule_set, history):
    """The board as entered on the card once it is over, from what the umpire saw."""
    before, stroke, after = history[-1]
    common = {"scores_before": dict(before.scores_before), "breaker": before.breaker}
    if stroke.foul == "plays_on_during_appeal" and stroke.kind == "foul":  # ICF 121(b)
        offender = stroke.by or before.turn
        ending = SpecialEnding("plays_on_during_appeal", offender, striker_coins_left=before.on_board[offender])
        queen = "on_board" if before.queen in ("on_board", "awaiting_cover") else None
        return BoardInput(special_ending=ending, queen=queen, **common)
    situation = special_seen(before, stroke) if stroke.kind == "stroke" else None
    if situation is not None and situation not in rule_set.special_endings:
        situation = {"cover_last_opp": "last_opp_queen_on_board"}.get(situation)  # ECC 96 for ICF 103
    if situation in rule_set.special_endings:
        ending = SpecialEnding(
            situation, before.turn, "improper" if stroke.foul else "proper",
            before.on_board[before.turn] - stroke.own, stroke.additional_points_demanded,
        )  # fmt: skip
        queen = "on_board" if before.queen in ("on_board", "awaiting_cover") else None
        return BoardInput(special_ending=ending, queen=queen, **common)
    winner = ordinary_winner(history)
    loser = other(winner)
    if after.queen in ("covered", "held"):
        queen = "covered_by_winner" if after.queen_by == winner else "covered_by_loser"
    else:
        queen = None
    return BoardInput(winner=winner, coins_left_of_loser=after.on_board[loser], queen=queen,
                      loser_outstanding_dues=after.dues[loser], **common)  # fmt: skip


def ordinary_winner(history):
    """ICF 52(a): who pocketed all his c/m first. queen2 ¶9: if he did so with the Queen on the board, he wins
    unless his opponent then pockets the Queen and all his own c/m."""
    before, stroke, after = history[-1]
    emptied = [s for s in "AB" if after.on_board[s] == 0]
    first = None
    for earlier, _, later in history:
        if first is not None and later.on_board[first] > 0:
            # A Due taken out put a c/m of his back (ICF 72(c), 78(a) by queen2 ¶21): he has not finished; his
            # opponent has, if none of his c/m is left on the board.
            first = other(first) if later.on_board[other(first)] == 0 else None
        done = [s for s in "AB" if later.on_board[s] == 0 and earlier.on_board[s] > 0]
        if first is None and done and later.queen in ("on_board", "awaiting_cover"):
            first = earlier.turn if earlier.turn in done else done[0]
    if first is None:
        return before.turn if len(emptied) == 2 else emptied[0]
    second = other(first)
    return second if after.queen == "held" and after.queen_by == second and after.on_board[second] == 0 else first


def play_random_board(rule_set, seed):
    rng = random.Random(seed)
    board = opening_state(rule_set, opening(rule_set, rng))
    history = []
    for _ in range(MOST_STROKES):
        stroke = random_stroke(rule_set, board, rng)
        try:
            after = step(rule_set, board, stroke)
        except RuleError:
            continue  # e.g. more additional points demanded than the finish allows: the umpire asks again
        for side in "AB":
            assert 0 <= after.on_board[side] <= MAX_COINS and after.dues[side] >= 0
        history.append((board, stroke, after))
        board = after
        if board.over:
            return history
    return history


@pytest.mark.parametrize("key", ["icf", "ecc", "queen2", "office"])
def test_stroke_kept_and_board_kept_boards_agree(key):
    rule_set = get_rule_set(key)
    finished = 0
    for seed in range(BOARDS):
        history = play_random_board(rule_set, seed)
        final = history[-1][2]
        if not final.over:
            continue
        finished += 1
        expected = rule_set.score_board(board_kept(rule_set, history))
        got = final.result
        assert (got.awarded_to, got.points, got.law) == (expected.awarded_to, expected.points, expected.law), (
            f"{key} board seed {seed}: strokes {[s.as_dict() for _, s, _ in history[-3:]]}"
        )
        assert rule_set.score_board(final.board_input) == got
    assert finished >= BOARDS * 0.95  # the generator plays boards to their end
