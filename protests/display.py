"""Protest wording built in Python: times as the hall reads them, where each rule set states its protest times, the
notifications the decision and an overdue decision send, and the messages the pages show after an operation.
A refusal stays beside the rule it states, in `protests.services`."""

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

PHOTO_ADDED = gettext_lazy("Photo attached to the protest.")
WRITTEN_LODGED = gettext_lazy("Written protest lodged; the match result is withheld until the decision.")

# "Protest #12 upheld": one sentence per status, so a translation may put the words in its own order.
HEADLINES = {
    "oral": gettext_lazy("Protest #%(pk)s oral (written protest awaited)"),
    "lodged": gettext_lazy("Protest #%(pk)s lodged (decision awaited)"),
    "upheld": gettext_lazy("Protest #%(pk)s upheld"),
    "overruled": gettext_lazy("Protest #%(pk)s overruled"),
    "rejected": gettext_lazy("Protest #%(pk)s rejected"),
    "abusive": gettext_lazy("Protest #%(pk)s rejected as abusive (ICF 148)"),
}
# A decided protest's status inside a sentence ("This protest is already decided (upheld).").
DECIDED_IN_TEXT = {
    "upheld": pgettext_lazy("protest status inside a sentence", "upheld"),
    "overruled": pgettext_lazy("protest status inside a sentence", "overruled"),
    "rejected": pgettext_lazy("protest status inside a sentence", "rejected"),
    "abusive": pgettext_lazy("protest status inside a sentence", "rejected as abusive"),
}


def window_law(rule_set):
    """Where the rule set states the written protest's window: ICF 146, queen2 ¶18."""
    return rule_set.cite("protest_window")


def decision_law(rule_set):
    """Where it states the decision's time: ICF 151(c), queen2 ¶18."""
    return rule_set.cite("protest_decision")


def fee_law(rule_set):
    """Where it asks the scrutiny fee: ICF 145, ICF 145 (queen2 ¶21)."""
    return rule_set.cite("protest_fee")


def status_key(protest):
    """The status as the wording tells it apart: "abusive" for a protest rejected under ICF 148."""
    return "abusive" if protest.abusive else protest.status


def clock(moment):
    """A time as the hall reads it: 10:15, or 10:15:30 when the seconds matter."""
    local = timezone.localtime(moment)
    return f"{local:%H:%M}" if local.second == 0 else f"{local:%H:%M:%S}"


def headline(protest):
    """The protest and where it stands, as in "Protest #12 upheld"."""
    return HEADLINES[status_key(protest)] % {"pk": protest.pk}


def decided_in_text(protest):
    """The decided protest's status as it reads inside a sentence: "upheld"."""
    return DECIDED_IN_TEXT.get(status_key(protest)) or protest.get_status_display().lower()


def board(protest):
    return _("Game %(game)s board %(board)s") % {"game": protest.game_no, "board": protest.board_no}


def decision_notice(protest):
    """(subject, body) of the decision conveyed to the parties (ICF 151(c))."""
    match = protest.match
    subject = _("%(protest)s: %(side_a)s v %(side_b)s") % {
        "protest": headline(protest),
        "side_a": match.entry_a,
        "side_b": match.entry_b,
    }
    body = _("Game %(game)s board %(board)s. %(reason)s") % {
        "game": protest.game_no,
        "board": protest.board_no,
        "reason": protest.decision_reason,
    }
    return subject, body


def overdue_notice(protest, rule_set):
    """(subject, body) telling the officials a decision is overdue (ICF 151(c); queen2 ¶18)."""
    match = protest.match
    subject = _("Protest #%(pk)s is overdue: %(side_a)s v %(side_b)s") % {
        "pk": protest.pk,
        "side_a": match.entry_a,
        "side_b": match.entry_b,
    }
    body = _(
        "%(law)s: the decision was due by %(due)s (oral protest at %(oral)s, written protest lodged at %(lodged)s). "
        "Game %(game)s board %(board)s; the result stays withheld until it is decided."
    ) % {
        "law": decision_law(rule_set),
        "due": clock(protest.due_at),
        "oral": clock(protest.intimated_at),
        "lodged": clock(protest.written_received_at),
        "game": protest.game_no,
        "board": protest.board_no,
    }
    return subject, body


def logged_message(protest):
    return _("Protest #%(pk)s logged.") % {"pk": protest.pk}


def decided_message(protest):
    return f"{headline(protest)}."


def fee_set_message(fee):
    return _("Scrutiny fee set: %(amount)s %(currency)s.") % {"amount": fee.fee_amount, "currency": fee.fee_currency}
