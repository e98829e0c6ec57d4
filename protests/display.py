"""Protest wording built in Python: times as the hall reads them, where each rule set states its protest times, the
notifications the decision and an overdue decision send, and the messages the pages show after an operation.
A refusal stays beside the rule it states, in `protests.services`."""

from django.utils import timezone

# Where each rule set states its protest window and decision time (rules.base holds the minutes only).
WINDOW_LAW = {"icf": "ICF 146", "queen2": "queen2 ¶18"}
DECISION_LAW = {"icf": "ICF 151(c)", "queen2": "queen2 ¶18"}

FEE_RECORDED = "Scrutiny fee recorded as paid."
WRITTEN_LODGED = "Written protest lodged; the match result is withheld until the decision."


def window_law(rule_set):
    return WINDOW_LAW.get(rule_set.key, rule_set.law)


def decision_law(rule_set):
    return DECISION_LAW.get(rule_set.key, rule_set.law)


def clock(moment):
    """A time as the hall reads it: 10:15, or 10:15:30 when the seconds matter."""
    local = timezone.localtime(moment)
    return f"{local:%H:%M}" if local.second == 0 else f"{local:%H:%M:%S}"


def headline(protest):
    """The protest and where it stands, as in "Protest #12 upheld"."""
    return f"Protest #{protest.pk} {protest.get_status_display().lower()}"


def board(protest):
    return f"Game {protest.game_no} board {protest.board_no}"


def decision_notice(protest):
    """(subject, body) of the decision conveyed to the parties (ICF 151(c))."""
    match = protest.match
    subject = f"{headline(protest)}: {match.entry_a} v {match.entry_b}"
    return subject, f"{board(protest)}. {protest.decision_reason}"


def overdue_notice(protest, rule_set):
    """(subject, body) telling the officials a decision is overdue (ICF 151(c); queen2 ¶18)."""
    match = protest.match
    subject = f"Protest #{protest.pk} is overdue: {match.entry_a} v {match.entry_b}"
    body = (
        f"{decision_law(rule_set)}: the decision was due by {clock(protest.due_at)} (lodged at "
        f"{clock(protest.lodged_at)}). {board(protest)}; the result stays withheld until it is decided."
    )
    return subject, body


def logged_message(protest):
    return f"Protest #{protest.pk} logged."


def decided_message(protest):
    return f"{headline(protest)}."


def fee_set_message(fee):
    return f"Scrutiny fee set: {fee.fee_amount} {fee.fee_currency}."
