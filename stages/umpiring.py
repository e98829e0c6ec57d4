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


# How absence is established once a round is called (Match.check_in): the desk marks every arrival, or a side
# loses only when someone on the spot says it is absent.
DESK, CLAIMS = "desk", "claims"
CHECK_IN_MODES = (CLAIMS, DESK)


def default_check_in(event):
    """Self-umpired events establish absence by claims (players simply sit down and play, and nobody forfeits by
    silence); umpired events by the desk and the umpires, who mark every arrival (ICF 143(i))."""
    return CLAIMS if self_umpired_event(event) else DESK


def umpires_wanted(event):
    """Whether the event's matches ask for an umpire: its laws are not for self-umpired games and the tournament
    has appointed umpires. An event with none (an office league, a club night) plays without, and no page asks
    for one."""
    return not self_umpired_event(event) and event.tournament.umpires.exists()
