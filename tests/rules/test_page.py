"""The referee's board calculator page."""

import pytest
from django.test import Client

pytestmark = pytest.mark.urls("tests.rules.urls")

FORM = {
    "rule_set": "icf", "score_a": 10, "score_b": 7, "winner": "A", "coins_left_of_loser": 4,
    "queen": "covered_by_winner", "loser_outstanding_dues": 0, "stage": "", "situation": "",
    "striker": "A", "stroke": "proper", "striker_coins_left": 0, "additional_points_demanded": 0,
}  # fmt: skip


def test_calculator_page_shows_the_form():
    response = Client().get("/rules/")
    assert response.status_code == 200 and b"Board calculator" in response.content


def test_calculator_icf_52_scores_a_board():
    response = Client().post("/rules/", FORM)
    assert response.status_code == 200
    assert response.context["result"].points == 7
    assert b"ICF 52-55" in response.content


def test_calculator_icf_52_shows_the_law_in_errors():
    response = Client().post("/rules/", {**FORM, "coins_left_of_loser": 10})
    assert response.context["result"] is None
    assert "ICF 52" in response.context["form"].errors["coins_left_of_loser"][0]


def test_calculator_icf_106_special_ending():
    data = {**FORM, "situation": "last_opp_queen_on_board", "striker_coins_left": 3}
    response = Client().post("/rules/", data)
    result = response.context["result"]
    assert result.awarded_to == "B" and result.points == 6
