"""Check-in reads for the desk, the API and the services: the late-arrival law of a stage (ICF 143(i), ECC 18,
queen2 ¶10), the matches of a round in the order of the hall and what the desk shows for each side. Nothing here
writes."""

import re
import unicodedata
from collections import Counter

from django.db.models import F

from stages.models import Match, Stage
from tournaments.people_models import officials_entry_name

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
        .prefetch_related("entry_a__members__player__club", "entry_b__members__player__club")
        .order_by(F("table").asc(nulls_last=True), F("group__number").asc(nulls_first=True), "number")
    )


def checkin_desk(rnd, now, official, may_report, query="", only_open=False):
    """What the desk of a round shows: each match with its sides' states, the deadline and the actions the user
    may take. `official`: the user is a chief referee (or a secretary); `may_report(match)`: the user may mark
    the match's sides as reported (`checkin.services.report_check`). `query` (a player's name or a table number)
    and `only_open` (tables still waiting for a side) hide the other matches without leaving them out, so the
    desk's script can show them again as the search changes."""
    swiss = rnd.stage.kind == Stage.Kind.SWISS
    matches = checkin_matches(rnd)
    for m in matches:
        desk_row(m, now, official, may_report, swiss)
        m.hidden = not shown(m, query, only_open)
    deadlines = Counter(m.report_deadline for m in matches if m.open)
    common = deadlines.most_common(1)[0][0] if deadlines else None
    for m in matches:
        m.own_deadline = m.report_deadline != common
    return {
        "round": rnd,
        "stage": rnd.stage,
        "matches": matches,
        "official": official,
        "late_arrival": stage_late_arrival(rnd.stage),
        "now": now,
        "query": query,
        "only_open": only_open,
        "common_deadline": common,
        "any_open": bool(deadlines),
        "tables_open": sum(m.open for m in matches),
        "players_reported": sum(s["state"] == "reported" for m in matches for s in m.sides),
        "players": 2 * len(matches),
        "shown": sum(not m.hidden for m in matches),
    }


def checkin_row(rnd, pk, now, official, may_report):
    """The desk of a round with match `pk` alone, as `checkin_desk` shows it (the row the desk's script swaps in
    after an action, with the counts above the rows), or None when the match is not on the desk."""
    context = checkin_desk(rnd, now, official, may_report)
    context["match"] = next((m for m in context["matches"] if m.pk == pk), None)
    if context["match"] is not None:
        context["match"].hidden = False
    return context


def desk_row(m, now, official, may_report, swiss):
    """Give match `m` what its row on the desk shows and offers."""
    m.sides = []
    for side in SIDES:
        entry, state = getattr(m, f"entry_{side}"), side_state(m, side, now)
        m.sides.append(
            {
                "key": side,
                "entry": entry,
                # The desk calls players by their real names (the public sees Player.shown_name).
                "name": officials_entry_name(entry),
                "state": state,
                "reported_at": getattr(m, f"reported_{side}_at"),
                "can_report": state in ("waiting", "overdue") and may_report(m),
                # A report taken back (e.g. a player's own tap when they were not there): while the match waits.
                "can_undo": state == "reported" and m.status in WAITING and may_report(m),
                "withdrawn": entry.withdrawn,
            }
        )
    m.waiting = m.status in WAITING
    # Open: a side is still expected at the board. Done: both are there (the desk greys the row).
    m.open = m.waiting and any(s["state"] in ("waiting", "overdue") for s in m.sides)
    m.done = m.waiting and all(s["state"] == "reported" for s in m.sides)
    m.overdue = any(s["state"] == "overdue" for s in m.sides)
    m.can_report_both = all(s["can_report"] for s in m.sides)
    m.can_cancel = official and bool(m.forfeited)
    m.can_withdraw = m.can_cancel and swiss
    m.search_text = search_key(" ".join(s["name"] for s in m.sides))
    return m


# Letters that Unicode does not decompose into a base letter and an accent, as a desk types them.
FOLD = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i"})


def search_key(text):
    """A name as the desk's search compares it: lower case, accents dropped ("Schäfer" is found by "schafer").
    static/js/checkin-desk.js folds what is typed the same way."""
    text = unicodedata.normalize("NFD", text.lower()).translate(FOLD)
    return re.sub("[\u0300-\u036f]", "", text)


def shown(m, query, only_open):
    """Whether the desk shows match `m` for a search: digits look a table up, words a player (every word must
    appear in a name); `only_open` leaves out the tables where nobody is awaited."""
    if only_open and not m.open:
        return False
    query = search_key(query.strip())
    if not query:
        return True
    if re.fullmatch("[0-9]+", query):
        return m.table is not None and str(m.table) == query.lstrip("0")
    return all(word in m.search_text for word in query.split())
