"""The score card and its audit log in words (scoring.display): plain functions, no database."""

from types import SimpleNamespace

from matches.display import status_label
from matches.models import ResultChange
from matches.scoring.display import change_title, describe, entry_words, game_ended, saved, side_names

NAMES = {"A": "Asha", "B": "Bilal"}


def test_a_side_not_known_yet_is_a_dash_and_a_missing_b_is_the_bye():
    match = SimpleNamespace(entry_a="Asha", entry_a_id=1, entry_b=None, entry_b_id=None)
    assert side_names(match) == {"A": "Asha", "B": "bye"}


def test_status_in_prose():
    assert status_label("in_play") == "in play"


def test_saved_messages_name_the_board_and_the_round():
    assert saved("board", {"game": 2, "board": 5}) == "Board 5 of game 2 entered."
    assert saved("sudden_death", {"game": 1, "round": 3}) == "Sudden death round 3 entered."
    assert saved("confirm") == "Result confirmed."


def test_how_a_game_ended():
    def state(decided_by=None, ended_by=None):
        return SimpleNamespace(decided_by=decided_by, ended_by=ended_by)

    assert game_ended(state(decided_by="tie_breaker")) == "decided by the tie breaker"
    assert game_ended(state(ended_by="eight_boards")) == "after eight boards"
    assert game_ended(state(ended_by="time_limit")) == "time limit (second bell)"  # ECC 41
    assert game_ended(state()) == ""


def test_queen2_12_tie_breaker_and_ecc_41_unfinished_board_in_words():
    entries = {
        "tie_breaker": {"first": "B", "attempts": {"A": [True, False], "B": [True]}},
        "unfinished_board_at_second_bell": {"board_no": 6, "coins_left": {"A": 2, "B": 5}, "queen_held_by": None},
    }
    state = SimpleNamespace(time_limit_award={"player": "A", "points": 3})
    assert entry_words(entries, NAMES, state) == [
        "Tie-breaker, Bilal first: Asha ✓ ✗, Bilal ✓",
        "Board 6 unfinished at the second bell: c/m left Asha 2, Bilal 5 (queen held by nobody, not counted); "
        "3 to Asha",
    ]


def test_a_board_of_the_audit_log_in_words():
    board = {
        "game": 1,
        "board": 2,
        "breaker": "B",
        "winner": "A",
        "coins_left_of_loser": 3,
        "queen": "covered_by_winner",
        "points": 6,
        "awarded_to": "A",
        "totals": {"A": 14, "B": 3},
    }
    assert describe(board, NAMES, {}) == (
        "Game 1, board 2: Bilal broke; Asha won, 3 c/m left, queen covered by the winner; 6 to Asha; 14–3"
    )


def test_a_result_snapshot_in_words_with_unknown_keys_as_they_are():
    value = {"status": "finished", "score_a": 50, "score_b": 20, "games_a": 2, "games_b": 0, "winner": 7}
    value |= {"games": [[25, 10], [25, 10]], "absent_side": "b"}
    assert describe(value, NAMES, {7: "Asha"}) == (
        "status: finished; points 50–20; games won 2–0; winner: Asha; games 25–10, 25–10; absent side: b"
    )
    assert describe({}, NAMES, {}) == "—"


def test_a_change_holding_a_game_level_entry_is_titled_by_it():
    entry = ResultChange(what=ResultChange.What.BOARD_ADDED, after={"game": 1, "sudden_death": []})
    assert change_title(entry) == "Sudden death entered"
    assert change_title(ResultChange(what=ResultChange.What.TOSS, after={})) == "Toss"
