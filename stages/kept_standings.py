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

from stages.draws.standings import standings

# Part of every digest: a change to what the engine makes of the same results must come with a new version, so that
# no table worked out by the old engine is read again.
ENGINE_VERSION = b"stages.draws.standings 1"
KEY = "stages:standings:{}"
RANKS_KEY = "stages:standings:ranks:{}"


def standings_after_each_step(competitors, steps, order, points, ranks_only=False):
    """The standings rows after each of `steps` (each a list of the MatchResults of one round, in round order),
    counting that step and the ones before it, as stages.draws.standings.standings ranks them: kept tables read
    from the cache in one lookup, the others worked out and kept. `ranks_only`: each step's Ranks instead of its
    rows, what a player's rank after each round reads (a tenth of a 1,000-row table to read back)."""
    seconds = settings.STANDINGS_CACHE_SECONDS
    digests = step_digests(competitors, steps, order, points) if seconds > 0 else [None] * len(steps)
    ranks_kept = cache.get_many([RANKS_KEY.format(d) for d in digests]) if ranks_only and seconds > 0 else {}
    # A step's rows are read back only where they are wanted: its Ranks are not kept, or the rows are asked for.
    wanted = [KEY.format(d) for d in digests if d and RANKS_KEY.format(d) not in ranks_kept]
    kept = cache.get_many(wanted) if wanted else {}
    found, results, made = [], [], {}
    for digest, step in zip(digests, steps, strict=True):
        results += step
        if RANKS_KEY.format(digest) in ranks_kept:
            found.append(ranks_kept[RANKS_KEY.format(digest)])
            continue
        table = kept.get(KEY.format(digest))
        if table is None:
            table = standings(competitors, results, order, points)
            if digest:
                made[KEY.format(digest)] = table
        if ranks_only:
            table = ranks_of(table)
            if digest:
                made[RANKS_KEY.format(digest)] = table
        found.append(table)
    if made:
        cache.set_many(made, seconds)  # pickled as they are now: the callers may mark the rows they are given
    return found


class KeptStep(list):
    """A step's results worked out once for a round's kept rows (stages.selectors.decided_results), which keeps
    its part of the digests too (`pickled`): the same for every page until the round changes."""

    pickled = None


Ranks = namedtuple("Ranks", ("ids", "ranks", "points"))


def ranks_of(table):
    """A table's Ranks: its rows' ids, ranks and points, in its order."""
    return Ranks(tuple(row.id for row in table), tuple(row.rank for row in table), tuple(row.points for row in table))


def step_digests(competitors, steps, order, points):
    """One digest per step: what the standings after that step are made of. Pickled rather than printed: the
    same values give the same bytes, and a value that changes type (25 and 25.0) only misses a kept table."""
    digest = hashlib.blake2b(ENGINE_VERSION, digest_size=20)
    field = competitor_field
    head = ([(field(c, "id"), field(c, "name"), field(c, "rating")) for c in competitors], tuple(order), tuple(points))
    digest.update(pickle.dumps(head, protocol=pickle.HIGHEST_PROTOCOL))
    digests = []
    for step in steps:
        pickled = getattr(step, "pickled", None)
        if pickled is None:
            pickled = pickle.dumps([tuple(vars(result).values()) for result in step], protocol=pickle.HIGHEST_PROTOCOL)
            if isinstance(step, KeptStep):
                step.pickled = pickled
        digest.update(pickled)
        digests.append(digest.hexdigest())
    return digests


def competitor_field(competitor, name):
    return competitor.get(name) if isinstance(competitor, dict) else getattr(competitor, name, None)
