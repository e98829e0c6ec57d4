"""Reading the stages floor: who enters a stage, its standings, and what the stage page and the API show. Nothing
here writes. Each function loads what it needs in a fixed number of queries and leaves the ranking to the plain
engine in stages.draws.standings."""

from collections import defaultdict, namedtuple

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from stages.display import side_info
from stages.draws.knockout import THIRD_PLACE
from stages.draws.standings import (
    ROUND_ROBIN_PRECEDENCE,
    SWISS_PRECEDENCE,
    TEAM_ROUND_ROBIN_PRECEDENCE,
    TEAM_SWISS_PRECEDENCE,
    Entrant,
    Entrants,
    MatchResult,
)
from stages.errors import StageError
from stages.kept_standings import KeptStep, standings_after_each_step
from stages.loading import EntryRow, all_decided, entry_rows, match_rows, stage_rows, worked_out
from stages.models import GroupMember, Match, Round, Stage
from stages.signals import with_event_ratings
from tournaments.models import Entry, EntryMember, Event

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


def shown_entry_rating(entry):
    """The entry's rating as the public may see it: None when a member keeps their rating private."""
    if any(not member.player.publish_rating for member in entry.members.all()):
        return None
    return entry_rating(entry)


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


def stage_played_ids(read):
    """played_ids of a stage's StageRows: where kept by round, each round's worked out once while it is kept (the
    rounds before the one being played do not change with its results)."""
    if not read.by_round:
        return played_ids(read.matches)
    return set().union(*rounds_played_ids(read))


def rounds_played_ids(read):
    """Each kept round's played_ids (stages.loading.RoundRows), in round order."""
    return [worked_out(rows, "played_ids", played_ids) for rows in read.by_round.values()]


def played_entries(matches):
    """The entries that play in `matches`, with their players (see with_players)."""
    return list(with_players(Entry.objects.filter(pk__in=played_ids(matches))))


# ---------------------------------------------------------------- standings


def decided_results(matches, byes_count, bye_margin=None):
    """MatchResult rows for the standings engine: decided matches only (a protested or unconfirmed result
    counts for nothing yet). A Swiss bye is a win, its net score `bye_margin` (the stage's bye score for less
    its bye score against, as SoL counts its phantom score) and its total score its own; a round-robin bye is a
    rest and counts for nothing."""
    key = ("decided_results", byes_count, bye_margin)  # a kept round's rows (stages.loading.RoundRows): once
    return worked_out(matches, key, lambda rows: KeptStep(results_of(rows, byes_count, bye_margin)))


def results_of(matches, byes_count, bye_margin):
    results = []
    add = results.append  # one call per match of the stage: 50,000 in a 10,000-player Swiss after ten rounds
    for match in matches:
        a, b = match.entry_a_id, match.entry_b_id
        if not match.is_decided or a is None:
            continue
        if b is None:
            if byes_count:
                add(MatchResult(a, None, match.score_a or 0, match.score_b or 0, bye_margin=bye_margin))
        elif match.forfeited == "ab":  # both sides absent at the reporting deadline: a loss for each
            add(MatchResult(a, b, 0, 0, both_lose=True))
        elif match.status == Match.Status.WALKOVER and match.score_a is None:  # no score (ICF 143): the win only
            add(MatchResult(a, b, walkover="a" if match.winner_id == a else "b"))
        else:
            add(MatchResult(a, b, *result_scores(match), boards_a=match.boards_a, boards_b=match.boards_b))
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
    if stage.event.kind == Event.Kind.TEAM_TIES:
        return TEAM_SWISS_PRECEDENCE if stage.kind == Stage.Kind.SWISS else TEAM_ROUND_ROBIN_PRECEDENCE
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
    (table,) = standings_after_each_round(stage, entries, [matches])
    return table


def standings_after_each_round(stage, entries, rounds, ranks_only=False):
    """The stage's standings rows after each of `rounds` (each one round's matches, in round order), counting that
    round and the ones before it. The competitors and each round's results are made once, not once per round: the
    players' page reads every entry's rank after each round (standings_round_by_round); each table is kept once
    worked out (stages.kept_standings), so a new result works out again only its round and the ones after it.
    `entries`: model instances or stages.loading.EntryRows. `ranks_only`: each round's
    stages.kept_standings.Ranks instead of its rows."""
    competitors = competitors_of(entries)
    byes_count, bye_margin = stage.kind == Stage.Kind.SWISS, stage.bye_score_for - stage.bye_score_against
    steps = [decided_results(matches, byes_count, bye_margin) for matches in rounds]
    tables = standings_after_each_step(competitors, steps, precedence(stage), points_for(stage), ranks_only)
    for number, table in enumerate(tables):
        if any(steps[: number + 1]):
            break
        # Before any result, everyone is level on nothing: a rank (every row "1") would say otherwise.
        if ranks_only:
            tables[number] = table._replace(ranks=(None,) * len(table.ranks))
        else:
            for row in table:
                row.rank = None
    return tables


RoundByRound = namedtuple("RoundByRound", ("entries", "steps"))


def standings_round_by_round(stage, group_id=None, rounds=None, ranks_only=False, read=None):
    """The standings of a Swiss, round-robin or groups stage (of its group `group_id`) after each of its published
    rounds that has a decided match: `entries` (the EntryRows ranked, see ranked_entries) and `steps`, one
    (round id, final, standings rows) per round in round order; `final` once every match of that round and those
    before it counts (a result to confirm or a withheld one does not count yet: ICF 150). Three queries, four when
    `rounds` ({round id: Round} already loaded) lacks a round of the matches. `ranks_only`: each step's
    stages.kept_standings.Ranks instead of its rows. `read`: the stage's StageRows (stages.loading.stage_rows)
    when read already, for a whole stage (no group); otherwise read here."""
    if group_id is None:
        read = read or stage_rows(stage)
        rows, entries = read.matches, stage_ranked_entries(read)
        if read.rounds is not None:  # read with the rows: no round's number to ask for
            rounds = {**{rnd.pk: rnd for rnd in read.rounds}, **(rounds or {})}
    else:
        matches = stage.matches.filter(round__status=Round.Status.PUBLISHED, group_id=group_id)
        # Match.Meta.ordering, as the standings always read them (as stage_rows does): by round number, then match
        # number (said so, or the ordering joins the stage, the event and the tournament to sort by them too).
        rows = match_rows(matches.order_by("round__number", "number"))
        members = GroupMember.objects.filter(group_id=group_id).values("entry_id")
        entries = entry_rows(Entry.objects.filter(pk__in=members))  # the group's members
    # A round with no decided match adds nothing and is no step; a round-robin rest, decided, is one though it
    # counts for nothing.
    in_order = kept_rounds_in_order(read) if read is not None and read.by_round else rounds_in_order(rows, rounds or {})
    counted = [step for step in in_order if any(match.is_decided for match in step[2])]
    tables = standings_after_each_round(stage, entries, [matches for *_, matches in counted], ranks_only)
    return RoundByRound(entries, [(*step[:2], table) for step, table in zip(counted, tables, strict=True)])


class RankedEntries(list):
    """The EntryRows a stage's standings rank, with their competitors once made (competitors_of)."""

    competitors = None


def stage_ranked_entries(read):
    """ranked_entries of a whole stage's StageRows. Where its rows are kept by round (stages.loading), the same
    list again while the event's entries and every round's entries are the same: a result changes neither."""
    worked = getattr(read.entries, "worked", None)
    if worked is None or not read.by_round:
        return ranked_entries(stage_played_ids(read), read.entries)
    by_round = rounds_played_ids(read)
    kept = worked.get("ranked")
    if kept is None or kept[0] != by_round:  # compared round by round, each kept round's set by identity first
        entries = ranked_entries(set().union(*by_round), read.entries)
        if not isinstance(entries, RankedEntries):
            return entries  # with another event's entries, which are not kept with this one's
        kept = worked["ranked"] = (by_round, entries)
    return kept[1]


def ranked_entries(played, event_entries):
    """The entries a whole stage's standings rank, as EntryRows: every entry of `played` (ids: those that play in
    the stage's rows), found among the event's (read whole: cheaper than asked by id)."""
    entries = RankedEntries(entry for entry in event_entries if entry.pk in played)
    others = played - {entry.pk for entry in entries}
    return [*entries, *entry_rows(Entry.objects.filter(pk__in=others))] if others else entries


def rounds_in_order(rows, rounds):
    """(round id, whether every row up to it is decided, its rows in their order) for each round of `rows`, in
    round order. `rounds`: {round id: Round} already loaded; the others' numbers are read."""
    missing = {row.round_id for row in rows} - rounds.keys()
    numbers = {pk: found.number for pk, found in rounds.items()}
    if missing:
        numbers.update(Round.objects.filter(pk__in=missing).values_list("pk", "number"))
    grouped = defaultdict(list)
    for row in rows:
        grouped[numbers[row.round_id], row.round_id].append(row)
    final = True
    for (_number, round_id), round_rows in sorted(grouped.items(), key=lambda item: item[0][0]):
        final = final and all(row.is_decided for row in round_rows)
        yield round_id, final, round_rows


def kept_rounds_in_order(read):
    """As rounds_in_order, from StageRows kept by round (stages.loading.kept_stage_rows): each round's RoundRows."""
    final = True
    for rnd in read.rounds:
        rows = read.by_round[rnd.pk]
        if rows:
            final = final and all_decided(rows)
            yield rnd.pk, final, rows


def competitors_of(entries):
    """The standings engine's competitors (stages.draws.standings.Entrant): entries (model instances, or
    stages.loading.EntryRows) by id, name and rating; made once for RankedEntries."""
    if getattr(entries, "competitors", None) is not None:
        return entries.competitors
    found = Entrants(
        Entrant(e.pk, e.name or "", e.rating if isinstance(e, EntryRow) else entry_rating(e)) for e in entries
    )
    if isinstance(entries, RankedEntries):
        entries.competitors = found
    return found


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


# ---------------------------------------------------------------- a Swiss round's sides


def round_side_info(rnd):
    """Each side's points before a Swiss round and its rating, as the stage page shows them, for the round's
    pairing sheet: {match id: (info_a, info_b)}. A fixed number of queries."""
    earlier = match_rows(rnd.stage.matches.filter(round__number__lt=rnd.number))
    listed = list(rnd.matches.all())
    entries = entry_rows(Entry.objects.filter(pk__in=played_ids([*earlier, *listed])))
    points = {row.id: row.points for row in stage_standings(rnd.stage, entries, earlier)} if earlier else {}
    give_side_info(listed, points, entries)
    return {m.pk: (m.info_a, m.info_b) for m in listed}


def give_side_info(matches, points, entries):
    """Each side of `matches` with its points before their round (`points`: {entry id: points}) and its rating,
    as `info_a` and `info_b`. `entries`: stages.loading.EntryRows."""
    by_id = {entry.pk: entry for entry in entries}
    for m in matches:
        for side in ("a", "b"):
            entry = by_id.get(getattr(m, f"entry_{side}_id"))
            rating = entry.rating if entry and entry.rating_shown else None  # a rating kept private is not shown
            setattr(m, f"info_{side}", side_info(points.get(entry.pk, 0), rating) if entry else "")


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
