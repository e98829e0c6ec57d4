"""Property tests (hypothesis): points never exceed the board maximum, totals never decrease, a game always
ends
within its board limit."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.base import all_rule_sets, get_rule_set
from rules.board import BoardInput, SpecialEnding
from rules.errors import RuleError
from rules.game import GameInput
from rules.specials import SITUATIONS

SIDE = st.sampled_from(["A", "B"])
COINS = st.integers(min_value=0, max_value=9)
SCORE = st.integers(min_value=0, max_value=24)
RULE_SET_KEYS = st.sampled_from([rs.key for rs in all_rule_sets()])

ordinary = st.builds(
    BoardInput,
    winner=SIDE,
    coins_left_of_loser=COINS,
    queen=st.sampled_from(["covered_by_winner", "covered_by_loser"]),
    loser_outstanding_dues=st.integers(min_value=0, max_value=3),
)


def special_board(situation, striker, stroke, coins):
    """A special finish with every additional point the law allows demanded (ICF 87(b))."""
    entry = SITUATIONS[situation]
    demanded = entry.additional_improper if stroke == "improper" else entry.additional_proper
    return BoardInput(queen="on_board", special_ending=SpecialEnding(situation, striker, stroke, coins, demanded))


special = st.builds(
    special_board, st.sampled_from(sorted(SITUATIONS)), SIDE, st.sampled_from(["proper", "improper"]), COINS
)
any_board = st.one_of(ordinary, special)


def playable(rule_set, board, scores, stage=None):
    try:
        return rule_set.score_board(replace(board, scores_before=scores, stage=stage))
    except RuleError:
        return None


@settings(max_examples=300)
@given(RULE_SET_KEYS, any_board, SCORE, SCORE)
def test_property_points_never_exceed_the_board_maximum(key, board, a, b):
    rule_set = get_rule_set(key)
    result = playable(rule_set, board, {"A": a, "B": b}, "final" if key == "office" else None)
    if result is None:
        return
    assert result.points >= 0
    if rule_set.board_maximum is not None:
        assert result.points <= rule_set.board_maximum


@settings(max_examples=150)
@given(RULE_SET_KEYS, st.lists(any_board, max_size=12), st.sampled_from(["league", "quarter_final", "final"]))
def test_property_totals_never_decrease(key, boards, round):
    rule_set = get_rule_set(key)
    stage = "knockout" if key == "office" else None
    played = _play_while_possible(rule_set, boards, round, stage)
    totals = [{"A": 0, "B": 0}] + played.running_totals
    for before, after in zip(totals, totals[1:], strict=False):
        assert after["A"] >= before["A"] and after["B"] >= before["B"]


@settings(max_examples=150)
@given(st.sampled_from(["icf", "ecc", "queen2"]), st.lists(any_board, min_size=12, max_size=12))
def test_property_a_game_always_ends_within_its_board_limit(key, boards):
    rule_set = get_rule_set(key)
    length = rule_set.game_length(round="league")
    state = _play_while_possible(rule_set, boards, "league", None)
    limit = length.board_limit + (1 if length.on_tie == "extra_board" else 0)
    assert state.boards_played <= limit
    if state.boards_played >= length.board_limit:
        # Over, or waiting only for an extra board (ICF 56(b)) or a tie-breaker (queen2 ¶12).
        assert state.game_over or state.extra_board_needed or state.tie_breaker_needed


def _play_while_possible(rule_set, boards, round, stage):
    """Play the boards one at a time, skipping any the laws refuse, until the game is over."""
    accepted = []
    state = rule_set.play_game(GameInput(boards=[], round=round, stage=stage))
    for board in boards:
        if state.game_over or state.tie_breaker_needed:
            break
        try:
            state = rule_set.play_game(GameInput(boards=accepted + [board], round=round, stage=stage))
        except RuleError:
            continue
        accepted.append(board)
    return state
