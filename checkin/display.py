"""Check-in wording built in Python: deadlines as the venue reads them, the notifications a forfeit and its
cancellation send, and the messages the desk shows after an action. A refusal stays beside the rule it states, in
`checkin.services`."""

from django.utils import timezone


def clock(moment):
    """A deadline as people read it at the venue."""
    return timezone.localtime(moment).strftime("%H:%M:%S")


def entry_name(match, side):
    return str(getattr(match, f"entry_{side}"))


def forfeit_notice(match, law):
    """(subject, body) of a forfeit for late arrival (ICF 143(i), ECC 18, queen2 ¶10), `law` being the one applied."""
    absent = " and ".join(entry_name(match, side) for side in match.forfeited)
    if match.forfeited == "ab":
        outcome = "both lose"
    else:
        outcome = f"{match.winner} wins {match.score_a}-{match.score_b}"
    table = f" at table {match.table}" if match.table else ""
    subject = f"Forfeit: {match.entry_a} v {match.entry_b}"
    body = (
        f"{absent} did not report{table} by {clock(match.report_deadline)} ({law}): {outcome}. "
        f"The chief referee can cancel the forfeit if the delay was not the player's fault."
    )
    return subject, body


def cancelled_notice(match, reason):
    """(subject, body) of a cancelled forfeit: the match is announced again, with its new deadline."""
    subject = f"Forfeit cancelled: {match.entry_a} v {match.entry_b}"
    body = f"The match is announced again; report at the board by {clock(match.report_deadline)}. Reason: {reason}"
    return subject, body


def reported_message(match, side):
    return f"{entry_name(match, side)} reported at the board."


def cancelled_message(match):
    return f"Forfeit cancelled: {match.entry_a} v {match.entry_b} is announced again."


def withdrawn_message(entry, withdrawn):
    return f"{entry} is withdrawn from the later rounds." if withdrawn else f"{entry} stays in the later rounds."
