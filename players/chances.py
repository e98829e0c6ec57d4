"""A player's chances in a Swiss stage that has rounds left, on their personal page: of qualifying and of each
finishing place, estimated from the ratings by playing the rest of the stage many times over (stages.draws.chances).

Thousands of simulated rounds take a second or two for a 64-player Eurocup (benchmarks/chances.py), too long for a
page: the figures are worked out once per state of the stage (stages.chances.SwissState.key: a round complete, the
next one published) by a Celery task (players.tasks.estimate_chances; eagerly without Redis, in the request that
first asks) and kept in the cache under that key, for every player of the stage. Until they are there the page
says they are being worked out; the task then changes the tournament's page stamp (core.page_cache), so the
personal pages, which refresh themselves (live.js), show them."""

from dataclasses import dataclass, field

from django.core.cache import cache

from core import page_cache
from core.memory import gc_paused
from core.worked_once import worked_once, worked_once_per_stamp
from players.display import chance_percent, places_label
from stages.chances import state_stamp, swiss_state
from stages.models import Stage

# Kept per state: a marker that the state is worked out (its runs), and each entry's own figures beside it, so a
# page reads one entry's few bands, not every entry's chance of every place (a million figures at 1,000 entries).
KEY = "players:chances:2:{key}"
ENTRY_KEY = "players:chances:2:{key}:{entry}"
# What the personal pages read of a stage's state, kept per tournament stamp as players.progress keeps its table.
STATE_KEY = "players:chances-state:2:{stage}"
# The same, kept by the stage's rounds' stamps (stages.chances.state_stamp) for the pages after the next stamp.
ROUNDS_STATE_KEY = "players:chances-state:2:rounds:{stamp}"
STATE_SECONDS = 120
KEEP_SECONDS = 3 * 24 * 3600  # a state lasts a round at most; a quiet stage's estimate is kept over a weekend
NEGLIGIBLE = 0.01  # a place band less likely than this is not shown (the page says so)


@dataclass
class Band:
    """Finishing places `first` to `last` and the chance of finishing in one of them."""

    first: int
    last: int
    chance: float
    qualifying: bool = False  # every place of the band qualifies

    @property
    def label(self):
        return places_label(self.first, self.last)

    @property
    def percent(self):
        return chance_percent(self.chance)


@dataclass
class YourChances:
    """What the personal page shows of one stage: `status` "ready", "computing" or "unrated" (most entries have
    no rating: no estimate)."""

    stage: Stage
    entry: object
    complete: int
    rounds_planned: int
    key: str
    status: str = "computing"
    runs: int = 0
    entries: int = 0
    qualifiers: int | None = None
    qualify: float | None = None
    sure_in: bool = False
    sure_out: bool = False
    bands: list = field(default_factory=list)

    @property
    def qualify_percent(self):
        return chance_percent(self.qualify or 0.0, self.sure_in, self.sure_out)

    def fill(self):
        """The kept figures, if they are there now; True when they are (an entry not in the stage's standings has
        none)."""
        kept = cache.get(ENTRY_KEY.format(key=self.key, entry=self.entry.pk))
        if kept is None:
            return False
        self.status, self.runs, self.entries = "ready", kept.runs, kept.entries
        self.qualify, self.sure_in, self.sure_out = kept.qualify, kept.sure_in, kept.sure_out
        self.bands = [Band(*band) for band in kept.bands]
        return True


@dataclass(frozen=True)
class EntryChances:
    """One entry's figures as its page shows them: `bands` as (first, last, chance, qualifying), the negligible
    ones left out; `qualify` None when the stage has no qualifiers."""

    runs: int
    entries: int
    qualify: float | None
    sure_in: bool
    sure_out: bool
    bands: tuple


def entry_chances(chances, qualifiers):
    """{entry id: EntryChances} of an estimate (stages.draws.chances.Chances)."""
    found = {}
    for entry_id, places in chances.places.items():
        shown = tuple(
            (band.first, band.last, band.chance, band.qualifying)
            for band in bands(places, qualifiers)
            if band.chance >= NEGLIGIBLE
        )
        qualify = chances.qualify.get(entry_id) if chances.qualify else None
        sure_in, sure_out = entry_id in chances.sure_in, entry_id in chances.sure_out
        found[entry_id] = EntryChances(chances.runs, len(places), qualify, sure_in, sure_out, shown)
    return found


@dataclass(frozen=True)
class StateSeen:
    """What a personal page reads of a stage's SwissState: its rounds complete, its key, its qualifiers and
    whether it is rated."""

    complete: int
    key: str
    qualifiers: int | None
    rated: bool


def state_seen(stage, tournament=None, reads=None):
    """The stage's StateSeen, None without a state (stages.chances.swiss_state). Every player of the stage reads
    the same, and working it out reads every match and entry of the stage (0.1 s at 500 players): while the page
    cache is on and `tournament` is given, it is kept under the tournament's stamp, which every change of a match,
    a round, an entry or a rating replaces (read with the tournament before the rows, so it is never older), and
    under its rounds' stamps (stages.chances.state_stamp) while the rows are kept by round. `reads`
    (stages.loading.SharedRows): the stage's rows, when the page has read them already."""

    def work(read):
        with gc_paused():  # the stage's rows, as the rank table's
            state = swiss_state(stage, read)
        return StateSeen(state.complete, state.key, state.qualifiers, state.rated) if state is not None else False

    def work_once_per_state():
        # A result of the round being played leaves the state as it is: kept by the rounds' stamps as well, it is
        # read back by the first page after the result rather than worked out (its key is a digest of every result).
        read = reads.of(stage) if reads is not None else None
        stamp = state_stamp(stage, read)
        if stamp is None:
            return work(read)
        return worked_once(ROUNDS_STATE_KEY.format(stamp=stamp), lambda: work(read), STATE_SECONDS)

    found = worked_once_per_stamp(tournament, STATE_KEY.format(stage=stage.pk), work_once_per_state, STATE_SECONDS)
    return found or None  # False: the stage has no state (None would not be kept)


def player_chances(schedule):
    """YourChances for each Swiss stage of the schedule that has rounds left (see stages.chances.swiss_state), the
    figures filled where they are kept. Five queries per Swiss stage, none while its state is kept."""
    found = []
    for stage in schedule.stages:
        entry = next((e for e in schedule.entries if e.event_id == stage.event_id), None)
        state = state_seen(stage, schedule.tournament, schedule.reads) if entry is not None else None
        if state is None:
            continue
        your = YourChances(stage, entry, state.complete, stage.rounds_planned, state.key, qualifiers=state.qualifiers)
        if not state.rated:
            your.status = "unrated"
        else:
            your.fill()
        found.append(your)
    return found


def work_out(stage_id):
    """Work out and keep the chances of a Swiss stage in its state now (nothing when it has none, or they are
    kept already); then its tournament's pages are out of date. Returns the state's key, or None."""
    stage = Stage.objects.select_related("event").filter(pk=stage_id).first()
    state = swiss_state(stage) if stage is not None else None
    if state is None or not state.rated:
        return None
    key = KEY.format(key=state.key)
    if cache.get(key) is None:
        chances = state.estimate()
        kept = entry_chances(chances, state.qualifiers).items()
        cache.set_many({ENTRY_KEY.format(key=state.key, entry=entry): one for entry, one in kept}, KEEP_SECONDS)
        cache.set(key, chances.runs, KEEP_SECONDS)  # last: the state counts as worked out once every entry is kept
        page_cache.changed([stage.event.tournament_id], [stage.pk])  # the players' pages and the stage's own
    return state.key


def bands(places, qualifiers=None):
    """The finishing places grouped as a phone shows them: 1, 2, 3–4, 5–8, 9–16 ... (each band twice the one
    before), a band cut where qualifying ends; each with its chance."""
    n, found, first = len(places), [], 1
    while first <= n:
        last = min(n, first if first <= 2 else 2 * (first - 1))
        if qualifiers and first <= qualifiers < last:
            last = qualifiers
        chance = sum(places[first - 1 : last])
        found.append(Band(first, last, chance, bool(qualifiers) and last <= qualifiers))
        first = last + 1
    return found
