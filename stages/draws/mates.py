"""Mates kept apart in the first Swiss rounds: compatriots, as SoL 5.26's ``delaycompatriotpairing`` does, and as
an option of ours club mates the same way.

SoL reads the pivot's candidates in the pairing method's order as runs of equal points (a new run starts wherever
the points change from the candidate before) and, within each run, tries the pivot's compatriots after the others,
keeping their order; the bye (the phantom) stays last. So a compatriot of the pivot's score is still tried before
anyone of another score. A competitor's country is its first player's (SoL: ``player1``'s nationality); two
without one count as compatriots, as in SoL. Club mates: the same with clubs, where an empty club is nobody's.
With both kinds, one sharing country and club goes after one sharing either.

Speed: the runs are whole ranges of positions found by bisection, and each is read by C-level iterators. The
search also keeps ``MateCounts``, how many of the remaining share each country (club, both), so that a part of a
run with no candidate at a level is skipped without reading it: a field of 10,000 compatriots, where every
candidate is a mate, pairs as fast as without the delay.
"""

import bisect
from collections import defaultdict
from itertools import compress, islice, repeat
from operator import add, eq


def mates_last(segments, rem, neg, phantom, mates, counts=None):
    """The candidate positions in ``rem`` for the pivot ``rem[0]``, in the method's order (``segments``, ranges of
    positions one after the other) with the pivot's mates moved back within each run of equal points. ``neg``:
    negated points by index (the phantom's infinite); ``mates``: one list per kind, its values by index;
    ``counts``: a ``MateCounts`` holding exactly ``rem``, or None (then every part is read)."""
    last = len(rem) - 1
    bye = phantom is not None and rem[last] == phantom
    runs, level = [], None  # each run: ranges of positions whose competitors have the same points
    for part in segments:
        a, b = part.start, min(part.stop, last) if bye else part.stop
        while a < b:
            value = neg[rem[a]]
            end = bisect.bisect_right(rem, value, a, b, key=neg.__getitem__)
            if runs and value == level:
                runs[-1].append(range(a, end))
            else:
                runs.append([range(a, end)])
                level = value
            a = end
    pivot = rem[0]
    mine = [keys[pivot] for keys in mates]
    for run in runs:
        for shared in range(len(mates) + 1):
            for part in run:
                if counts is not None and not counts.at_level(
                    pivot, rem[part.start], rem[part.stop - 1], len(part), shared
                ):
                    continue
                flags = [
                    map(eq, repeat(key), map(keys.__getitem__, islice(rem, part.start, part.stop)))
                    for keys, key in zip(mates, mine, strict=True)
                ]
                # How many kinds each candidate shares with the pivot: one kind or two (countries and clubs).
                shares = flags[0] if len(flags) == 1 else map(add, *flags)
                yield from compress(part, map(eq, repeat(shared), shares))
    if bye:
        yield last


class MateCounts:
    """The remaining competitors (indices) by country, club and both, each kind's in increasing order: how many
    candidates of a range share 0, 1 or 2 kinds with the pivot, in O(log n). The phantom is in none."""

    def __init__(self, mates):
        self.mates = list(mates)
        if len(self.mates) == 2:
            self.mates.append(list(zip(*self.mates, strict=True)))  # both kinds at once
        self.n = len(self.mates[0])
        self.members = []
        for keys in self.mates:
            members = defaultdict(list)
            for i, key in enumerate(keys):
                members[key].append(i)
            self.members.append(members)

    def remove(self, *indices):
        for i in indices:
            if i < self.n:
                for keys, members in zip(self.mates, self.members, strict=True):
                    found = members[keys[i]]
                    del found[bisect.bisect_left(found, i)]

    def _within(self, kind, pivot, lo, hi):
        """How many remaining indices in lo...hi share the pivot's value of this kind."""
        found = self.members[kind][self.mates[kind][pivot]]
        return bisect.bisect_right(found, hi) - bisect.bisect_left(found, lo)

    def at_level(self, pivot, lo, hi, total, shared):
        """How many of the ``total`` remaining competitors with indices lo...hi (the pivot not among them) share
        exactly ``shared`` kinds with the pivot."""
        if len(self.members) == 1:
            same = self._within(0, pivot, lo, hi)
            return (total - same, same)[shared]
        first, second, both = (self._within(kind, pivot, lo, hi) for kind in range(3))
        return (total - first - second + both, first + second - 2 * both, both)[shared]
