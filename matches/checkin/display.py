"""Check-in wording built in Python: deadlines as the venue reads them, the notifications a forfeit and its
cancellation send, and the messages the desk shows after an action. A refusal stays beside the rule it states, in
`checkin.services`."""

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def clock(moment):
    """A deadline as people read it at the venue."""
    return timezone.localtime(moment).strftime("%H:%M:%S")


def entry_name(match, side):
    return str(getattr(match, f"entry_{side}"))


def forfeit_notice(match, law):
    """(subject, body) of a forfeit for late arrival (ICF 143(i), ECC 18, queen2 ¶10), `law` being the one applied."""
    words = {
        "a": match.entry_a,
        "b": match.entry_b,
        "absent": entry_name(match, match.forfeited) if match.forfeited in ("a", "b") else "",
        "table": match.table,
        "deadline": clock(match.report_deadline),
        "law": law,
        "winner": match.winner,
        "score_a": match.score_a,
        "score_b": match.score_b,
    }
    subject = _("Forfeit: %(a)s v %(b)s") % words
    if match.forfeited == "ab" and match.table:
        what = _("%(a)s and %(b)s did not report at table %(table)s by %(deadline)s (%(law)s): both lose.")
    elif match.forfeited == "ab":
        what = _("%(a)s and %(b)s did not report by %(deadline)s (%(law)s): both lose.")
    elif match.score_a is None and match.table:  # ICF 143(i), queen2 ¶10: the match is lost, no score
        what = _(
            "%(absent)s did not report at table %(table)s by %(deadline)s (%(law)s): %(winner)s wins by walk-over."
        )
    elif match.score_a is None:
        what = _("%(absent)s did not report by %(deadline)s (%(law)s): %(winner)s wins by walk-over.")
    elif match.table:
        what = _(
            "%(absent)s did not report at table %(table)s by %(deadline)s (%(law)s): "
            "%(winner)s wins %(score_a)s-%(score_b)s."
        )
    else:
        what = _("%(absent)s did not report by %(deadline)s (%(law)s): %(winner)s wins %(score_a)s-%(score_b)s.")
    may_cancel = _("The chief referee can cancel the forfeit if the delay was not the player's fault.")
    return subject, f"{what % words} {may_cancel}"


def cancelled_notice(match, reason):
    """(subject, body) of a cancelled forfeit: the match is announced again, with its new deadline."""
    subject = _("Forfeit cancelled: %(a)s v %(b)s") % {"a": match.entry_a, "b": match.entry_b}
    body = _("The match is announced again; report at the board by %(deadline)s. Reason: %(reason)s") % {
        "deadline": clock(match.report_deadline),
        "reason": reason,
    }
    return subject, body


def reported_message(match, side):
    return _("%(entry)s reported at the board.") % {"entry": entry_name(match, side)}


def present_message(match, reported, already):
    """What the desk says after a tap: who is now at the board, and who had already reported (another desk, or
    a second tap), so a tap that changed nothing says so."""
    words = {"a": entry_name(match, "a"), "b": entry_name(match, "b")}
    if len(reported) == 2:
        return _("%(a)s and %(b)s reported at the board.") % words
    if len(already) == 2:
        return _("%(a)s and %(b)s had already reported: nothing changed.") % words
    earlier = {}
    if already:
        side = already[0]
        earlier = {"other": entry_name(match, side), "time": clock(getattr(match, f"reported_{side}_at"))}
    if reported and already:
        return _("%(entry)s reported at the board; %(other)s had already reported at %(time)s.") % {
            "entry": entry_name(match, reported[0]),
            **earlier,
        }
    if reported:
        return reported_message(match, reported[0])
    return _("%(other)s had already reported at %(time)s: nothing changed.") % earlier


def cancelled_message(match):
    return _("Forfeit cancelled: %(a)s v %(b)s is announced again.") % {"a": match.entry_a, "b": match.entry_b}


def withdrawn_message(entry, withdrawn):
    if withdrawn:
        return _("%(entry)s is withdrawn from the later rounds.") % {"entry": entry}
    return _("%(entry)s stays in the later rounds.") % {"entry": entry}


def window_refusal(window):
    """Why a player's tap "I am at table N" was refused (`checkin.self_checkin.window`): the same facts the page
    shows instead of the button."""
    from_call = _("Check-in opens when your match is called.")
    words = {
        "table": window.table,
        "law": window.law,
        "opens": clock_short(window.opens_at),
        "deadline": clock_short(window.deadline),
    }
    if window.state == "early":
        return _("Too early: check-in opens at %(opens)s.") % words if window.opens_at else from_call
    if window.state == "late" and window.law:
        return (
            _("%(law)s: the reporting deadline was %(deadline)s. Only the chief referee can accept a late report.")
            % words
        )
    if window.state == "late":
        return _("The reporting deadline was %(deadline)s. Only the chief referee can accept a late report.") % words
    if window.state == "no_table":
        return _("Your match has no table yet: check in once it has one.")
    if window.state == "forfeited":
        return _("Your side has lost this match by forfeit: only the chief referee can cancel it.")
    return _("This match takes no check-in now.")


def clock_short(moment):
    """A time of day as a player's page shows it (hours and minutes)."""
    return timezone.localtime(moment).strftime("%H:%M") if moment else ""


def undone_message(match, side):
    return _("Check-in of %(entry)s undone: not reported at the board.") % {"entry": entry_name(match, side)}


def claim_too_early(match, late_arrival):
    """Why a player cannot yet say their opponent is absent: the law's time has not run out."""
    if match.report_deadline is None:
        return _("The match is not called yet: nobody is late.")
    return _("%(law)s: your opponent has until %(deadline)s to come to the board; say they are absent after that.") % {
        "law": late_arrival.law if late_arrival else "",
        "deadline": clock(match.report_deadline),
    }


def absent_message(match, side):
    """What the desk says once a side is declared absent: lost now (past the deadline), or at the deadline."""
    if side in match.forfeited:
        return _("%(entry)s is absent and has lost by forfeit.") % {"entry": entry_name(match, side)}
    return _("%(entry)s is declared absent: unless they report by %(deadline)s, they lose by forfeit.") % {
        "entry": entry_name(match, side),
        "deadline": clock(match.report_deadline),
    }


def round_forfeits_cancelled(rnd, count):
    return ngettext(
        "%(count)s lateness forfeit of %(round)s cancelled: the match is announced again.",
        "%(count)s lateness forfeits of %(round)s cancelled: the matches are announced again.",
        count,
    ) % {"count": count, "round": rnd.display_name}
