"""A stage's standings after each round, worked out once and kept: the stage page, every player's rank after each
round, the standings sheets and the exports ask for the same tables, and one table of a 1,000-player stage takes a
few hundredths of a second to work out (ten rounds' worth, a quarter of a second).

A table is kept in the cache under a digest of all that the standings engine (stages.draws.standings) reads to
make it: the competitors (id, name, rating, in their order), the results counted (those of that round and of every
round before it), the tie-break precedence and the points for a win, a draw and a loss. Nothing needs telling of a
change, and a change reaches exactly what it changes: a result entered, corrected or withheld in round 7 changes
the digests of round 7 and of the rounds after it, so those tables are worked out again, while rounds 1 to 6 are
still read; an entry's name or rating, the stage's tie-breaks or the event's points change them all. Each round's
digest continues the one before it with that round's results, so the digests cost one pass over the results
whatever the number of rounds. With Redis (REDIS_URL) the tables are shared by every process and outlive a restart;
STANDINGS_CACHE_SECONDS bounds how long an unread one is kept (0: worked out on every request)."""

import hashlib
import pickle
from collections import namedtuple

from django.conf import settings
from django.core.cache import cache

from core.process_keep import ProcessKeep
from stages.draws.standings import entrants, ranks, table, tally

# Part of every digest: a change to what the engine makes of the same results must come with a new version, so that
# no table worked out by the old engine is read again.
ENGINE_VERSION = b"stages.draws.standings 1"
KEY = "stages:standings:{}"
RANKS_KEY = "stages:standings:ranks:2:{}"
# Each stage's tally of the round before its last, as this process last worked it out, by digest: the standings
# after a new result of the round under way are that tally with the round's results added. In the process rather
# than the cache: read back with no copy (a 10,000-player stage's is a few megabytes).
KEPT_TALLIES = ProcessKeep(6)
# Each step's Ranks as this process last read or worked them out, by digest, in front of the cache: the first page
# after a result reads the earlier rounds' without a copy (ten 10,000-entry rounds are 200,000 values to unpickle).
KEPT_RANKS = ProcessKeep(32)


def standings_after_each_step(competitors, steps, order, points, ranks_only=False):
    """The standings rows after each of `steps` (each a list of the MatchResults of one round, in round order),
    counting that step and the ones before it, as stages.draws.standings.standings ranks them: kept tables read
    from the cache in one lookup, the others worked out and kept. `ranks_only`: each step's Ranks instead of its
    rows, what a player's rank after each round reads (a tenth of a 1,000-row table to read back)."""
    competitors = entrants(competitors)
    kept = settings.STANDINGS_CACHE_SECONDS > 0
    digests = step_digests(competitors, steps, order, points) if kept else [None] * len(steps)
    tallies = Tallies(competitors, steps, digests, points)
    if ranks_only:
        return ranks_after_each_step(competitors, digests, tallies, order)
    return tables_after_each_step(competitors, digests, tallies, order)


def tables_after_each_step(competitors, digests, tallies, order):
    kept = kept_tables(digests)
    found, made = [], {}
    for number, digest in enumerate(digests):
        rows = kept.get(digest)
        if rows is None:
            rows = table(competitors, tallies[number], order)
            if digest:
                made[KEY.format(digest)] = rows
        found.append(rows)
    keep(made)  # pickled as they are now: the callers may mark the rows they are given
    return found


def ranks_after_each_step(competitors, digests, tallies, order):
    """Each step's Ranks: kept in this process or the cache, else read off its kept table (a step's rows are read
    back only where its Ranks are not kept), else worked out from its tally."""
    kept = kept_ranks(digests)
    tables = kept_tables([digest for digest in digests if digest not in kept])
    found, made = [], {}
    for number, digest in enumerate(digests):
        if digest in kept:
            found.append(kept[digest])
            continue
        rows = tables.get(digest)
        if rows is None:
            found.append(Ranks(*map(tuple, ranks(competitors, tallies[number], order))))
        else:
            found.append(ranks_of(rows, competitors))
        if digest:
            made[RANKS_KEY.format(digest)] = found[-1]
            KEPT_RANKS.put(digest, found[-1])
    keep(made)
    return found


def kept_tables(digests):
    """{digest: its table's rows} for those of `digests` the cache has."""
    keys = {KEY.format(digest): digest for digest in digests if digest}
    return {keys[key]: rows for key, rows in (cache.get_many(keys) if keys else {}).items()}


def kept_ranks(digests):
    """{digest: its Ranks} for those of `digests` whose Ranks this process keeps or the cache has; those read from
    the cache are kept in the process from then on."""
    found = {digest: step for digest in digests if digest and (step := KEPT_RANKS.get(digest)) is not None}
    missing = {RANKS_KEY.format(digest): digest for digest in digests if digest and digest not in found}
    for key, step in (cache.get_many(missing) if missing else {}).items():
        KEPT_RANKS.put(missing[key], step)
        found[missing[key]] = step
    return found


def keep(made):
    if made:
        cache.set_many(made, settings.STANDINGS_CACHE_SECONDS)


class Tallies:
    """The tally of results after each step, worked out as asked (in step order) from the nearest step before it
    whose tally is at hand: this process's kept tallies (KEPT_TALLIES), or the last one worked out here. The one
    before the last step is kept: a result in the round under way changes the last one, which is then that one's
    with the round's results added (once the next round is paired, the last one's is worked out from it once)."""

    def __init__(self, competitors, steps, digests, points):
        self.competitors, self.steps, self.digests, self.points = competitors, steps, digests, points
        self.last, self.tally = -1, None

    def __getitem__(self, number):
        start, found = (self.last, self.tally) if number > self.last else (-1, None)
        for earlier in range(number, start, -1):
            kept = KEPT_TALLIES.get(self.digests[earlier]) if self.digests[earlier] else None
            if kept is not None:
                start, found = earlier, kept
                break
        for step in range(start + 1, number + 1):
            found = tally(self.competitors, self.steps[step], self.points, found)
            if step == len(self.steps) - 2 and self.digests[step]:
                KEPT_TALLIES.put(self.digests[step], found)
        self.last, self.tally = number, found
        return found


class KeptStep(list):
    """A step's results (stages.selectors.decided_results), which keep their part of the digests once pickled
    (`pickled`): for a round's kept rows, worked out once and the same for every page until the round changes."""

    pickled = None


# Each competitor's rank and points after a step, in the competitors' order (that of the step's digest).
Ranks = namedtuple("Ranks", ("ranks", "points"))


def ranks_of(rows, competitors):
    """A table's Ranks (`competitors`: Entrants)."""
    place = {row.id: row for row in rows}
    ids = [competitor.id for competitor in competitors]
    return Ranks(tuple(place[ident].rank for ident in ids), tuple(place[ident].points for ident in ids))


def step_digests(competitors, steps, order, points):
    """One digest per step (`competitors`: Entrants): what the standings after that step are made of. Pickled
    rather than printed: the same values give the same bytes, and a value that changes type (25 and 25.0) only
    misses a kept table."""
    key = (tuple(order), tuple(points))
    head = competitors.heads.get(key)  # the same list comes back while its entries are kept
    if head is None:
        head = competitors.heads[key] = hashlib.blake2b(ENGINE_VERSION, digest_size=20)
        head.update(pickle.dumps((list(map(tuple, competitors)), *key), protocol=pickle.HIGHEST_PROTOCOL))
    digest, digests = head.copy(), []
    for step in steps:
        pickled = getattr(step, "pickled", None)
        if pickled is None:
            pickled = pickle.dumps(list(map(tuple, step)), protocol=pickle.HIGHEST_PROTOCOL)
            if isinstance(step, KeptStep):
                step.pickled = pickled
        digest.update(pickled)
        digests.append(digest.hexdigest())
    return digests
