"""A stage's matches and entries as light rows, for the work that reads all of them: the standings and the Swiss
pairing. A 10,000-player Swiss stage has 50,000 matches after ten rounds; as model instances they cost seconds
to build, as tuples a few hundredths. The rows answer to the same names as the models (`entry_a_id`,
`is_decided`, `pk`, `name`), so the standings code reads either."""

from collections import namedtuple
from itertools import chain
from operator import itemgetter

from django.conf import settings

from core.piece_notes import changed_rows
from core.process_keep import ProcessKeep
from stages.models import DECIDED, Round
from stages.signals import with_event_ratings
from tournaments.models import EntryMember

MATCH_FIELDS = (
    "pk",
    "round_id",
    "entry_a_id",
    "entry_b_id",
    "winner_id",
    "status",
    "result_withheld",
    "forfeited",
    "score_a",
    "score_b",
    "table",
    "boards_a",
    "boards_b",
)


class MatchRow(namedtuple("MatchRow", MATCH_FIELDS)):
    """What the standings and the pairing read of a match."""

    __slots__ = ()

    @property
    def is_decided(self):
        """As Match.is_decided: counts in the standings."""
        return self.status in DECIDED and not self.result_withheld


def match_rows(matches):
    """The rows of a Match queryset, in its order."""
    return list(map(MatchRow._make, matches.values_list(*MATCH_FIELDS)))


class EntryRow(
    namedtuple("EntryRow", ("pk", "name", "withdrawn", "rating", "country", "club", "rating_shown"), defaults=(True,))
):
    """An entry as the standings and the pairing read it: its rating is its members' average (the event's rating
    where it uses one, see selectors.member_rating); country and club are its first member's. `rating_shown`:
    every member publishes their rating (Player.publish_rating), so public pages may show it."""

    __slots__ = ()


def entry_rows(entries):
    """EntryRows of an Entry queryset, in two queries whatever its size (the entries, then their members), and the
    one the ratings app asks to know which rating their events use, if any (stages.signals.member_rating_asked)."""
    found, events = {}, set()
    for pk, name, withdrawn, event_id in entries.values_list("pk", "name", "withdrawn", "event_id"):
        found[pk] = (name, withdrawn)
        events.add(event_id)
    members = with_event_ratings(EntryMember.objects.filter(entry__in=entries.values("pk")), events=events)
    rated = "event_rating" in members.query.annotations
    fields = ["entry_id", "player__rating", "player__country", "player__club__name", "player__publish_rating"]
    members = members.order_by("entry_id", "position").values_list(*fields, *(["event_rating"] if rated else []))
    ratings, first, private = {}, {}, set()
    for entry_id, rating, country, club, published, *event_rating in members:
        if not published:
            private.add(entry_id)
        if event_rating and event_rating[0] is not None:
            rating = event_rating[0]
        if rating is not None:
            ratings.setdefault(entry_id, []).append(rating)
        first.setdefault(entry_id, (country or "", club or ""))
    rows = []
    for pk, (name, withdrawn) in found.items():
        rates = ratings.get(pk)
        rating = sum(rates) / len(rates) if rates else None
        rows.append(EntryRow(pk, name, withdrawn, rating, *first.get(pk, ("", "")), pk not in private))
    return rows


# Where the rows were kept by round (kept_stage_rows): `rounds`, the published Rounds in number order, and
# `by_round`, {round id: its RoundRows}; else None.
StageRows = namedtuple("StageRows", ("matches", "entries", "rounds", "by_round"), defaults=(None, None))


# A MatchRow's pairing (its two entries), and what readers work out of a round's pairings alone, in match order
# (stages.selectors.rounds_played_ids, stages.chances.state_stamp), which a result leaves as it was.
PAIRED = itemgetter(2, 3)
PAIRS_ONLY = ("played_ids", "pairs")


class RoundRows(tuple):
    """One round's MatchRows as a process keeps them (kept_stage_rows), in match number order (`numbers`), with
    what is worked out of them alone once while they are kept: `decided`, whether every one counts, and
    `worked`, the readers' own figures by key (stages.selectors.decided_results)."""

    def __new__(cls, rows, numbers=()):
        self = super().__new__(cls, rows)
        self.numbers = tuple(numbers)
        self.decided = all(row.is_decided for row in self)
        self.worked = {}
        return self

    def patched(self, read):
        """These rows with the matches `read` again ({id: its MatchRow fields then its number, or None where it is
        gone}) put in; None where a match is new to the round, gone or moved (the round is then read whole)."""
        place = {row.pk: i for i, row in enumerate(self)}
        rows, numbers = list(self), list(self.numbers)
        for pk, fields in read.items():
            if pk not in place or fields is None or fields[1] != self[place[pk]].round_id:
                return None
            rows[place[pk]], numbers[place[pk]] = MatchRow._make(fields[:-1]), fields[-1]
        same_pairs = all(PAIRED(rows[place[pk]]) == PAIRED(self[place[pk]]) for pk in read)
        if numbers != sorted(numbers):  # a match renumbered: in number order, as the round is read
            order = sorted(range(len(rows)), key=numbers.__getitem__)
            rows, numbers, same_pairs = [rows[i] for i in order], [numbers[i] for i in order], False
        patched = RoundRows(rows, numbers)
        if same_pairs:  # a result, not a pairing, changed: what is worked out of the pairs alone stays
            patched.worked.update({key: self.worked[key] for key in PAIRS_ONLY if key in self.worked})
        return patched


def worked_out(rows, key, make):
    """`make(rows)`, worked out once while `rows` are kept (a RoundRows' or KeptEntryRows' `worked`, by `key`);
    for rows that are not kept, every time."""
    worked = getattr(rows, "worked", None)
    if worked is None:
        return make(rows)
    if key not in worked:
        worked[key] = make(rows)
    return worked[key]


def all_decided(rows):
    """Whether every one of the MatchRows counts in the standings."""
    return rows.decided if isinstance(rows, RoundRows) else all(row.is_decided for row in rows)


def stage_rows(stage):
    """Every match of the stage's published rounds as MatchRows, by round then match number, and every entry of
    its event as EntryRows, in their order: what the standings after each round and the chances' state both read
    (stages.selectors.standings_round_by_round, stages.chances.swiss_state). Three or four queries (entry_rows)."""
    matches = stage.matches.filter(round__status=Round.Status.PUBLISHED).order_by("round__number", "number")
    return StageRows(match_rows(matches), entry_rows(stage.event.entries.all()))


# Each round's MatchRows as this process last read them, under the round's stamp (core.page_stamps pieces): a
# result in round 11 leaves rounds 1 to 10 kept, so the first page after it reads one round's matches, not ten.
# By round id: (page_version, RoundRows); the rounds of a few big stages.
KEPT_ROUNDS = ProcessKeep(400)
# By event id: ((first round's id, its page_version), EntryRows).
KEPT_ENTRIES = ProcessKeep(40)


def kept_stage_rows(stage):
    """As stage_rows, each round's matches read only when its stamp has changed since this process read them, and
    with the published rounds. Where the changes since are noted (core.piece_notes: the matches changed), only
    those matches are read again. The stamps are read before the matches, so rows are never kept under a stamp
    newer than they are."""
    rounds = list(stage.rounds.filter(status=Round.Status.PUBLISHED).order_by("number"))
    found, changed = {}, {}
    for rnd in rounds:
        kept = KEPT_ROUNDS.get(rnd.pk)
        if kept is not None and kept[0] == rnd.page_version:
            found[rnd.pk] = kept[1]
        elif kept is not None and (ids := changed_rows(rnd.pk, kept[0], rnd.page_version)) is not None:
            changed[rnd] = (kept[1], ids)
    found.update(patched_rounds(stage, changed))
    found.update(read_rounds(stage, [rnd for rnd in rounds if rnd.pk not in found]))
    matches = list(chain.from_iterable(found[rnd.pk] for rnd in rounds))
    by_round = {rnd.pk: found[rnd.pk] for rnd in rounds}
    return StageRows(matches, kept_entry_rows(stage, rounds), rounds, by_round)


def patched_rounds(stage, changed):
    """{round id: its RoundRows patched} for the rounds of `changed` ({Round: (its kept RoundRows, the ids of the
    matches changed since)}) whose changes can be put in (RoundRows.patched), each kept under its stamp."""
    if not changed:
        return {}
    ids = set().union(*(ids for _, ids in changed.values()))
    # Unordered: read by id, and Match.Meta's order would join the rounds, stages and events to sort a few rows.
    matches = stage.matches.filter(pk__in=ids).order_by().values_list(*MATCH_FIELDS, "number")
    read = {fields[0]: fields for fields in matches}
    found = {}
    for rnd, (rows, ids) in changed.items():
        patched = rows.patched({match: read.get(match) for match in ids})
        if patched is not None:
            found[rnd.pk] = patched
            KEPT_ROUNDS.put(rnd.pk, (rnd.page_version, patched))
    return found


def read_rounds(stage, rounds):
    """{round id: its RoundRows} read whole for `rounds`, in one query, each kept under its stamp."""
    if not rounds:
        return {}
    read = {rnd.pk: ([], []) for rnd in rounds}
    # Split by round below: within one, the match number orders them (no join to the rounds to sort by).
    matches = stage.matches.filter(round_id__in=read).order_by("number").values_list(*MATCH_FIELDS, "number")
    for *fields, number in matches:
        rows, numbers = read[fields[1]]
        rows.append(MatchRow._make(fields))
        numbers.append(number)
    found = {}
    for rnd in rounds:
        found[rnd.pk] = RoundRows(*read[rnd.pk])
        KEPT_ROUNDS.put(rnd.pk, (rnd.page_version, found[rnd.pk]))
    return found


class KeptEntryRows(list):
    """An event's EntryRows as a process keeps them (kept_entry_rows), with what is worked out of them alone once
    while they are kept: `worked`, the readers' own figures by key (stages.selectors.stage_ranked_entries)."""

    def __init__(self, rows):
        super().__init__(rows)
        self.worked = {}


def kept_entry_rows(stage, rounds):
    """The EntryRows of the stage's event, kept in the process by the stamp of the stage's first published round:
    a change of an entry, a player or a rating is a change around the rounds, which replaces every round's stamp
    (core.page_stamps pieces), while a result of a later round leaves the first's. Read when there is no round."""
    if not rounds:
        return entry_rows(stage.event.entries.all())
    stamp = (rounds[0].pk, rounds[0].page_version)
    kept = KEPT_ENTRIES.get(stage.event_id)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    rows = KeptEntryRows(entry_rows(stage.event.entries.all()))  # after the stamp was read: never older than it
    KEPT_ENTRIES.put(stage.event_id, (stamp, rows))
    return rows


class SharedRows(dict):
    """The StageRows of each stage a page reads, read at most once for the page: a player's page wants both their
    rank after each round and their chances, and after a result neither is kept yet. While the page cache is on
    (the pages are stamped), each round's rows are kept in the process by its stamp (kept_stage_rows)."""

    def of(self, stage):
        if stage.pk not in self:
            kept = settings.PAGE_CACHE_SECONDS > 0 and settings.STANDINGS_CACHE_SECONDS > 0
            self[stage.pk] = kept_stage_rows(stage) if kept else stage_rows(stage)
        return self[stage.pk]
