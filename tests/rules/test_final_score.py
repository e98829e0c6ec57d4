"""A game's final score must be one the rule set can produce (ICF 55, 56(a); ECC 38, 39; queen2 ¶3, ¶12;
office (Game Rules), (Scoring)): checked when a match's games are entered as final scores only."""

import random

import pytest
from rest_framework.test import APIClient

from rules.base import get_rule_set
from rules.board import BoardInput
from rules.errors import RuleError
from rules.game import GameInput
from rules.match import GameResult, MatchInput
from tests.helpers import win

ICF, ECC, QUEEN2, OFFICE = (get_rule_set(key) for key in ("icf", "ecc", "queen2", "office"))


def refusal(rule_set, a, b, **where):
    with pytest.raises(RuleError) as error:
        rule_set.check_final_score({"A": a, "B": b}, **where)
    return error.value.message


def test_icf_56a_999_0_is_refused_naming_the_law():
    message = refusal(ICF, 999, 0)
    assert "ICF 56" in message and "ICF 55" in message and "at most 36" in message


def test_icf_55_56a_winner_passes_25_by_at_most_one_board():
    ICF.check_final_score({"A": 36, "B": 24})  # 24 + 12 (ICF 55)
    assert "at most 36" in refusal(ICF, 37, 0)


def test_icf_56a_both_cannot_reach_25():
    assert "ICF 56" in refusal(ICF, 25, 25) and "ICF 56" in refusal(ICF, 30, 26)


def test_icf_56b_a_lead_after_eight_boards_wins_below_25_in_the_league_only():
    ICF.check_final_score({"A": 20, "B": 10}, round="league")
    ICF.check_final_score({"A": 20, "B": 10}, round="pre_quarter_final")
    assert "25 points" in refusal(ICF, 20, 10, round="quarter_final")  # ICF 56(b): to 25 points from then on


def test_queen2_12_four_boards_of_11_points_bound_a_set_below_25():
    QUEEN2.check_final_score({"A": 24, "B": 20})  # 44 points in 4 boards (queen2 ¶3, ¶12)
    message = refusal(QUEEN2, 24, 21)
    assert "queen2 ¶12" in message and "queen2 ¶3" in message


def test_ecc_39_time_limit_and_a_draw_below_25():
    ECC.check_final_score({"A": 12, "B": 12})
    assert "ECC 39" in refusal(ECC, 25, 25) and "ECC 38" in refusal(ECC, 99, 0)


def test_office_game_rules_one_board_group_game_and_29_point_final():
    OFFICE.check_final_score({"A": 7, "B": 0}, round="league")  # group: one board, only its winner scores
    assert "office (Game Rules)" in refusal(OFFICE, 7, 3, round="league")
    OFFICE.check_final_score({"A": 29, "B": 20}, round="final")
    assert "office (Game Rules)" in refusal(OFFICE, 999, 0, round="final")
    OFFICE.check_final_score({"A": 29, "B": 20})  # stage not known: possible in some stage
    assert refusal(OFFICE, 999, 0)


def test_match_state_refuses_an_impossible_game_score():
    games = [GameResult(1, "A", {"A": 999, "B": 0}), GameResult(2, "A", {"A": 999, "B": 0})]
    with pytest.raises(RuleError) as error:
        ICF.match_state(MatchInput(toss_winner="A", games=games))
    assert error.value.field == "games" and error.value.message.startswith("game 1: ICF 56")


@pytest.mark.parametrize("rule_set", [ICF, ECC, QUEEN2, OFFICE])
@pytest.mark.parametrize("round", ["league", "final"])
def test_every_final_score_the_engine_plays_is_possible(rule_set, round):
    """The check never refuses a score that boards entered one by one can reach."""
    rng = random.Random(f"{rule_set.key}{round}")
    checked = 0
    for _ in range(400):
        boards = []
        for _ in range(12):
            board = BoardInput.from_dict(win(rng.choice("AB"), rng.randint(0, 9), queen=rng.random() < 0.6))
            try:
                state = rule_set.play_game(GameInput(boards=[*boards, board], round=round))
            except RuleError:
                break
            boards.append(board)
            if state.game_over and state.final_score["A"] != state.final_score["B"]:
                rule_set.check_final_score(state.final_score, round=round)
                checked += 1
                break
    assert checked > 50


@pytest.mark.urls("tests.rules.urls")
def test_api_icf_87b_negative_or_absurd_additional_points_are_a_field_error():
    client = APIClient()
    for value in (-100, 10**6):
        special = {"situation": "last_own_queen_on_board", "striker": "A", "additional_points_demanded": value}
        for key in ("icf", "ecc"):
            response = client.post(f"/api/rules/{key}/board/", {"special_ending": special}, format="json")
            assert response.status_code == 400, response.content
            errors = response.json()["special_ending"]["additional_points_demanded"]
            assert "ICF 87(b)" in errors[0]
    misplaced = {"winner": "A", "coins_left_of_loser": 3, "additional_points_demanded": -100}
    response = client.post("/api/rules/icf/board/", misplaced, format="json")
    assert response.status_code == 400 and "special_ending" in response.json()["additional_points_demanded"][0]
