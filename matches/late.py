"""Late arrivals (issue #6): the reporting deadline of each match, from its rule set and the match's times.

ICF 143(i): 15 minutes after the match is announced (called); ECC 18: 6 minutes after "Start" (the round clock's
start); queen2 ¶10: 5 minutes before the planned time. The deadline is stored on the match (`report_deadline`) so
the periodic forfeit task finds due matches with one indexed query, whatever happened to the worker."""

from datetime import timedelta

from rules.base import get_rule_set

from .models import Match, RoundClock


def deadline_for(match, late_arrival, clock_started_at=None):
    """The moment a side not reported at its board loses, or None while the reference time is unknown."""
    if late_arrival is None:
        return None
    minutes = timedelta(minutes=late_arrival.minutes)
    if late_arrival.reference == "announced":
        return match.called_at + minutes if match.called_at else None
    if late_arrival.reference == "start":
        return clock_started_at + minutes if clock_started_at else None
    if late_arrival.reference == "planned_before":
        return match.planned_at - minutes if match.planned_at else None
    raise ValueError(f"Unknown late-arrival reference {late_arrival.reference!r}")


def refresh_deadlines(matches):
    """Recompute and store the reporting deadline of `matches` (after a call, a schedule change or a clock start).
    Matches already decided keep theirs. Returns the matches whose deadline changed."""
    matches = [m for m in matches if m.status in (Match.Status.SCHEDULED, Match.Status.CALLED)]
    starts = dict(
        RoundClock.objects.filter(round_id__in={m.round_id for m in matches}).values_list("round_id", "started_at")
    )
    changed = []
    for match in matches:
        late_arrival = get_rule_set(match.stage.event.rule_set).late_arrival
        deadline = deadline_for(match, late_arrival, starts.get(match.round_id))
        if deadline != match.report_deadline:
            match.report_deadline = deadline
            changed.append(match)
    Match.objects.bulk_update(changed, ["report_deadline"])
    return changed
