"""The stateless engine endpoints: /api/rules/, /api/rules/<key>/board/, game/, match/."""

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.urls("tests.rules.urls")


@pytest.fixture
def client():
    return APIClient(enforce_csrf_checks=True)


def post(client, path, data):
    return client.post(path, data, format="json")


def test_api_lists_every_rule_set_with_parameters(client):
    response = client.get("/api/rules/")
    assert response.status_code == 200
    keys = [rule_set["key"] for rule_set in response.json()]
    assert keys == ["icf", "ecc", "queen2", "office"]
    icf = response.json()[0]
    assert icf["name"] == "ICF Laws of Carrom" and icf["source"] == "icf-laws-of-carrom.txt"
    assert icf["parameters"]["board_maximum"] == 12 and icf["parameters"]["protest_window_minutes"] == 15


def test_api_icf_52_board(client):
    data = {"scores_before": {"A": 10, "B": 7}, "winner": "A", "coins_left_of_loser": 4,
            "queen": "covered_by_winner", "loser_outstanding_dues": 0, "special_ending": None}  # fmt: skip
    response = post(client, "/api/rules/icf/board/", data)
    assert response.status_code == 200, response.content
    body = response.json()
    assert {k: body[k] for k in ("winner", "points", "coin_points", "queen_points", "fixed_points")} == {
        "winner": "A", "points": 7, "coin_points": 4, "queen_points": 3, "fixed_points": 0,
    }  # fmt: skip
    assert body["additional_points"] == 0 and body["capped"] is False and body["board_over"] is True
    assert body["scores_after"] == {"A": 17, "B": 7}


def test_api_icf_106b_special_ending(client):
    data = {"scores_before": {"A": 3, "B": 5},
            "special_ending": {"situation": "last_opp_queen_on_board", "striker": "A", "stroke": "improper",
                               "striker_coins_left": 9, "additional_points_demanded": 1}}  # fmt: skip
    body = post(client, "/api/rules/icf/board/", data).json()
    assert body["winner"] is None and body["awarded_to"] == "B" and body["points"] == 12 and body["capped"]
    assert body["scores_after"] == {"A": 3, "B": 17}


def test_api_icf_52_ten_cm_refused_with_the_law(client):
    data = {"scores_before": {"A": 0, "B": 0}, "winner": "A", "coins_left_of_loser": 10, "queen": "on_board"}
    response = post(client, "/api/rules/icf/board/", data)
    assert response.status_code == 400
    assert "ICF 52" in response.json()["coins_left_of_loser"][0]


def test_api_ecc_special_finish_not_in_rule_set(client):
    data = {"special_ending": {"situation": "cover_last_opp", "striker": "A"}}
    response = post(client, "/api/rules/ecc/board/", data)
    assert response.status_code == 400 and "ECC" in response.json()["special_ending"][0]


def test_api_bad_types_are_field_errors(client):
    response = post(client, "/api/rules/icf/board/", {"winner": "A", "coins_left_of_loser": "many"})
    assert response.status_code == 400 and "coins_left_of_loser" in response.json()


def test_api_unknown_rule_set_is_404_json(client):
    response = post(client, "/api/rules/snooker/board/", {})
    assert response.status_code == 404 and "snooker" in response.json()["detail"]


def test_api_icf_56_game(client):
    boards = [{"winner": "A", "coins_left_of_loser": 9, "queen": "covered_by_winner"},
              {"winner": "B", "coins_left_of_loser": 2, "queen": "covered_by_loser"}]  # fmt: skip
    data = {"round": "league", "game_no": 1, "first_breaker": "A", "boards": boards}
    body = post(client, "/api/rules/icf/game/", data).json()
    assert body["running_totals"] == [{"A": 12, "B": 0}, {"A": 12, "B": 2}]
    assert body["game_over"] is False and body["ended_by"] is None and body["winner"] is None
    assert body["next_breaker"] == "A" and body["next_board"] == 3 and body["boards_played"] == 2
    assert body["extra_board_needed"] is False and body["change_sides_after_board"] is None
    assert "final_score" in body


def test_api_icf_56a_board_after_game_over(client):
    boards = [{"winner": "A", "coins_left_of_loser": 9, "queen": "covered_by_winner"}] * 4
    response = post(client, "/api/rules/icf/game/", {"round": "final", "boards": boards})
    assert response.status_code == 400 and "ICF 56" in response.json()["boards"][0]


def test_api_ecc_41_time_limit_game(client):
    data = {
        "game_started_at": "2024-05-04T10:00:00Z",
        "boards": [{"winner": "A", "coins_left_of_loser": 3, "queen": "covered_by_loser",
                    "started_at": "2024-05-04T10:00:00Z", "completed_at": "2024-05-04T10:30:00Z"}],
        "unfinished_board_at_second_bell": {
            "board_no": 2, "coins_left": {"A": 6, "B": 2}, "queen_held_by": None,
        },
    }  # fmt: skip
    body = post(client, "/api/rules/ecc/game/", data).json()
    assert body["time_limit_award"] == {"player": "B", "points": 4}
    assert body["game_over"] and body["ended_by"] == "time_limit" and body["winner"] == "B"
    assert body["final_score"] == {"A": 3, "B": 4} and body["next_board"] is None


def test_api_queen2_tie_breaker_game(client):
    boards = [{"winner": w, "coins_left_of_loser": 2, "queen": "covered_by_loser"} for w in "ABAB"]
    data = {"boards": boards, "tie_breaker": {"first": "B", "attempts": {"A": [False, False, False],
                                                                          "B": [True, False, False]}},
            "sudden_death": None}  # fmt: skip
    body = post(client, "/api/rules/queen2/game/", data).json()
    assert body["decided_by"] == "tie_breaker" and body["winner"] == "B" and body["game_over"]


def test_api_office_group_game(client):
    data = {
        "stage": "group",
        "boards": [{"winner": "B", "coins_left_of_loser": 5, "queen": "covered_by_winner"}],
    }
    body = post(client, "/api/rules/office/game/", data).json()
    assert body["ended_by"] == "single_board" and body["final_score"] == {"A": 0, "B": 10}


def test_api_icf_57_match(client):
    data = {"round": "league", "toss": {"winner": "B", "choice": "break"},
            "games": [{"game_no": 1, "winner": "A", "score": {"A": 25, "B": 10}}]}  # fmt: skip
    body = post(client, "/api/rules/icf/match/", data).json()
    assert body["match_over"] is False and body["winner"] is None and body["games_played"] == 1
    assert body["games_won"] == {"A": 1, "B": 0} and body["next_game"] == 2
    assert body["first_breaker_by_game"] == {"1": "B", "2": "A", "3": "B"}


def test_api_match_bad_toss(client):
    response = post(client, "/api/rules/icf/match/", {"toss": {"winner": "A", "choice": "coin"}, "games": []})
    assert response.status_code == 400 and "ICF 39" in response.json()["toss"][0]
