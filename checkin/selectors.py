"""Check-in reads for the desk, the API and the services: the late-arrival law of a stage (ICF 143(i), ECC 18,
queen2 ¶10), the matches of a round in the order of the hall and what the desk shows for each side. Nothing here
writes."""

from django.db.models import F

from stages.models import Match, Stage

S = Match.Status
WAITING = (S.SCHEDULED, S.CALLED)  # a match whose players are expected at the board
SIDES = ("a", "b")


def late_arrival_of(match):
    return stage_late_arrival(match.stage)


def stage_late_arrival(stage):
    """The rule set's late-arrival law for a stage's matches (None: the rule set has none, e.g. office)."""
    return stage.event.rules.late_arrival


def side_state(match, side, now):
    """What the check-in desk shows for one side: "forfeited", "reported", "overdue" (deadline passed, forfeit
    not applied yet), "waiting", or "" once the match is under way without a report."""
    if side in match.forfeited:
        return "forfeited"
    if getattr(match, f"reported_{side}_at"):
        return "reported"
    if match.status not in WAITING:
        return ""
    if match.report_deadline is not None and now > match.report_deadline:
        return "overdue"
    return "waiting"


def checkin_matches(rnd):
    """The matches of a round in the order of the hall: by table, then by group and number."""
    return list(
        rnd.matches.exclude(entry_a=None, entry_b=None)
        .exclude(status=S.BYE)
        .select_related("entry_a", "entry_b", "umpire", "group")
        .order_by(F("table").asc(nulls_last=True), F("group__number").asc(nulls_first=True), "number")
    )


def checkin_desk(rnd, now, official, may_report):
    """What the desk of a round shows: each match with its sides' states, the deadline and the actions the user
    may take. `official`: the user is a chief referee (or a secretary); `may_report(match)`: the user may mark
    the match's sides as reported (`checkin.services.report_check`)."""
    swiss = rnd.stage.kind == Stage.Kind.SWISS
    matches = checkin_matches(rnd)
    for m in matches:
        m.sides = []
        for side in SIDES:
            entry, state = getattr(m, f"entry_{side}"), side_state(m, side, now)
            m.sides.append(
                {
                    "key": side,
                    "entry": entry,
                    "state": state,
                    "reported_at": getattr(m, f"reported_{side}_at"),
                    "can_report": state in ("waiting", "overdue") and may_report(m),
                    "withdrawn": entry.withdrawn,
                }
            )
        m.waiting = m.status in WAITING
        m.can_cancel = official and bool(m.forfeited)
        m.can_withdraw = m.can_cancel and swiss
    return {
        "round": rnd,
        "stage": rnd.stage,
        "matches": matches,
        "official": official,
        "late_arrival": stage_late_arrival(rnd.stage),
        "now": now,
    }
