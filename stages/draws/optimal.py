"""The ``optimal`` Swiss pairing: the full round of least total cost, by maximum-weight matching (blossom).

Indices are positions in the pairing order; the phantom (the bye), if any, is the last index. A pair (i, j), i < j,
costs ``points_penalty`` x (points difference)^2, plus ``club_penalty`` and ``country_penalty`` when shared, all
times ``scale`` (n + 1), plus a tie-break |j - i - g/2| (g: the size of i's score group) that prefers, within a
score group, the top half against the bottom half (as dazed does); the tie-break also keeps the blossom fast: the
many equal-cost pairings without it make it up to 40 times slower. The bye costs the points penalty against a
phantom 2 points below the last, plus (n - 1 - i), all times ``scale``: it goes to the lowest-placed who may have it.

How it stays fast (the blossom algorithm takes time about n x edges: one graph of 10,000 competitors took 11 to 21 s
per round; now about 1 s, of which a little over half is the blossom and the rest building the edges in Python):

- Sparse candidates: each competitor is offered only the nearest ``window`` (40) on either side in standing order,
  plus the bye. When that allows no full round the window grows fourfold, up to every allowed pair.
- Blocks: with more than twice ``block`` (1,000) competitors, the standing order is cut into blocks of about
  ``block``, each with an even number of positions. A cut goes to a score-group boundary when one is near;
  otherwise a whole number of runs of 2 x window into the score group (in a big group the windowed optimum pairs
  i with i + window in runs of 2 x window), so that no run is cut. Each block is paired on its own. A block that
  cannot be paired on its own (after widening its window to the whole block) is merged with the next one (the last
  with the one before), down to the whole field if need be, so a full round is never missed when one exists.
- Repair: then the pairs within ``REPAIR_WINDOWS`` (5) windows of each cut are paired again as one problem across
  the cut; the pairs they had are offered too, so a repair never costs more than what it replaces.
- Up to twice ``block`` competitors there is one block, and the pairs are exactly those of the optimum over the
  windowed graph (as before blocks existed: same edges in the same order, same weights). Above that, the blocks
  gave the same points, club, country and bye costs as that optimum on every benchmark round measured; only the
  tie-break total (the |j - i - g/2| part, which merely orders otherwise equal pairings) came out a few hundred
  units higher per round, from shifts that run the length of a score group across a cut.
- The costs are built in one tight loop (no function call per edge; clubs and countries compared as numbers);
  the weights are integers.
"""

import bisect
from operator import itemgetter

import rustworkx as rx

from stages.draws.errors import DrawBug

REPAIR_WINDOWS = 5  # a cut is repaired over this many windows on either side


class OptimalPairer:
    """One ``optimal`` pairing problem. ``order``: competitors in pairing order; ``opp``: the set of indices each
    index has met (the phantom included, for byes); ``phantom``: the phantom's index or None."""

    def __init__(self, order, opp, phantom, *, window, block, points_penalty, club_penalty, country_penalty):
        n = len(order)
        self.n = n
        self.size = len(opp)
        self.opp = opp
        self.phantom = phantom
        self.window = max(1, window)
        self.block = max(2, block)
        self.pp, self.cp, self.kp = points_penalty, club_penalty, country_penalty
        low = min(c.points for c in order)
        self.points = points = [c.points for c in order] + ([low - 2] if phantom is not None else [])
        # Clubs and countries as numbers; an empty one gets a number of its own, so it is never "shared".
        self.clubs = _codes([c.club for c in order])
        self.countries = _codes([c.country for c in order])
        # half[i]: half the size of i's score group; the tie-break prefers j = i + half[i].
        half = [0] * self.size
        bounds = []  # positions where a new score group starts
        start = 0
        for i in range(1, n + 1):
            if i == n or points[i] != points[start]:
                for k in range(start, i):
                    half[k] = (i - start) // 2
                if i < n:
                    bounds.append(i)
                start = i
        self.target = [i + h for i, h in enumerate(half)]
        self.group_starts = bounds
        self.scale = n + 1

    # -- costs ------------------------------------------------------------------------------------------------

    def bye_cost(self, i):
        d = self.points[i] - self.points[self.phantom]
        c = round(self.pp * d * d)
        return int(c + self.n - 1 - i) * self.scale

    def _edges(self, nodes, window, extra=()):
        """Candidate pairs among ``nodes`` (increasing indices): j within ``window`` positions after i, allowed,
        plus the bye; then the pairs in ``extra`` not yet offered. Returns [(i, j, cost)]."""
        points, clubs, countries, target = self.points, self.clubs, self.countries, self.target
        pp, cp, kp, scale, opp, phantom = self.pp, self.cp, self.kp, self.scale, self.opp, self.phantom
        has_phantom = phantom is not None and nodes and nodes[-1] == phantom
        real = nodes[:-1] if has_phantom else nodes
        contiguous = not real or real[-1] - real[0] == len(real) - 1
        last = real[-1] + 1 if real else 0
        edges = []
        append = edges.append
        for a, i in enumerate(real):
            seen = opp[i]
            pi, ci, ki, ti = points[i], clubs[i], countries[i], target[i]
            if contiguous:
                js = range(i + 1, min(last, i + 1 + window))
            else:
                b = bisect.bisect_right(real, i + window, a + 1)
                js = real[a + 1 : b]
            for j in js:
                if j in seen:
                    continue
                d = pi - points[j]
                c = round(pp * d * d) if d else 0
                if ci == clubs[j]:
                    c += cp
                if ki == countries[j]:
                    c += kp
                append((i, j, int(c * scale + abs(j - ti))))
            if has_phantom and phantom not in seen:
                append((i, phantom, self.bye_cost(i)))
        if extra:
            offered = {(i, j) for i, j, _ in edges}
            for i, j in extra:
                if (i, j) not in offered:
                    append((i, j, self._cost(i, j)))
        return edges

    def _cost(self, i, j):
        if j == self.phantom:
            return self.bye_cost(i)
        d = self.points[i] - self.points[j]
        c = round(self.pp * d * d) if d else 0
        if self.clubs[i] == self.clubs[j]:
            c += self.cp
        if self.countries[i] == self.countries[j]:
            c += self.kp
        return int(c * self.scale + abs(j - self.target[i]))

    def cost(self, pairs):
        """Total cost of index pairs (i, j), i < j."""
        return sum(self._cost(i, j) for i, j in pairs)

    # -- matching -------------------------------------------------------------------------------------------

    def _match(self, nodes, window, extra=()):
        """Maximum-cardinality, minimum-cost matching among ``nodes`` (increasing). Returns [(i, j)], i < j."""
        edges = self._edges(nodes, window, extra)
        if not edges:
            return []
        top = max(map(itemgetter(2), edges)) + 1
        lo = nodes[0]
        if nodes[-1] - lo == len(nodes) - 1:
            local = None
            graph_edges = [(i - lo, j - lo, top - c) for i, j, c in edges]
        else:
            local = {v: k for k, v in enumerate(nodes)}
            graph_edges = [(local[i], local[j], top - c) for i, j, c in edges]
        graph = rx.PyGraph()
        graph.add_nodes_from(range(len(nodes)))
        graph.add_edges_from(graph_edges)
        found = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        back = nodes.__getitem__ if local is not None else (lambda k: k + lo)
        return [(min(back(a), back(b)), max(back(a), back(b))) for a, b in found]

    def _segment(self, lo, hi):
        """Pair positions lo..hi-1, widening the window fourfold until a full pairing or every pair is offered."""
        nodes = range(lo, hi)
        reach = min(hi, self.n) - lo  # a window this wide offers every pair
        window = self.window
        found = self._match(nodes, window)
        while 2 * len(found) < hi - lo and window < reach:
            window *= 4
            found = self._match(nodes, window)
        return found

    def cuts(self):
        """Block boundaries: [0, ..., size]; every block has an even number of positions. A cut goes to a score-group
        boundary when one is near; otherwise a whole number of periods of 2 x window into the score group (in a big
        group the windowed optimum pairs in runs of 2 x window, i with i + window), so that no run is cut."""
        if self.n <= 2 * self.block:
            return [0, self.size]
        count = self.n // self.block
        starts, reach, period = self.group_starts, self.block // 4, 2 * self.window
        cuts = [0]
        for k in range(1, count):
            t = round(k * self.n / count)
            near = starts[bisect.bisect_left(starts, t - reach) : bisect.bisect_right(starts, t + reach)]
            even = [s for s in near if s % 2 == 0]
            if even:
                s = min(even, key=lambda s: (abs(s - t), s))
            else:
                g = bisect.bisect_right(starts, t)
                first = starts[g - 1] if g else 0  # the start of t's score group
                first += first % 2
                s = first + round((t - first) / period) * period
            if s - cuts[-1] >= 2 and self.size - s >= 2:
                cuts.append(s)
        cuts.append(self.size)
        return cuts

    def solve(self):
        """The pairs (i, j), i < j, sorted, and whether they make a full round. When they do not, the pairs are a
        maximum matching of all allowed pairs (their count is how many pairs are possible)."""
        cuts = self.cuts()
        segments = [[a, b] for a, b in zip(cuts, cuts[1:], strict=False)]
        found = [None] * len(segments)
        k = 0
        while k < len(segments):
            lo, hi = segments[k]
            pairs = self._segment(lo, hi)
            if 2 * len(pairs) == hi - lo:
                found[k] = pairs
                k += 1
            elif len(segments) == 1:
                return sorted(pairs), False
            elif k + 1 < len(segments):  # merge with the next block
                segments[k : k + 2] = [[lo, segments[k + 1][1]]]
                found[k : k + 2] = [None]
            else:  # the last block: merge with the one before and pair that again
                segments[k - 1 : k + 1] = [[segments[k - 1][0], hi]]
                found[k - 1 : k + 1] = [None]
                k -= 1
        mate = [None] * self.size
        for pairs in found:
            for i, j in pairs:
                mate[i], mate[j] = j, i
        for (lo, _), (cut, hi) in zip(segments, segments[1:], strict=False):
            self._repair(mate, max(lo, cut - REPAIR_WINDOWS * self.window), min(hi, cut + REPAIR_WINDOWS * self.window))
        return sorted((i, j) for i, j in enumerate(mate) if i < j), True

    def _repair(self, mate, lo, hi):
        """Pair again the competitors in lo..hi-1 whose partner is in there too."""
        nodes = [v for v in range(lo, hi) if lo <= mate[v] < hi]
        if len(nodes) < 4:
            return
        current = [(v, mate[v]) for v in nodes if v < mate[v]]
        better = self._match(nodes, self.window, extra=current)
        if 2 * len(better) != len(nodes):
            raise DrawBug("a repair lost a pair although the current pairs were offered")
        for i, j in better:
            mate[i], mate[j] = j, i


def _codes(values):
    codes, numbers = [], {}
    for k, value in enumerate(values):
        codes.append(numbers.setdefault(value, len(numbers)) if value else -1 - k)
    return codes
