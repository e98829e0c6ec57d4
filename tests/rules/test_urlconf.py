"""The project URLconf mounts the engine at api/rules/ and the calculator page at rules/."""

from django.urls import reverse
from rest_framework.test import APIClient


def test_project_urls_mount_the_rules_api():
    assert reverse("rules-api-board", kwargs={"key": "icf"}) == "/api/rules/icf/board/"
    response = APIClient().post(
        "/api/rules/icf/board/",
        {"winner": "A", "coins_left_of_loser": 2, "queen": "covered_by_loser"},
        format="json",
    )
    assert response.status_code == 200 and response.json()["points"] == 2


def test_project_urls_mount_the_calculator_page():
    assert reverse("rules-calculator") == "/rules/"
