"""The registry and the parameters of the four rule sets."""

import ast
from pathlib import Path

from rules.base import RuleSet, all_rule_sets, get_rule_set, register
from rules.board import BoardInput

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"


def test_four_rule_sets_registered_by_key():
    assert [rs.key for rs in all_rule_sets()] == ["icf", "ecc", "queen2", "office"]
    for rule_set in all_rule_sets():
        assert rule_set.name and rule_set.source.endswith(".txt")


def test_parameters_are_data():
    params = get_rule_set("icf").parameters()
    assert params["queen_value"] == 3 and params["queen_counts_up_to"] == 21 and params["board_maximum"] == 12
    assert params["game_lengths"]["league"] == {
        "points_target": 25, "board_limit": 8, "on_tie": "extra_board", "single_board": False,
    }  # fmt: skip
    assert params["late_arrival"]["minutes"] == 15
    assert get_rule_set("office").parameters()["game_lengths"]["knockout"]["points_target"] == 15
    assert get_rule_set("queen2").parameters()["board_maximum"] == 11


def test_a_new_federation_is_one_class():
    @register
    class Club(RuleSet):
        key = "club_test"
        name = "Club rules"
        law = "club"
        board_maximum = 10

    try:
        assert get_rule_set("club_test").score_board(BoardInput(None, "A", 9, "covered_by_winner")).points == 10
    finally:
        from rules import base

        del base._registry["club_test"]


def test_rules_imports_nothing_from_the_other_apps():
    for path in RULES_DIR.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                assert name.split(".")[0] not in {"tournaments", "matches", "protests"}, path


def test_core_imports_no_django():
    core = ["base", "board", "errors", "game", "match", "params", "specials", "tiebreak", "timing"]
    for name in core + [f"sets/{s}" for s in ("icf", "ecc", "queen2", "office")]:
        source = (RULES_DIR / f"{name}.py").read_text()
        assert "django" not in source and "rest_framework" not in source, name
