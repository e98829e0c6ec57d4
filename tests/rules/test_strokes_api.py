"""POST /api/rules/<key>/strokes/: the stroke engine over JSON, stateless like the other engine endpoints."""

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.urls("tests.rules.urls")


@pytest.fixture
def client():
    return APIClient(enforce_csrf_checks=True)


def post(client, key, data):
    return client.post(f"/api/rules/{key}/strokes/", data, format="json")


def test_a_board_kept_by_strokes_gives_the_state_after_each_and_the_result(client):
    # ICF 97(a): the Queen pocketed with two of his c/m is covered; ICF 52-55: 9 - ... c/m left plus the Queen.
    strokes = [{"own": 3}, {"own": 2, "queen": True}, {}, {"own": 2}, {"opponent": 0}, {"own": 2}]
    response = post(client, "icf", {"opening": {"breaker": "A", "scores_before": {"A": 10, "B": 7}},
                                    "strokes": strokes})  # fmt: skip
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["rule_set"] == "icf" and body["over"] is False and body["result"] is None
    assert body["opening"]["on_board"] == {"A": 9, "B": 9} and body["opening"]["turn"] == "A"
    second = body["states"][1]
    assert second["queen"] == "covered" and second["queen_by"] == "A" and second["on_board"] == {"A": 4, "B": 9}
    assert "ICF 97(a)" in [item["law"] for item in second["follows"]]
    assert body["states"][2]["turn"] == "B"  # nothing pocketed: ICF 48
    assert body["states"][3]["turn"] == "B" and body["states"][-1]["on_board"] == {"A": 2, "B": 7}


def test_the_last_stroke_ends_the_board_with_the_board_level_result(client):
    strokes = [{"own": 3}, {"own": 2, "queen": True}, {"own": 4}]
    body = post(client, "icf", {"opening": {"scores_before": {"A": 10, "B": 7}}, "strokes": strokes}).json()
    assert body["over"] is True and body["states"][-1]["over"] is True
    board = client.post("/api/rules/icf/board/", {"scores_before": {"A": 10, "B": 7}, "winner": "A",
                        "coins_left_of_loser": 9, "queen": "covered_by_winner", "breaker": "A", "slam": "white"},
                        format="json").json()  # fmt: skip
    board.pop("rule_set")
    assert body["result"] == board and body["result"]["points"] == 12  # ICF 26(a): a white slam, 9 + 3


@pytest.mark.parametrize(
    "key, strokes, message",
    [
        ("icf", [{"own": 10}], "stroke 1: ICF 52: 10 c/m of A pocketed, but only 9 are on the board"),
        ("icf", [{"own": 1, "covers": True}], "stroke 1: ICF 15: no Queen is pocketed to cover"),
        ("ecc", [{"own": 1, "foul": "improper"}], "stroke 1: ECC 43: these laws have no improper stroke"),
        ("icf", [{"own": 8}, {"own": 1}, {}], "stroke 3: ICF 5: the board is over; no stroke follows"),
        ("office", [{"kind": "time_out"}], "stroke 1: office (Basic rules): the rules set no stroke clock"),
    ],
)
def test_a_stroke_the_laws_refuse_is_a_400_naming_the_stroke_and_the_law(client, key, strokes, message):
    response = post(client, key, {"opening": {"stage": "knockout"} if key == "office" else {}, "strokes": strokes})
    assert response.status_code == 400
    assert response.json()["strokes"][0].startswith(message)


def test_shapes_are_checked_before_the_engine(client):
    assert post(client, "icf", {"strokes": "three"}).status_code == 400
    assert post(client, "icf", {"strokes": [{"kind": "dance"}]}).json() == {
        "strokes": {"0": {"kind": ['"dance" is not a valid choice.']}}
    }
    assert post(client, "icf", {"strokes": [{}] * 401}).status_code == 400
    assert post(client, "nope", {"strokes": []}).status_code == 404


def test_every_rule_set_lists_the_fouls_its_umpire_may_name(client):
    fouls = {r["key"]: [f["key"] for f in r["parameters"]["stroke_fouls"]] for r in client.get("/api/rules/").json()}
    assert fouls["icf"] == ["improper", "technical", "foul", "plays_on_during_appeal"]  # ICF 2(b), 63, 64, 121(b)
    assert fouls["ecc"] == ["foul"]  # ECC 43
    assert fouls["office"] == ["striking", "off_board", "touch"]  # office (Fouls)
