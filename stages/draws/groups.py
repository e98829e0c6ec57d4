"""Splitting competitors into groups: random or seeded snake, keeping clubs and countries apart.

Competitors are plain objects (or dicts) with ``id`` and optionally ``seed``, ``rating``, ``club``, ``country``
and ``name``. Group sizes differ by at most one. The competitors are dealt in pots of one per group (a pot is a
row of the snake, or a row of the shuffled list); each pot is then placed by an assignment that avoids putting
two of a club, then two of a country, in one group, while keeping the snake (or random) order where that costs
nothing. A final pass swaps players of the same pot between groups while that lowers the clashes.
"""

import random

import rustworkx as rx
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from stages.draws.errors import DrawError

METHODS = ("snake", "random")
SEED_BY = ("seed", "rating")
CLUB_CLASH = 100  # two of a club in a group costs this much; two of a country costs COUNTRY_CLASH
COUNTRY_CLASH = 10


def _field(obj, key, default=None):
    if isinstance(obj, dict):
        return obj.get(key, default)
    return getattr(obj, key, default)


def group_sizes(n, n_groups):
    """Sizes as even as possible, larger groups first: ``group_sizes(10, 3) == [4, 3, 3]``."""
    return [n // n_groups + (1 if g < n % n_groups else 0) for g in range(n_groups)]


def make_groups(competitors, n_groups, method="snake", seed_by="seed", separate=("club", "country"), rng=None):
    """Split ``competitors`` into ``n_groups`` groups; returns a list of lists of the competitors given.

    - ``method``: "snake" (seeded: 1 to A, 2 to B, ..., then back) or "random".
    - ``seed_by``: for the snake, "seed" (seed 1 first; unseeded after, by rating) or "rating" (highest first).
    - ``separate``: the attributes to keep apart as far as possible; clubs weigh more than countries.
    - ``rng``: a ``random.Random`` for the random draw (and to break ties among unseeded competitors).
    """
    if method not in METHODS:
        raise ValueError(f"Unknown group method {method!r}")
    if seed_by not in SEED_BY:
        raise ValueError(f"Unknown seeding {seed_by!r}")
    competitors = list(competitors)
    if n_groups < 1:
        raise DrawError(_("There must be at least one group."))
    if len(competitors) < n_groups:
        raise DrawError(
            ngettext(
                "%(count)s competitors cannot fill %(groups)s groups.",
                "%(count)s competitors cannot fill %(groups)s groups.",
                len(competitors),
            )
            % {"count": len(competitors), "groups": n_groups}
        )
    rng = rng or random.Random()

    if method == "random":
        order = competitors[:]
        rng.shuffle(order)
    elif seed_by == "seed":
        order = sorted(
            competitors,
            key=lambda c: (_field(c, "seed") is None, _field(c, "seed") or 0, -(_field(c, "rating") or 0)),
        )
    else:
        order = sorted(competitors, key=lambda c: -(_field(c, "rating") or 0))

    # Pots: rows of n_groups; row r goes left to right when r is even (right to left for the snake when odd).
    pots = []
    for r, start in enumerate(range(0, len(order), n_groups)):
        row = order[start : start + n_groups]
        targets = list(range(n_groups))
        if method == "snake" and r % 2:
            targets.reverse()
        pots.append((row, targets[: len(row)]))

    groups = [[] for _ in range(n_groups)]
    pot_of = {}
    for r, (row, targets) in enumerate(pots):
        for c, g in zip(row, _place_pot(row, targets, groups, separate), strict=True):
            groups[g].append(c)
            pot_of[id(c)] = r
    _improve(groups, pot_of, separate)
    return groups


def _clash(c, members, separate):
    cost = 0
    for key in separate:
        value = _field(c, key)
        if value:
            weight = CLUB_CLASH if key == "club" else COUNTRY_CLASH
            cost += weight * sum(1 for m in members if _field(m, key) == value)
    return cost


def _place_pot(row, targets, groups, separate):
    """Groups for the members of one pot: each group in ``targets`` takes one (minimum clashes)."""
    if not separate or len(row) == 1:
        return targets
    costs = [[_clash(c, groups[g], separate) for g in targets] for c in row]
    if not any(any(line) for line in costs):
        return targets
    # A pot may only go to the groups the plain deal would fill, so the sizes stay even.
    n = len(row)
    top = max(max(line) for line in costs) * n + n * n + 1
    graph = rx.PyGraph()
    graph.add_nodes_from(range(2 * n))
    for i in range(n):
        for j in range(n):
            graph.add_edge(i, n + j, top - costs[i][j] * n * n - abs(i - j))
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    result = [None] * n
    for u, v in matching:
        i, j = (u, v) if u < n else (v, u)
        result[i] = targets[j - n]
    return result


def _improve(groups, pot_of, separate):
    """Swap two players of the same pot between groups while that lowers the total clashes."""
    if not separate:
        return
    for _pass in range(20):
        improved = False
        where = {}  # pot -> [(group, competitor)]
        for g, members in enumerate(groups):
            for c in members:
                where.setdefault(pot_of[id(c)], []).append((g, c))
        for entries in where.values():
            for x in range(len(entries)):
                for y in range(x + 1, len(entries)):
                    (g1, a), (g2, b) = entries[x], entries[y]
                    rest1 = [m for m in groups[g1] if m is not a]
                    rest2 = [m for m in groups[g2] if m is not b]
                    before = _clash(a, rest1, separate) + _clash(b, rest2, separate)
                    after = _clash(b, rest1, separate) + _clash(a, rest2, separate)
                    if after < before:
                        groups[g1] = rest1 + [b]
                        groups[g2] = rest2 + [a]
                        entries[x], entries[y] = (g1, b), (g2, a)
                        improved = True
        if not improved:
            return


def clashes(groups, key):
    """How many pairs in the same group share ``key`` (for tests and for showing the secretary)."""
    total = 0
    for members in groups:
        values = [_field(m, key) for m in members if _field(m, key)]
        total += sum(values.count(v) * (values.count(v) - 1) // 2 for v in set(values))
    return total
