"""Reading the stages floor: who enters a stage, its standings, and what the stage page and the API show. Nothing
here writes. Each function loads what it needs in a fixed number of queries and leaves the ranking to the plain
engine in stages.draws.standings."""

from collections import defaultdict

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from stages.display import (
    qualified_words,
    result_text,
    side_info,
    side_scores,
    stage_badge,
    tiebreak_notes,
)
from stages.draws.knockout import THIRD_PLACE
from stages.draws.standings import ROUND_ROBIN_PRECEDENCE, SWISS_PRECEDENCE, MatchResult, standings
from stages.errors import StageError
from stages.loading import EntryRow
from stages.models import OPEN, GroupMember, Match, Round, Stage
from stages.signals import with_event_ratings
from tournaments.models import Entry, EntryMember

# ---------------------------------------------------------------- who plays


def with_players(entries):
    """Entries with their members, players and clubs, in two queries whatever their number."""
    return entries.prefetch_related(Prefetch("members", members_with_players()))


def groups_with_players(stage):
    """A stage's groups with their members' entries, players and clubs (see with_players)."""
    members = GroupMember.objects.select_related("entry").prefetch_related(
        Prefetch("entry__members", members_with_players())
    )
    return stage.groups.prefetch_related(Prefetch("members", members))


def members_with_players():
    """Entry members with their players and clubs, for a Prefetch.

    Not `prefetch_related("members__player")`: Django 5.2 prefetches a foreign key on SQLite with one OR term per
    row, which SQLite refuses from about 1,000 players ("Expression tree is too large")."""
    return with_event_ratings(EntryMember.objects.select_related("player__club"))


def entrants(stage):
    """The entries that enter a stage: every active entry of the event, or the qualifiers of its source stage,
    in seeding order (best first)."""
    if stage.source_id is None:
        entries = with_players(stage.event.entries.filter(withdrawn=False))
        return sorted(entries, key=lambda e: (e.seed is None, e.seed or 0, -(entry_rating(e) or 0), e.name))
    source = require_source_finished(stage)
    if source.kind == Stage.Kind.GROUPS:
        tiers = qualifiers_by_group(source, stage.qualifiers)
        # Winners first (group order), then runners-up, ...
        return [group[place] for place in range(stage.qualifiers) for group in tiers if place < len(group)]
    matches = list(source.matches.all())
    entries = played_entries(matches)
    by_id = {entry.pk: entry for entry in entries}
    table = stage_standings(source, entries, matches)
    return [by_id[row.id] for row in table if not by_id[row.id].withdrawn][: stage.qualifiers]


def require_source_finished(stage):
    source = stage.source
    if source.status != Stage.Status.FINISHED:
        raise StageError(_("%(stage)s is not finished yet: its qualifiers are not known.") % {"stage": source.name})
    if stage.qualifiers is None:
        raise StageError(_("Say how many qualify from %(stage)s.") % {"stage": source.name})
    return source


def qualifiers_by_group(stage, per_group):
    tiers = []
    for group, rows in group_standings(stage).items():
        by_id = {member.entry_id: member.entry for member in group.members.all()}
        tiers.append([by_id[row.id] for row in rows if not by_id[row.id].withdrawn][:per_group])
    return tiers


def entry_rating(entry):
    ratings = [member_rating(member) for member in entry.members.all()]
    ratings = [rating for rating in ratings if rating is not None]
    return sum(ratings) / len(ratings) if ratings else None


def member_rating(member):
    """The rate the event's rating gave the player before the tournament (members_with_players), else the
    player's own rating."""
    rated = getattr(member, "event_rating", None)
    return member.player.rating if rated is None else rated


def entry_attribute(entry, name):
    members = [member.player for member in entry.members.all()]
    if name == "club":
        return members[0].club.name if members and members[0].club else ""
    return members[0].country if members else ""


def played_ids(matches):
    return ({m.entry_a_id for m in matches} | {m.entry_b_id for m in matches}) - {None}


def played_entries(matches):
    """The entries that play in `matches`, with their players (see with_players)."""
    return list(with_players(Entry.objects.filter(pk__in=played_ids(matches))))


# ---------------------------------------------------------------- standings


def decided_results(matches, byes_count):
    """MatchResult rows for the standings engine: decided matches only (a protested or unconfirmed result
    counts for nothing yet). A Swiss bye is a win; a round-robin bye is a rest and counts for nothing."""
    results = []
    for match in matches:
        if not match.is_decided or match.entry_a_id is None:
            continue
        if match.entry_b_id is None:
            if byes_count:
                results.append(MatchResult(match.entry_a_id, None, match.score_a or 0, match.score_b or 0))
        elif match.forfeited == "ab":  # both sides absent at the reporting deadline: a loss for each
            results.append(MatchResult(match.entry_a_id, match.entry_b_id, 0, 0, both_lose=True))
        elif match.status == Match.Status.WALKOVER and match.score_a is None:  # no score (ICF 143): the win only
            side = "a" if match.winner_id == match.entry_a_id else "b"
            results.append(MatchResult(match.entry_a_id, match.entry_b_id, walkover=side))
        else:
            results.append(MatchResult(match.entry_a_id, match.entry_b_id, *result_scores(match)))
    return results


def result_scores(match):
    """Scores as the standings engine reads them: the winner always has the higher score, so a best-of-three
    match won on games counts as a win even when the loser scored more points in total."""
    a, b = match.score_a or 0, match.score_b or 0
    if match.winner_id == match.entry_a_id and a <= b:
        return b + 1, a
    if match.winner_id == match.entry_b_id and b <= a:
        return a, b + 1
    return a, b


def precedence(stage):
    if stage.tiebreaks:
        return tuple(stage.tiebreaks)
    return SWISS_PRECEDENCE if stage.kind == Stage.Kind.SWISS else ROUND_ROBIN_PRECEDENCE


def points_for(stage):
    points = stage.event.rules.standings_points
    return (points.win, points.draw, points.loss)


def stage_standings(stage, entries=None, matches=None):
    """Standings rows (stages.draws.standings.Standing) of a Swiss or round-robin stage."""
    if matches is None:
        matches = list(stage.matches.all())
    if entries is None:
        entries = played_entries(matches)
    competitors = [
        {"id": e.pk, "name": e.name, "rating": e.rating if isinstance(e, EntryRow) else entry_rating(e)}
        for e in entries
    ]
    results = decided_results(matches, byes_count=stage.kind == Stage.Kind.SWISS)
    return standings(competitors, results, precedence(stage), points_for(stage))


def group_standings(stage, matches=None):
    """{group: standings rows} for a groups or round-robin stage, in group order; `matches` (default: all the
    stage's) are the ones that count. Each group comes with its members' entries and players."""
    groups = list(groups_with_players(stage))
    matches_by_group = defaultdict(list)
    for match in stage.matches.all() if matches is None else matches:
        matches_by_group[match.group_id].append(match)
    return {
        group: stage_standings(stage, [member.entry for member in group.members.all()], matches_by_group[group.pk])
        for group in groups
    }


# ---------------------------------------------------------------- the stage page


def stage_page_data(stage, secretary):
    """Everything the stage page shows, loaded in a fixed number of queries whatever the stage's size.

    Preview (draft) rounds, and what only they contain, are left out unless `secretary`."""
    rounds = [r for r in stage.rounds.all() if secretary or r.status == Round.Status.PUBLISHED]
    by_round = {r.pk: r for r in rounds}
    swiss = stage.kind == Stage.Kind.SWISS
    matches = swiss_matches(stage, rounds) if swiss else stage_matches(stage, rounds)
    # The latest Swiss round's pairings under the standings; earlier rounds on their own pages.
    shown = rounds[-1:] if swiss else rounds
    for r in rounds:
        r.match_list = []
    for m in matches:
        m.round = by_round[m.round_id]
        m.round.match_list.append(m)
    for m in (m for r in shown for m in r.match_list):
        m.result_text = result_text(m)
        m.side_scores = side_scores(m)
        m.takes_result = secretary and m.round.status == Round.Status.PUBLISHED and takes_result(m)
    data = {"rounds": rounds, "matches": matches, "badge": stage_badge(stage, rounds, matches)}
    if stage.kind in (Stage.Kind.GROUPS, Stage.Kind.ROUND_ROBIN):
        data["groups"], data["next_stage"] = group_tables(stage, rounds, matches) if rounds else ([], None)
    elif swiss:
        entries = played_entries(matches)
        name_sides(shown[0].match_list if shown else [], entries)
        data["standings"] = stage_standings(stage, entries, matches) if matches else []
        data["next_stage"] = qualifying_stage(stage)
        if data["next_stage"] is not None:
            mark_qualifiers(data["standings"], entries, data["next_stage"].qualifiers)
        if shown:
            show_points_before(stage, shown[0], entries, matches)
        data["swiss_rounds"], data["earlier_rounds"] = shown, rounds[-2::-1]
        data["late_entries"] = late_entries(matches)
    else:
        data["bracket"] = [r for r in rounds if r.name != THIRD_PLACE]
        data["third_place"] = next((r for r in rounds if r.name == THIRD_PLACE), None)
    if data.get("next_stage") is not None:
        data["qualified_words"] = qualified_words(stage, data["next_stage"])
    if secretary:
        data.update(secretary_data(stage, rounds))
    return data


def late_entries(matches):
    """How many entries joined a Swiss stage after its first round: entered late, they start on 0 points (as
    Swiss Manager and SoL do), since the stage reads its entrants at each pairing."""
    first = {}
    for m in matches:
        for entry_id in (m.entry_a_id, m.entry_b_id):
            if entry_id is not None:
                first[entry_id] = min(first.get(entry_id, m.round.number), m.round.number)
    return sum(1 for number in first.values() if number > 1)


def show_points_before(stage, rnd, entries, matches):
    """Each side of a Swiss round's pairings with its points before the round (as it was paired) and its rating:
    `info_a`, `info_b`."""
    earlier = [m for m in matches if m.round_id != rnd.pk]
    points = {row.id: row.points for row in stage_standings(stage, entries, earlier)} if earlier else {}
    by_id = {entry.pk: entry for entry in entries}
    for m in rnd.match_list:
        for side in ("a", "b"):
            entry = by_id.get(getattr(m, f"entry_{side}_id"))
            info = side_info(points.get(entry.pk, 0), entry_rating(entry)) if entry else ""
            setattr(m, f"info_{side}", info)


def round_side_info(rnd):
    """Each side's points before a Swiss round and its rating, as the stage page shows them (show_points_before),
    for the round's pairing sheet: {match id: (info_a, info_b)}. A fixed number of queries."""
    earlier = list(rnd.stage.matches.filter(round__number__lt=rnd.number).only(*STANDINGS_FIELDS))
    rnd.match_list = list(rnd.matches.all())
    entries = played_entries(earlier + rnd.match_list)
    show_points_before(rnd.stage, rnd, entries, earlier + rnd.match_list)
    return {m.pk: (m.info_a, m.info_b) for m in rnd.match_list}


def stage_matches(stage, rounds):
    matches = stage.matches.filter(round__in=rounds).order_by("round__number", "group__number", "number")
    if stage.kind == Stage.Kind.KNOCKOUT:
        # A group's matches are named from the groups' members, which the standings load (group_tables).
        matches = matches.select_related("entry_a", "entry_b")
    return list(matches)


# What the standings read of a match (decided_results), and its stage (the related manager sets it).
STANDINGS_FIELDS = (
    "stage",
    "round",
    "entry_a",
    "entry_b",
    "winner",
    "status",
    "result_withheld",
    "forfeited",
    "score_a",
    "score_b",
    "planned_at",  # not the standings': the secretary's "Schedule the stage" asks whether any match waits for a time
)


def swiss_matches(stage, rounds):
    """A Swiss stage page shows the latest round's pairings; the earlier rounds (5,500 matches in a 1,000-player
    event) only count in the standings, so they are loaded with what the standings read, and no match brings its
    entries: the standings' entry list names the latest round's players (`name_sides`)."""
    matches = stage.matches.filter(round__in=rounds).order_by("round__number", "number")
    latest = rounds[-1] if rounds else None
    return [*matches.exclude(round=latest).only(*STANDINGS_FIELDS), *matches.filter(round=latest)]


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
        "can_finish": stage.status == Stage.Status.DRAWN,
        # The scheduling floor gives tables and times to every published match still waiting for them.
        "can_schedule": in_play
        and any(
            m.status == Match.Status.SCHEDULED and m.planned_at is None
            for r in rounds
            if r.status == Round.Status.PUBLISHED
            for m in r.match_list
        ),
    }


# ---------------------------------------------------------------- the API's bracket


def bracket_data(rounds, matches):
    """A knockout's rounds (the third-place match last) with their `matches`, and the champion once the final
    is decided, as the API's BracketSerializer reads them."""
    by_round = defaultdict(list)
    for match in matches:
        by_round[match.round_id].append(match)
    final = next((m for r in rounds if r.name == "final" for m in by_round[r.pk]), None)
    winner = None
    if final is not None and final.winner_id:
        winner = final.entry_a if final.winner_id == final.entry_a_id else final.entry_b
    return {
        "rounds": [
            {
                "id": r.pk,
                "number": r.number,
                "name": r.name,
                "display_name": r.display_name,
                "status": r.status,
                "matches": by_round[r.pk],
            }
            for r in sorted(rounds, key=lambda r: (r.name == THIRD_PLACE, r.number))
        ],
        "winner": winner,
    }
