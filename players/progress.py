"""A player's rank and points after each round of a stage: the schedule page's "My rank after each round".

Every player of a stage reads the same standings, so they are worked out for the whole stage (or the player's
group) at once: the stage's published matches and entries as plain rows (stages.loading), then one standings
per round with a decided match, as stages.selectors.stage_standings ranks the rounds up to that one. While the page
cache is on, that table is kept in the cache under the tournament's page stamp (core.page_cache), which every
change of a match, an entry, a rating, a round or the stage replaces: the other players' pages read it in one
cache lookup instead of working out the same standings again. The stamp is read with the tournament, before the
rows, so a table is never older than its stamp."""

from dataclasses import dataclass, field

from django.conf import settings
from django.core.cache import cache

from stages.draws.standings import standings
from stages.loading import entry_rows, match_rows
from stages.models import GroupMember, Round, Stage
from stages.selectors import competitors_of, decided_results, played_ids, points_for, precedence
from tournaments.models import Entry

# How long a stage's table is kept under one stamp: during play a stamp lasts seconds, so most tables are read
# only briefly; a quiet stamp's table is worked out again after this (40 ms at 1,000 entries, 0.7 s at 10,000).
TABLE_SECONDS = 120
TABLE_KEY = "players:progress:1:{tournament}:{stamp}:{stage}:{group}"


@dataclass
class RoundStanding:
    """The player's place after a round: `rank` of `entries`, `points`; `final` once every match of that round
    and the ones before counts (a result to confirm or a withheld one does not count yet: ICF 150)."""

    round: Round
    rank: int | None
    points: float
    entries: int
    final: bool


@dataclass
class StageProgress:
    stage: Stage
    group: object = None
    rounds: list = field(default_factory=list)


@dataclass(frozen=True)
class ProgressTable:
    """Every entry's rank and points after each round of a stage or group: `size` entries ranked, `index` (entry
    id: its place in `ranks` and `points`) and `rounds`, one (round id, final, ranks, points) per round with a
    decided match, in round order."""

    size: int
    index: dict
    rounds: tuple


def stage_progress(stage, lines, tournament=None):
    """The player's rank and points after each round of a Swiss, round-robin or groups stage, as the stage's
    standings (stages.selectors.stage_standings) rank them counting the rounds up to that one; None for a
    knockout or before the player has a result that counts. Rounds with no decided match yet are left out.
    `lines`: the player's matches (players.selectors.PlayerMatch); `tournament` (with its page stamp) lets the
    stage's table be kept in the cache. Three queries per stage, none when the table is in the cache (one more
    for rounds the player has no match in: a late entry, a rest)."""
    own = [pm for pm in lines if pm.match.stage_id == stage.pk]
    if stage.kind == Stage.Kind.KNOCKOUT or not any(pm.final for pm in own):
        return None  # no standings, or none of the player's results counts yet: nothing to read
    group_id = own[0].match.group_id
    rounds = {pm.match.round_id: pm.match.round for pm in own}
    table = progress_table(stage, group_id, tournament, rounds)
    missing = {round_id for round_id, *_ in table.rounds} - rounds.keys()
    if missing:
        rounds.update(Round.objects.in_bulk(missing))
    place = table.index.get(own[0].entry.pk)
    progress = StageProgress(stage=stage, group=own[0].match.group)
    for round_id, final, ranks, points in table.rounds:
        rank, earned = (None, 0) if place is None else (ranks[place], points[place])
        progress.rounds.append(RoundStanding(rounds[round_id], rank, earned, table.size, final))
    return progress


def progress_table(stage, group_id, tournament=None, rounds=None):
    """The stage's (or group's) ProgressTable: from the cache under the tournament's stamp when the page cache is
    on and `tournament` is given, else worked out (and then kept). `rounds`: {round id: Round} already loaded."""
    key = None
    if tournament is not None and settings.PAGE_CACHE_SECONDS > 0 and tournament.page_version:
        key = TABLE_KEY.format(tournament=tournament.pk, stamp=tournament.page_version, stage=stage.pk, group=group_id)
        table = cache.get(key)
        if table is not None:
            return table
    table = work_out_table(stage, group_id, rounds or {})
    if key is not None:
        cache.set(key, table, min(TABLE_SECONDS, settings.PAGE_CACHE_SECONDS))
    return table


def work_out_table(stage, group_id, rounds):
    """The table from the stage's published matches (of the group) and their entries: three queries, four when
    `rounds` lacks one of the matches' rounds."""
    matches = stage.matches.filter(round__status=Round.Status.PUBLISHED)
    if group_id is not None:
        matches = matches.filter(group_id=group_id)
    # Match.Meta.ordering, as the standings always read them: within one stage, by round number, then match number
    # (said so, or the ordering joins the stage, the event and the tournament to sort by them too).
    rows = match_rows(matches.order_by("round__number", "number"))
    entries = ranked_entries(stage, group_id, rows)
    index = {entry.pk: place for place, entry in enumerate(entries)}
    steps = []
    for round_id, table, final in standings_after_each_round(stage, entries, by_round(rows, rounds)):
        ranks, points = [None] * len(entries), [0] * len(entries)
        for row in table:
            ranks[index[row.id]], points[index[row.id]] = row.rank, row.points
        steps.append((round_id, final, ranks, points))
    return ProgressTable(size=len(entries), index=index, rounds=tuple(steps))


def standings_after_each_round(stage, entries, rounds):
    """(round id, standings rows, final) after each round that has a decided match: the standings
    stages.selectors.stage_standings gives of the rounds up to that one, worked out as it works them out (the
    competitors, the decided results, `standings` with the stage's precedence and points), with the competitors
    and each round's results made once instead of once per round. `rounds`: as `by_round` gives them. Tests hold
    it equal to stage_standings (tests/players/test_progress.py)."""
    competitors = competitors_of(entries)
    byes_count, order, points = stage.kind == Stage.Kind.SWISS, precedence(stage), points_for(stage)
    results = []
    for round_id, rows, final in rounds:
        results += decided_results(rows, byes_count)
        if any(row.is_decided for row in rows):  # a round-robin bye too, though it counts for nothing
            yield round_id, standings(competitors, results, order, points), final


def ranked_entries(stage, group_id, rows):
    """The entries the standings rank, as EntryRows: the group's members, else every entry that plays in `rows`
    (as stages.selectors.played_entries), read with the event's entries (cheaper whole than asked by id)."""
    if group_id is not None:
        members = GroupMember.objects.filter(group_id=group_id).values("entry_id")
        return entry_rows(Entry.objects.filter(pk__in=members))
    played = played_ids(rows)
    entries = [entry for entry in entry_rows(stage.event.entries.all()) if entry.pk in played]
    others = played - {entry.pk for entry in entries}
    return entries + (entry_rows(Entry.objects.filter(pk__in=others)) if others else [])


def by_round(rows, rounds):
    """(round id, its rows in their order, whether every row up to it is decided) for each round of `rows`, in
    round order. `rounds`: {round id: Round} already loaded; the others' numbers are read."""
    missing = {row.round_id for row in rows} - rounds.keys()
    numbers = {pk: found.number for pk, found in rounds.items()}
    if missing:
        numbers.update(Round.objects.filter(pk__in=missing).values_list("pk", "number"))
    grouped = {}
    for row in rows:
        grouped.setdefault((numbers[row.round_id], row.round_id), []).append(row)
    final = True
    for (_number, round_id), round_rows in sorted(grouped.items(), key=lambda item: item[0][0]):
        final = final and all(row.is_decided for row in round_rows)
        yield round_id, round_rows, final
