"""The laws of carrom as rule sets: the one place that scores a board. Plain Python; see rules/README.md.

Public API::

    from rules.base import get_rule_set, all_rule_sets
    from rules.board import BoardInput, SpecialEnding
    from rules.game import GameInput
    from rules.match import MatchInput, GameResult
"""
