"""Wording of the referee's desk: refusals that name the law, the reasons written into the audit log and onto the
walk-over, and the rest interval as the card shows it. Nothing here queries or decides; it only says."""

from django.utils import timezone
from django.utils.translation import gettext as _

from matches.display import status_label


def clock(moment):
    """A time of day as the venue reads it."""
    return timezone.localtime(moment).strftime("%H:%M:%S")


def side_name(match, side):
    return str(match.entry_a if side == "a" else match.entry_b)


def may_not():
    return _("Only the umpire of this match or a chief referee of this tournament may.")


def not_offered(reason):
    return _("Not offered: %(reason)s.") % {"reason": reason}


def not_started(law, match):
    return _("%(law)s: the match has not started (it is %(status)s); nothing is recorded before play.") % {
        "law": law,
        "status": status_label(match.status),
    }


def over(law, match):
    return _("%(law)s: the match is over (it is %(status)s); nothing more is recorded on it.") % {
        "law": law,
        "status": status_label(match.status),
    }


def applied_by_task(law):
    return _("%(law)s is applied when the rest ends, to a player not marked back; it is not recorded by hand.") % {
        "law": law
    }


def needs_warnings(law, needed, given):
    message = _("%(law)s: offered only after %(needed)s warnings to this player in this match; so far: %(given)s.")
    return message % {"law": law, "needed": needed, "given": given}


def loss_reason(clause, player, note=""):
    """The reason the walk-over carries: the law and what happened."""
    reason = _("%(law)s: %(player)s loses the entire match (%(what)s)") % {
        "law": clause.law,
        "player": player,
        "what": clause.label,
    }
    return f"{reason}. {note.strip()}" if note.strip() else reason


def rest_loss_reason(clause, rest_law, match, side, deadline):
    return _("%(law)s: %(side)s not back at the board when the rest (%(rest_law)s) ended at %(deadline)s") % {
        "law": clause.law,
        "side": side_name(match, side),
        "rest_law": rest_law,
        "deadline": clock(deadline),
    }


def concession_reason(law, match, side, game_no):
    values = {"law": law, "side": side_name(match, side), "game": game_no}
    if game_no is None:
        return _("%(law)s: %(side)s concedes the match") % values
    return _("%(law)s: %(side)s concedes game %(game)s") % values


def rest_over(law, loss_law, deadline):
    message = _("%(law)s: the rest ended at %(deadline)s; a player not back by then is liable to lose (%(loss_law)s).")
    return message % {"law": law, "loss_law": loss_law, "deadline": clock(deadline)}
