"""Final placings of a stage and of an event: who finished where.

A knockout places its entries by the round they lost in: 1 and 2 from the final; 3 and 4 from the third-place match
when it was played, else both semi-final losers share 3 ("3="); quarter-final losers share 5, the round of 16's
losers 9, and so on. A Swiss or round-robin stage places by its standings (a shared rank is a shared place); a
groups stage places within each group. An event places the entrants of its last stage first, then those who went
out in each earlier stage, in the order that stage left them ("after any finals").

Only published rounds count, and only decided results (a protested one places nobody until it is decided,
ICF 150). The plain functions (`knockout_placings`, `ranked_placings`, `event_placings`) work on ids and are tested
without the database; `stage_placings` and `event_stage_placings` read the stage's data for them."""

from collections import defaultdict
from dataclasses import dataclass

from stages import selectors
from stages.draws.knockout import THIRD_PLACE, KnockoutMatch
from stages.models import Round, Stage


@dataclass(frozen=True)
class Placing:
    place: int
    entry: object  # an entry id (the plain functions) or an Entry (the selectors)
    shared: bool = False  # "3=": others finished at the same place


# ---------------------------------------------------------------- plain functions


def knockout_placings(rounds, third_place=None):
    """Placings from a bracket: `rounds` from the first to the final, each a list of KnockoutMatch (`a`, `b`,
    `winner`, `decided`); `third_place` the third-place match, if the stage has one.

    The losers of a round of n matches share place n + 1 (final: 2, semi-finals: 3, quarter-finals: 5). A
    decided third-place match splits 3 and 4. A match both sides lost (both absent, ICF 143(i)) places both at
    the loser's place. Matches not decided yet place nobody, nor does a bye. In bracket order, top line first."""
    placed = []
    if rounds and rounds[-1]:
        final = rounds[-1][0]
        if final.decided and final.winner is not None:
            placed.append((1, final.winner))
    semi_final_round = len(rounds) - 2
    for index in range(len(rounds) - 1, -1, -1):
        place = len(rounds[index]) + 1
        for match in rounds[index]:
            if index == semi_final_round and third_place is not None and third_place.decided:
                continue  # placed by the third-place match below
            placed += [(place, loser) for loser in losers(match)]
        if index == semi_final_round and third_place is not None and third_place.decided:
            if third_place.winner is not None:
                placed.append((3, third_place.winner))
            placed += [(4, loser) for loser in losers(third_place)]
    return with_shared(sorted(placed, key=lambda item: item[0]))


def losers(match):
    """Who went out in a decided match: the loser, both sides when neither advanced, nobody for a bye."""
    if not match.decided:
        return []
    return [side for side in (match.a, match.b) if side is not None and side != match.winner]


def ranked_placings(rows):
    """Placings from standings rows in order (each with `id` and `rank`): the rank is the place."""
    placed = [(row.rank or position, row.id) for position, row in enumerate(rows, start=1)]
    return with_shared(placed)


def event_placings(stage_placings):
    """An event's placings from its stages' placings, the stages in the order they are played (each a list of
    Placing). The last stage's places come first; whoever did not reach it follows in the order of the latest
    stage they played, those at the same place there sharing a place. An entry placed by a later stage is not
    placed again."""
    result, seen = [], set()
    for placings in reversed(stage_placings):
        before = len(result)
        by_place = defaultdict(list)
        for placing in placings:
            if placing.entry not in seen:
                by_place[placing.place].append(placing.entry)
        for place in sorted(by_place):
            entries = by_place[place]
            # An entry's place is one more than the number of entries placed above it.
            position = before + 1 + sum(len(by_place[p]) for p in by_place if p < place)
            result += [Placing(position, entry, len(entries) > 1) for entry in entries]
            seen.update(entries)
    return result


def with_shared(placed):
    """Placing objects from (place, entry) pairs, marking the places more than one entry holds."""
    counts = defaultdict(int)
    for place, _entry in placed:
        counts[place] += 1
    return [Placing(place, entry, counts[place] > 1) for place, entry in placed]


# ---------------------------------------------------------------- from the database


def stage_placings(stage):
    """{section title: placings} of a stage from its published rounds, the placings holding Entry objects with
    their players (Swiss, round robin and knockout: one untitled section; groups: a section per group)."""
    rounds = list(stage.rounds.filter(status=Round.Status.PUBLISHED).order_by("number"))
    matches = list(stage.matches.filter(round__in=rounds).order_by("round__number", "number"))
    if stage.kind == Stage.Kind.KNOCKOUT:
        bracket, third = knockout_rounds(rounds, matches)
        entries = entry_map(selectors.played_entries(matches))
        return {"": [Placing(p.place, entries[p.entry], p.shared) for p in knockout_placings(bracket, third)]}
    if stage.kind == Stage.Kind.SWISS:
        entries = selectors.played_entries(matches)
        rows = selectors.stage_standings(stage, entries, matches) if matches else []
        return {"": entry_placings(ranked_placings(rows), entry_map(entries))}
    sections = {}
    for group, rows in selectors.group_standings(stage, matches).items():
        entries = entry_map(member.entry for member in group.members.all())
        title = group.name if stage.kind == Stage.Kind.GROUPS else ""
        sections[title] = entry_placings(ranked_placings(rows), entries)
    return sections


def event_stage_placings(event):
    """The event's placings (Entry objects) over its stages, the last stage's places first (see event_placings)."""
    by_stage = []
    for stage in event.stages.order_by("order"):
        # A groups stage's places are within each group: every group's winner is first, then the runners-up, ...
        sections = stage_placings(stage)
        by_stage.append([placing for section in sections.values() for placing in section])
    return event_placings(by_stage)


def knockout_rounds(rounds, matches):
    """The stored bracket as the plain function reads it: (rounds of KnockoutMatch, third-place match or None)."""
    by_round = defaultdict(list)
    for match in matches:
        by_round[match.round_id].append(
            KnockoutMatch(
                round=match.round_id,
                number=match.number,
                name="",
                a=match.entry_a_id,
                b=match.entry_b_id,
                winner=match.winner_id,
                decided=match.is_decided,
            )
        )
    bracket = [by_round[r.pk] for r in rounds if r.name != THIRD_PLACE]
    third = next((by_round[r.pk][0] for r in rounds if r.name == THIRD_PLACE and by_round[r.pk]), None)
    return bracket, third


def entry_map(entries):
    return {entry.pk: entry for entry in entries}


def entry_placings(placings, entries):
    return [Placing(p.place, entries[p.entry], p.shared) for p in placings if p.entry in entries]
