"""A stage's matches and entries as light rows, for the work that reads all of them: the standings and the Swiss
pairing. A 10,000-player Swiss stage has 50,000 matches after ten rounds; as model instances they cost seconds
to build, as tuples a few hundredths. The rows answer to the same names as the models (`entry_a_id`,
`is_decided`, `pk`, `name`), so the standings code reads either."""

from collections import namedtuple

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


StageRows = namedtuple("StageRows", ("matches", "entries"))


def stage_rows(stage):
    """Every match of the stage's published rounds as MatchRows, by round then match number, and every entry of
    its event as EntryRows, in their order: what the standings after each round and the chances' state both read
    (stages.selectors.standings_round_by_round, stages.chances.swiss_state). Three or four queries (entry_rows)."""
    matches = stage.matches.filter(round__status=Round.Status.PUBLISHED).order_by("round__number", "number")
    return StageRows(match_rows(matches), entry_rows(stage.event.entries.all()))


class SharedRows(dict):
    """The StageRows of each stage a page reads, read at most once for the page: a player's page wants both their
    rank after each round and their chances, and after a result neither is kept yet."""

    def of(self, stage):
        if stage.pk not in self:
            self[stage.pk] = stage_rows(stage)
        return self[stage.pk]
