"""What a stage's page shows (stages.views.stage_detail), loaded in a fixed number of queries whatever the stage's
size: groups with their tables and grids, a bracket, or a Swiss stage's standings and latest pairings.

A Swiss stage is the page a whole hall reloads, and the largest: 1,000 players have 5,000 matches after ten
rounds. Its page lists only the latest round's pairings (earlier rounds on their own pages), so every match is
read as a plain row for the standings (stages.loading), and the latest round's once more, as plain objects, for the
list. The standings are worked out once; each side's points before the latest round are the standings' points
less what the round itself gave. The two long lists are written by Jinja2 fragments (stages/jinja2/)."""

from collections import defaultdict, namedtuple
from types import SimpleNamespace

from stages.display import (
    qualified_words,
    result_text,
    side_scores,
    stage_badge,
    tiebreak_notes,
)
from stages.draws.knockout import THIRD_PLACE
from stages.loading import MATCH_FIELDS, entry_rows, match_rows
from stages.models import OPEN, Match, Round, Stage
from stages.selectors import give_side_info, group_standings, stage_standings


def stage_page_data(stage, secretary):
    """Everything the stage page shows. Preview (draft) rounds, and what only they contain, are left out unless
    `secretary`."""
    rounds = [r for r in stage.rounds.all() if secretary or r.status == Round.Status.PUBLISHED]
    if stage.kind == Stage.Kind.SWISS:
        data = swiss_data(stage, rounds, secretary)
    else:
        data = drawn_data(stage, rounds, secretary)
    if data.get("next_stage") is not None:
        data["qualified_words"] = qualified_words(stage, data["next_stage"])
    if secretary:
        data.update(secretary_data(stage, rounds))
    return data


# ---------------------------------------------------------------- groups, round robins, brackets


def drawn_data(stage, rounds, secretary):
    """Groups, a round robin or a bracket: every round's matches (`match_list`), with their results."""
    by_round = {r.pk: r for r in rounds}
    matches = stage_matches(stage, rounds)
    for r in rounds:
        r.match_list = []
    for m in matches:
        m.round = by_round[m.round_id]
        m.round.match_list.append(m)
    for m in matches:
        m.result_text = result_text(m)
        m.side_scores = side_scores(m)
        m.takes_result = secretary and m.round.status == Round.Status.PUBLISHED and takes_result(m)
    data = {"rounds": rounds, "matches": matches, "badge": stage_badge(stage, rounds, matches)}
    if stage.kind in (Stage.Kind.GROUPS, Stage.Kind.ROUND_ROBIN):
        data["groups"], data["next_stage"] = group_tables(stage, rounds, matches) if rounds else ([], None)
    else:
        data["bracket"] = [r for r in rounds if r.name != THIRD_PLACE]
        name_origins(stage, [m for m in matches if m.round.number == 1])
        data["third_place"] = next((r for r in rounds if r.name == THIRD_PLACE), None)
    return data


class Origin(namedtuple("Origin", ("letter", "place"))):
    def __str__(self):
        return f"{self.letter}{self.place}"


def name_origins(stage, first_round):
    """A bracket entered from groups says where each first-round side came from: "A1" for the winner of group A,
    "C2" for the runner-up of group C, as the draw placed them (stages.draws.knockout.place_group_qualifiers)."""
    source = stage.source
    if not first_round or source is None or source.kind != Stage.Kind.GROUPS:
        return
    origins = {}
    for group, rows in group_standings(source).items():
        withdrawn = {member.entry_id for member in group.members.all() if member.entry.withdrawn}
        ranked = [row for row in rows if row.id not in withdrawn][: stage.qualifiers]
        origins.update({row.id: Origin(group.letter, place) for place, row in enumerate(ranked, 1)})
    for m in first_round:
        m.origin_a, m.origin_b = origins.get(m.entry_a_id), origins.get(m.entry_b_id)


def stage_matches(stage, rounds):
    matches = stage.matches.filter(round__in=rounds).order_by("round__number", "group__number", "number")
    if stage.kind == Stage.Kind.KNOCKOUT:
        # A group's matches are named from the groups' members, which the standings load (group_tables).
        matches = matches.select_related("entry_a", "entry_b")
    return list(matches)


def name_sides(matches, entries):
    """Give `matches` their entries from an entry list already loaded."""
    by_id = {entry.pk: entry for entry in entries}
    for m in matches:
        m.entry_a, m.entry_b = by_id.get(m.entry_a_id), by_id.get(m.entry_b_id)


def takes_result(match):
    open_or_confirmed = match.status in OPEN or match.status == Match.Status.CONFIRMED
    return open_or_confirmed and match.entry_a_id is not None and match.entry_b_id is not None


def group_tables(stage, rounds, matches):
    """Per group: members, standings rows (those in a qualifying place marked), the tie-breaks that separate rows
    level on points, the cross table and the group's matches round by round; and the stage the qualifiers enter
    (None when no later stage is drawn from this one)."""
    standings_by_group = group_standings(stage, matches)
    entries_by_group = {group: [member.entry for member in group.members.all()] for group in standings_by_group}
    # Every entry of the stage's matches is a member of one of its groups (a swap moves entries within a round).
    name_sides(matches, [entry for entries in entries_by_group.values() for entry in entries])
    by_group = defaultdict(list)
    played = defaultdict(list)  # (group, round) → the matches played (not a rest)
    for m in matches:
        by_group[m.group_id].append(m)
        if m.entry_b_id is not None:
            played[m.group_id, m.round_id].append(m)
    next_stage = qualifying_stage(stage)
    tables = []
    for group, rows in standings_by_group.items():
        group_matches = by_group[group.pk]
        if next_stage is not None:
            mark_qualifiers(rows, entries_by_group[group], next_stage.qualifiers)
        tables.append(
            {
                "group": group,
                "standings": rows,
                "tiebreaks": tiebreak_notes(rows),
                "grid": cross_table(entries_by_group[group], group_matches),
                "rounds": [(r, played[group.pk, r.pk]) for r in rounds],
                "open_count": sum(1 for m in group_matches if m.takes_result and m.status in OPEN),
            }
        )
    return tables, next_stage


def qualifying_stage(stage):
    """The stage this one's qualifiers enter (None when no later stage is drawn from it)."""
    return stage.next_stages.exclude(qualifiers=None).order_by("order").first()


def mark_qualifiers(rows, entries, places):
    """Mark the rows in the `places` qualifying places of a group (`qualifies`), as the next stage reads them
    (qualifiers_by_group): a withdrawn entry leaves its place to the next row."""
    if rows and rows[0].rank is None:
        return  # no result yet: no place is a qualifying one so far
    withdrawn = {entry.pk for entry in entries if entry.withdrawn}
    qualifying = [row for row in rows if row.id not in withdrawn][:places]
    for row in qualifying:
        row.qualifies = True


def cross_table(entries, matches):
    """Rows of (entry, cells): a cell holds the results of the row entry against the column entry, row's side first."""
    results = defaultdict(list)
    for m in matches:
        if m.entry_b_id is None:
            continue
        for row, column, flip in ((m.entry_a_id, m.entry_b_id, False), (m.entry_b_id, m.entry_a_id, True)):
            results[row, column].append((result_text(m, flip, short=True) or "·", result_text(m, flip, side_view=True)))
    return [
        (entry, [grid_cell(entry.pk == other.pk, results[entry.pk, other.pk]) for other in entries])
        for entry in entries
    ]


def grid_cell(is_self, results):
    return {
        "self": is_self,
        "text": " / ".join(short for short, _ in results),
        "title": " / ".join(full for _, full in results),
    }


# ---------------------------------------------------------------- Swiss


# What the list of the latest round's pairings reads of a match (stages/_match_list.html, stages.display.result_text)
# and the secretary's swap form of a preview round (`number`).
LISTED_FIELDS = (*MATCH_FIELDS, "number", "games_a", "games_b", "planned_at")


class Side:
    """An entry as a listed match names it: printed, its name (as an Entry prints)."""

    __slots__ = ("pk", "name")

    def __init__(self, entry):
        self.pk, self.name = entry.pk, entry.name

    def __str__(self):
        return self.name


def swiss_data(stage, rounds, secretary):
    """The standings after the rounds shown, and the latest round's pairings (`swiss_rounds`: its `match_list`,
    each side with its points before the round and its rating); earlier rounds are links."""
    data = {"rounds": rounds, "swiss_rounds": rounds[-1:], "earlier_rounds": rounds[-2::-1], "next_stage": None}
    for r in rounds:
        r.match_list = []
    if not rounds:
        return {**data, "matches": [], "badge": stage_badge(stage, rounds, []), "standings": [], "late_entries": 0}
    latest = rounds[-1]
    visible = stage.matches.filter(round__in=rounds)
    rows = match_rows(visible.order_by("round__number", "number"))
    latest.match_list = listed = listed_matches(visible.filter(round=latest).order_by("number"), latest, secretary)
    # The entries that play in the rounds shown, in the event's order (cheaper read whole than asked by id).
    played = {m.entry_a_id for m in rows} | {m.entry_b_id for m in rows}
    entries = [entry for entry in entry_rows(stage.event.entries.all()) if entry.pk in played]
    by_id = {entry.pk: entry for entry in entries}
    for m in listed:
        m.entry_a, m.entry_b = (Side(by_id[pk]) if pk in by_id else None for pk in (m.entry_a_id, m.entry_b_id))
        m.result_text = result_text(m)
    table = stage_standings(stage, entries, rows) if rows else []
    data["next_stage"] = next_stage = qualifying_stage(stage)
    if next_stage is not None:
        mark_qualifiers(table, entries, next_stage.qualifiers)
    show_points_before(stage, listed, entries, rows, table, latest)
    return {
        **data,
        "matches": rows,
        "badge": stage_badge(stage, rounds, rows),
        "standings": table,
        "late_entries": late_entries(rows, {r.pk: r.number for r in rounds}),
    }


def listed_matches(matches, rnd, secretary):
    """The round's matches as plain objects with what the list reads; `takes_result` where the secretary may
    enter the result from the page."""
    listed = [SimpleNamespace(**values) for values in matches.values(*LISTED_FIELDS)]
    published = rnd.status == Round.Status.PUBLISHED
    for m in listed:
        m.round = rnd
        m.takes_result = secretary and published and takes_result(m)
    return listed


def show_points_before(stage, listed, entries, rows, table, rnd):
    """Each side of the listed round with its points before the round (as it was paired) and its rating:
    `info_a`, `info_b`. The points are the standings' (`table`, after the round) less those the round gave,
    standings of its results alone; both are sums of whole points, so the difference is exact (else, the
    standings of the earlier rounds are worked out)."""
    if not listed:
        return
    after, round_id = {row.id: row.points for row in table}, rnd.pk
    this_round = stage_standings(stage, entries, [m for m in rows if m.round_id == round_id])
    if all(type(row.points) is int for row in (*table, *this_round)):
        points = {row.id: after[row.id] - row.points for row in this_round}
    else:
        earlier = [m for m in rows if m.round_id != round_id]
        points = {row.id: row.points for row in stage_standings(stage, entries, earlier)} if earlier else {}
    give_side_info(listed, points, entries)


def late_entries(rows, round_numbers):
    """How many entries joined a Swiss stage after its first round: entered late, they start on 0 points (as
    Swiss Manager and SoL do), since the stage reads its entrants at each pairing."""
    first = {}
    for m in rows:
        number = round_numbers[m.round_id]
        for entry_id in (m.entry_a_id, m.entry_b_id):
            if entry_id is not None and first.get(entry_id, number) >= number:
                first[entry_id] = number
    return sum(1 for number in first.values() if number > 1)


# ---------------------------------------------------------------- the secretary's actions


def secretary_data(stage, rounds):
    """What the secretary's actions on the stage page need: which actions apply now, and the round whose
    pairings can still be swapped (its matches fill the swap form)."""
    drafts = [r for r in rounds if r.status == Round.Status.DRAFT]
    last = rounds[-1] if rounds else None
    swap_round = None
    if stage.kind == Stage.Kind.SWISS and last and last.status == Round.Status.DRAFT:
        swap_round = last
    elif stage.kind == Stage.Kind.KNOCKOUT and rounds and rounds[0].status == Round.Status.DRAFT:
        swap_round = rounds[0]
    in_play = stage.status != Stage.Status.FINISHED
    return {
        "can_draw": stage.status == Stage.Status.PENDING,
        "can_pair": stage.kind == Stage.Kind.SWISS and in_play and bool(rounds) and not drafts,
        "draft_rounds": drafts,
        "swap_round": swap_round,
        "last_round": last if stage.kind == Stage.Kind.SWISS and in_play else None,
        # Groups, round robins and brackets are drawn whole and deleted whole.
        "can_delete_draw": stage.kind != Stage.Kind.SWISS and stage.status == Stage.Status.DRAWN,
        # A preview is not in play yet: it is published or deleted, never finished.
        "can_finish": stage.status == Stage.Status.DRAWN and not drafts,
        # The scheduling floor gives tables and times to every published match still waiting for them.
        "can_schedule": in_play and waits_for_a_time(stage, rounds),
    }


def waits_for_a_time(stage, rounds):
    """Whether a match of a published round waits for its table and time. A Swiss stage's earlier rounds are
    plain rows without the time: asked of the database."""
    published = [r for r in rounds if r.status == Round.Status.PUBLISHED]
    if stage.kind == Stage.Kind.SWISS:
        waiting = stage.matches.filter(round__in=published, status=Match.Status.SCHEDULED, planned_at=None)
        return bool(published) and waiting.exists()
    return any(m.status == Match.Status.SCHEDULED and m.planned_at is None for r in published for m in r.match_list)
