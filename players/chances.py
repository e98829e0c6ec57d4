"""A player's chances in a Swiss stage that has rounds left, on their personal page: of qualifying and of each
finishing place, estimated from the ratings by playing the rest of the stage many times over (stages.draws.chances).

Thousands of simulated rounds take a second or two for a 64-player Eurocup (benchmarks/chances.py), too long for a
page: the figures are worked out once per state of the stage (stages.chances.SwissState.key: a round complete, the
next one published) by a Celery task (players.tasks.estimate_chances; eagerly without Redis, in the request that
first asks) and kept in the cache under that key, for every player of the stage. Until they are there the page
says they are being worked out; the task then changes the tournament's page stamp (core.page_cache), so the
personal pages, which refresh themselves (live.js), show them."""

from collections import namedtuple
from dataclasses import dataclass, field

from django.conf import settings
from django.core.cache import cache

from core import page_cache
from players.display import chance_percent, places_label
from stages.chances import swiss_state
from stages.models import Stage

KEY = "players:chances:1:{key}"
STATE_KEY = "players:chances:state:1:{tournament}:{stamp}:{stage}"
STATE_SECONDS = 120  # during play a stamp lasts seconds; a quiet one's state is read again after this
KEEP_SECONDS = 3 * 24 * 3600  # a state lasts a round at most; a quiet stage's estimate is kept over a weekend
NEGLIGIBLE = 0.01  # a place band less likely than this is not shown (the page says so)


KeptState = namedtuple("KeptState", ("key", "complete", "qualifiers", "rated"))


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
        """The kept figures, if they are there now; True when they are."""
        chances = cache.get(KEY.format(key=self.key))
        if chances is None:
            return False
        places = chances.places.get(self.entry.pk)
        if places is None:  # the entry is not in the stage's standings
            return False
        self.status, self.runs, self.entries = "ready", chances.runs, len(places)
        if chances.qualify:
            self.qualify = chances.qualify[self.entry.pk]
            self.sure_in, self.sure_out = self.entry.pk in chances.sure_in, self.entry.pk in chances.sure_out
        self.bands = [band for band in bands(places, self.qualifiers) if band.chance >= NEGLIGIBLE]
        return True


def player_chances(schedule):
    """YourChances for each Swiss stage of the schedule that has rounds left (see stages.chances.swiss_state), the
    figures filled where they are kept. Five queries per Swiss stage, none when its state is kept under the
    tournament's page stamp (state_of)."""
    found = []
    for stage in schedule.stages:
        entry = next((e for e in schedule.entries if e.event_id == stage.event_id), None)
        state = state_of(stage, schedule.tournament) if entry is not None else None
        if state is None:
            continue
        your = YourChances(stage, entry, state.complete, stage.rounds_planned, state.key, qualifiers=state.qualifiers)
        if not state.rated:
            your.status = "unrated"
        else:
            your.fill()
        found.append(your)
    return found


def state_of(stage, tournament=None):
    """What the page reads of the stage's SwissState (its key, rounds complete, qualifiers, whether rated), or None.
    Every player of the stage reads the same, and reading it takes the stage's every match and entry: while the
    page cache is on it is kept under the tournament's page stamp (core.page_cache), which every change of a
    match, an entry, a rating, a round or the stage replaces, so the other players' pages read it in one lookup.
    The stamp is read with the tournament, before the rows, so a kept state is never older than its stamp."""
    key = None
    if tournament is not None and settings.PAGE_CACHE_SECONDS > 0 and tournament.page_version:
        key = STATE_KEY.format(tournament=tournament.pk, stamp=tournament.page_version, stage=stage.pk)
        kept = cache.get(key)
        if kept is not None:
            return kept or None  # () for a stage with no state
    state = swiss_state(stage)
    kept = KeptState(state.key, state.complete, state.qualifiers, state.rated) if state is not None else None
    if key is not None:
        cache.set(key, kept or (), min(STATE_SECONDS, settings.PAGE_CACHE_SECONDS))
    return kept


def work_out(stage_id):
    """Work out and keep the chances of a Swiss stage in its state now (nothing when it has none, or they are
    kept already); then its tournament's pages are out of date. Returns the state's key, or None."""
    stage = Stage.objects.select_related("event").filter(pk=stage_id).first()
    state = swiss_state(stage) if stage is not None else None
    if state is None or not state.rated:
        return None
    key = KEY.format(key=state.key)
    if cache.get(key) is None:
        cache.set(key, state.estimate(), KEEP_SECONDS)
        page_cache.changed([stage.event.tournament_id])
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
