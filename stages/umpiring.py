"""Who keeps a match's score card: an umpire, or (laws for self-umpired games) the players themselves. The
scheduling floor asks it before handing out umpires."""

from functools import cache

from rules.base import get_rule_set


@cache  # the rule sets are fixed when the code loads
def self_umpired_rules(rule_set_key):
    """Whether the event's laws have its players keep their own score cards, with no umpire at the table: a rule
    set says so with a `self_umpired` flag; without one, the ECC laws for self-umpired games are."""
    rules = get_rule_set(rule_set_key)
    return bool(getattr(rules, "self_umpired", rules.key == "ecc"))


def self_umpired_event(event):
    return self_umpired_rules(event.rule_set)
