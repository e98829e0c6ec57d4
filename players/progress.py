"""A player's rank and points after each round of a stage: the schedule page's "My rank after each round".

Every player of a stage reads the same standings, so they are worked out for the whole stage (or the player's
group) at once, by the stage's own standings after each round (stages.selectors.standings_round_by_round), and
kept as every entry's rank and points after each round (a ProgressTable). While the page cache is on, that table
is kept in the cache under the tournament's page stamp (core.page_cache), which every change of a match, an entry,
a rating, a round or the stage replaces: the other players' pages read it in one cache lookup instead of working
out the same standings again. The stamp is read with the tournament, before the
rows, so a table is never older than its stamp. The page that works the table out after a result reads again only
the round the result is in: the other rounds' matches and results, and the standings after them, are kept by the
rounds' own stamps (stages.loading.kept_stage_rows, stages.kept_standings)."""

from dataclasses import dataclass, field

from core.memory import gc_paused
from core.worked_once import worked_once_per_stamp
from stages.models import Round, Stage
from stages.selectors import standings_round_by_round

# How long a stage's table is kept under one stamp: during play a stamp lasts seconds, so most tables are read
# only briefly; a quiet stamp's table is worked out again after this (40 ms at 1,000 entries, 0.7 s at 10,000).
TABLE_SECONDS = 120
TABLE_KEY = "players:progress:2:{stage}:{group}"


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


def stage_progress(stage, lines, tournament=None, reads=None):
    """The player's rank and points after each round of a Swiss, round-robin or groups stage, as the stage's
    standings rank them counting the rounds up to that one (stages.selectors.standings_round_by_round); None for a
    knockout or before the player has a result that counts. Rounds with no decided match yet are left out.
    `lines`: the player's matches (players.selectors.PlayerMatch); `tournament` (with its page stamp) lets the
    stage's table be kept in the cache; `reads` (stages.loading.SharedRows) shares the stage's rows with the rest
    of the page. Three queries per stage, none when the table is in the cache or the rows read (one more for
    rounds the player has no match in: a late entry, a rest)."""
    own = [pm for pm in lines if pm.match.stage_id == stage.pk]
    if stage.kind == Stage.Kind.KNOCKOUT or not any(pm.final for pm in own):
        return None  # no standings, or none of the player's results counts yet: nothing to read
    group_id = own[0].match.group_id
    rounds = {pm.match.round_id: pm.match.round for pm in own}
    table = progress_table(stage, group_id, tournament, rounds, reads)
    missing = {round_id for round_id, *_ in table.rounds} - rounds.keys()
    if missing:
        rounds.update(Round.objects.in_bulk(missing))
    place = table.index.get(own[0].entry.pk)
    progress = StageProgress(stage=stage, group=own[0].match.group)
    for round_id, final, ranks, points in table.rounds:
        rank, earned = (None, 0) if place is None else (ranks[place], points[place])
        progress.rounds.append(RoundStanding(rounds[round_id], rank, earned, table.size, final))
    return progress


def progress_table(stage, group_id, tournament=None, rounds=None, reads=None):
    """The stage's (or group's) ProgressTable: from the cache under the tournament's stamp when the page cache is
    on and `tournament` is given, else worked out (and then kept). `rounds`: {round id: Round} already loaded."""
    # Every phone of the stage asks for it at once after a result: one request works it out, the others wait.
    key = TABLE_KEY.format(stage=stage.pk, group=group_id)
    return worked_once_per_stamp(
        tournament, key, lambda: work_out_table(stage, group_id, rounds or {}, reads), TABLE_SECONDS
    )


def work_out_table(stage, group_id, rounds, reads=None):
    """The table from the stage's standings after each round (stages.selectors.standings_round_by_round): three
    queries, four when `rounds` lacks one of the matches' rounds; none for a whole stage whose rows `reads` has."""
    with gc_paused():  # the stage's rows and a table per round: many objects that live a moment
        read = reads.of(stage) if reads is not None and group_id is None else None
        entries, steps = standings_round_by_round(stage, group_id, rounds, ranks_only=True, read=read)
    # Each round's Ranks are in the entries' order already: an entry's place in them is its place in `entries`.
    index = {entry.pk: place for place, entry in enumerate(entries)}
    compact = tuple((round_id, final, ranks.ranks, ranks.points) for round_id, final, ranks in steps)
    return ProgressTable(size=len(entries), index=index, rounds=compact)
