"""Read-only queries of championships: their ranking, as SoL computes it (see README for its quirks)."""

from dataclasses import dataclass, field
from decimal import Decimal

from history.championships import schemes
from history.championships.models import Championship, Prize
from stages.placings import event_stage_placings
from tournaments.models import Event, Tournament


@dataclass
class Column:
    """A prized event of the championship: one column of its ranking."""

    event: Event

    @property
    def tournament(self):
        return self.event.tournament


@dataclass
class Row:
    players: tuple  # the competitor's players, in member order: SoL's key of a row
    points: Decimal = Decimal(0)
    prizes: list = field(default_factory=list)  # one per column, 0 where the competitor did not play
    played: int = 0
    events: set = field(default_factory=set)  # the ids of the events it played
    skipped: list = field(default_factory=list)  # the worst results left out
    rank: int = 0


def championships():
    return Championship.objects.select_related("club").order_by("club__name", "name")


def prized_events(championship):
    """The championship's prized events, oldest first (SoL: by date, then name); drafts are nobody's business."""
    events = (
        Event.objects.filter(tournament__championships=championship, championship_prizes__isnull=False)
        .exclude(tournament__status=Tournament.Status.DRAFT)
        .distinct()
        .select_related("tournament")
    )
    return sorted(events, key=lambda event: (event.tournament.start_date, event.tournament.name, event.pk))


def ranking(championship):
    """(columns, rows): the championship's prized events and its ranking rows (Row), best first.

    Each competitor earns its prize in each event; a row is keyed by the players of the competitor in member
    order, so a pair that changed order counts as another row, as in SoL. A row with more results than the
    championship skips loses its worst ones (absences first); rows are ordered by total, then by events played,
    then by the players' last and first names."""
    columns = [Column(event) for event in prized_events(championship)]
    index = {column.event.pk: position for position, column in enumerate(columns)}
    prizes = (
        Prize.objects.filter(event_id__in=index)
        .select_related("entry")
        .prefetch_related("entry__members__player")
        .order_by("event_id", "place")
    )
    rows = {}
    for prize in prizes:
        players = tuple(member.player for member in prize.entry.members.all())
        row = rows.get(key(players))
        if row is None:
            row = rows[key(players)] = Row(players, prizes=[Decimal(0)] * len(columns))
        row.played += 1
        row.events.add(prize.event_id)
        row.prizes[index[prize.event_id]] = prize.amount
    for row in rows.values():
        total(row, championship.skip_worst)
    ordered = sorted(rows.values(), key=order)
    for position, row in enumerate(ordered, start=1):
        row.rank = position
    return columns, ordered


def key(players):
    return tuple(player.pk for player in players)


def total(row, skip_worst):
    kept = row.prizes
    if skip_worst and row.played > skip_worst:
        kept = sorted(row.prizes)
        row.skipped, kept = kept[:skip_worst], kept[skip_worst:]
    row.points = sum(kept, Decimal(0))


def order(row):
    return (-row.points, -row.played, [(player.last_name, player.first_name) for player in row.players])


def scheme_of(event):
    """The prize scheme an event's prizes follow: its tournament's championship's, else SoL's default."""
    championship = Championship.objects.filter(tournaments=event.tournament_id).order_by("pk").first()
    return championship.prize_scheme if championship else Championship.Scheme.FIXED


def event_prizes(event, scheme=None):
    """[(place, entry, amount)] of an event: its Prize rows when it has them (imported, or assigned), else what
    `scheme` gives its final placings, in order (a shared place earns by its position, as SoL has none)."""
    stored = list(event.championship_prizes.select_related("entry").order_by("place"))
    if stored:
        return [(prize.place, prize.entry, prize.amount) for prize in stored]
    placings = event_stage_placings(event)
    amounts = schemes.prizes(scheme or scheme_of(event), len(placings))
    return [(place, p.entry, amount) for place, (p, amount) in enumerate(zip(placings, amounts, strict=True), 1)]
