"""What a player sees of a tournament: their entries, their next match, their results and
their notifications, read in a fixed number of queries whatever the number of matches.

The personal link that opens a player's schedule without a login is made and read by players.links."""

from dataclasses import dataclass, field
from datetime import UTC, datetime

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from matches.checkin.selectors import late_arrival_of
from players.display import call_words
from players.progress import stage_progress
from stages.display import score_from_side
from stages.loading import SharedRows
from stages.models import UNFINISHED, Match, Round
from tournaments.models import Entry, EntryMember, Notification

S = Match.Status
# Not played yet, or being played: the next match is one of these.
LIVE = (S.CALLED, S.IN_PLAY)
NOTIFICATIONS_SHOWN = 10
_FAR_PAST = datetime.min.replace(tzinfo=UTC)
# The outcome as the schedule page's badge shows it (`outcome` itself stays a code, for the API).
OUTCOME_LABELS = {
    "won": pgettext_lazy("match outcome, on a badge", "won"),
    "lost": pgettext_lazy("match outcome, on a badge", "lost"),
    "drawn": pgettext_lazy("match outcome, on a badge", "drawn"),
    "bye": pgettext_lazy("match outcome, on a badge", "bye"),
}

# ---------------------------------------------------------------- one match from the player's side


@dataclass
class PlayerMatch:
    """A match seen from the player's side: `side` is "a" or "b", `entry` the player's entry (a doubles pair
    for doubles), `opponent` the other entry (None for a bye or an opponent not known yet)."""

    match: Match
    side: str
    entry: Entry
    opponent: Entry | None

    @property
    def other(self):
        return "b" if self.side == "a" else "a"

    @property
    def reported_at(self):
        """When the player's side reported at its board (ICF 143)."""
        return getattr(self.match, f"reported_{self.side}_at")

    @property
    def clock(self):
        """The round clock (ECC 39-41), or None: loaded with the match."""
        return getattr(self.match.round, "clock", None)

    @property
    def late_arrival_law(self):
        """The law giving the reporting deadline (ICF 143(i), ECC 18, queen2 ¶10), blank if the rule set has none."""
        late_arrival = late_arrival_of(self.match)
        return late_arrival.law if late_arrival else ""

    @property
    def points_for(self):
        return getattr(self.match, f"score_{self.side}")

    @property
    def points_against(self):
        return getattr(self.match, f"score_{self.other}")

    @property
    def games_for(self):
        return getattr(self.match, f"games_{self.side}")

    @property
    def games_against(self):
        return getattr(self.match, f"games_{self.other}")

    @property
    def forfeited(self):
        """The player's side lost by forfeit (late arrival; "ab" when both sides were absent)."""
        return self.side in self.match.forfeited

    @property
    def final(self):
        """Counts in standings and brackets (a withheld or unconfirmed result does not: ICF 150)."""
        return self.match.is_decided

    @property
    def outcome(self):
        """ "won", "lost", "drawn", "bye", or "" while there is no result."""
        m = self.match
        if m.status == S.BYE:
            return "bye"
        if m.result_withheld:  # ICF 150: not shown as final until the protest is decided
            return ""
        if self.forfeited:
            return "lost"
        if m.status in UNFINISHED:
            return ""
        if m.winner_id is not None:
            return "won" if m.winner_id == self.entry.pk else "lost"
        return "drawn" if m.status in (S.FINISHED, S.CONFIRMED) and self.opponent else ""

    @property
    def outcome_label(self):
        """The outcome in words: "won", "lost", "drawn", "bye", or "" while there is no result."""
        return OUTCOME_LABELS.get(self.outcome, "")

    @property
    def score(self):
        """The score from the player's side: "25–10", "2–1 (62–47)" over several games, "won by walk-over", "bye"."""
        return score_from_side(self.match, self.side)

    @property
    def result_note(self):
        """Why a result is not final yet, in plain words."""
        m = self.match
        if m.result_withheld:
            return _("withheld: a protest is undecided (ICF 150)")
        if m.status in (S.FINISHED, S.RETIRED):
            return _("to confirm")
        return ""

    @property
    def instruction(self):
        """ "Go to table 5 now" while the match is called; "" otherwise."""
        return call_words(self.match) if self.match.status == S.CALLED else ""

    @property
    def played_at(self):
        m = self.match
        return m.finished_at or m.confirmed_at or m.planned_at or m.updated_at or _FAR_PAST


def player_match(match, entry_ids):
    """The match from the side of the player whose entries are `entry_ids` (by id: Entry)."""
    side = "a" if match.entry_a_id in entry_ids else "b"
    entry = match.entry_a if side == "a" else match.entry_b
    opponent = match.entry_b if side == "a" else match.entry_a
    return PlayerMatch(match=match, side=side, entry=entry, opponent=opponent)


def next_match_key(pm):
    """Matches being called or played first; then scheduled ones (a table or a time) by time; then the rest
    by round."""
    m = pm.match
    scheduled = m.planned_at is not None or m.table is not None
    return (
        m.status not in LIVE,
        not scheduled,
        m.planned_at is None,
        m.planned_at or _FAR_PAST,
        m.round.number,
        m.stage.order,
        m.number,
        m.pk,
    )


# ---------------------------------------------------------------- the schedule


@dataclass
class PlayerSchedule:
    tournament: object
    player: object
    entries: list = field(default_factory=list)
    next_match: PlayerMatch | None = None
    later: list = field(default_factory=list)
    results: list = field(default_factory=list)
    notifications: list = field(default_factory=list)
    standings: list = field(default_factory=list)
    # The stages' rows, read at most once for both the ranks after each round and the chances.
    reads: SharedRows = field(default_factory=SharedRows)

    @property
    def matches(self):
        """Every match of the schedule: the next one, the later ones, the results."""
        return [*([self.next_match] if self.next_match else []), *self.later, *self.results]

    @property
    def provisional(self):
        """Some rank after a round is not final yet (a result to confirm, or withheld)."""
        return any(not step.final for progress in self.standings for step in progress.rounds)

    @property
    def stages(self):
        """The stages the player has played or will play in, for the standings links."""
        seen = {}
        for pm in self.matches:
            seen.setdefault(pm.match.stage_id, pm.match.stage)
        return sorted(seen.values(), key=lambda stage: (stage.event.name, stage.order))


def player_entries(tournament, player):
    """The player's entries in `tournament`, by event name, with their events and the events' roll calls
    (tournaments.rollcall.open_roll_calls reads them)."""
    return list(
        Entry.objects.filter(event__tournament=tournament, members__player=player)
        .select_related("event__roll_call")
        .order_by("event__name", "pk")
    )


def player_matches(entry_ids):
    """The published matches of these entries, with what the schedule shows, in two queries. Preview (draft)
    rounds stay hidden: their pairings may still change."""
    # The matches' ids first, each side by its own index. Asked as one OR, SQLite's plan walked every match of the
    # database by another index; with the two sides as a subquery, PostgreSQL's joined every match of the database
    # to its rounds, stages and entries before keeping the player's few (half a second with 30,000 matches).
    as_a = Match.objects.filter(entry_a_id__in=entry_ids).order_by().values_list("pk", flat=True)
    as_b = Match.objects.filter(entry_b_id__in=entry_ids).order_by().values_list("pk", flat=True)
    # The ids are drawn matches' (no rubber): by id alone, or SQLite's plan walks every drawn match of the
    # database by the rubbers' index to find them (10 ms with 55,000 matches).
    return list(
        Match.with_rubbers.filter(pk__in=list(as_a.union(as_b)))
        .filter(round__status=Round.Status.PUBLISHED)
        .select_related("round__clock", "stage__event", "group", "entry_a", "entry_b", "umpire")
        .order_by()  # the schedule sorts them (next_match_key, the results by time): no join for Match.Meta's order
    )


def player_schedule(tournament, player, with_notifications=True):
    """The player's schedule in `tournament`: at most five queries, whatever the number of matches.
    `with_notifications=False` for public readers (notifications are personal)."""
    schedule = PlayerSchedule(tournament=tournament, player=player)
    schedule.entries = player_entries(tournament, player)
    if not schedule.entries:
        return schedule
    entry_ids = {entry.pk for entry in schedule.entries}
    lines = [player_match(match, entry_ids) for match in player_matches(entry_ids)]
    to_play = sorted((pm for pm in lines if pm.match.status in UNFINISHED), key=next_match_key)
    if to_play:
        schedule.next_match, schedule.later = to_play[0], to_play[1:]
    schedule.results = sorted(
        (pm for pm in lines if pm.match.status not in UNFINISHED),
        key=lambda pm: (pm.played_at, pm.match.round.number, pm.match.pk),
        reverse=True,
    )
    schedule.standings = [
        progress
        for stage in schedule.stages
        if (progress := stage_progress(stage, lines, tournament, schedule.reads)) and progress.rounds
    ]
    if with_notifications:
        readers = Q(player=player) | Q(user_id=player.user_id) if player.user_id else Q(player=player)
        schedule.notifications = list(Notification.objects.filter(readers, tournament=tournament)[:NOTIFICATIONS_SHOWN])
    return schedule


def tournament_players(tournament, event_id=None):
    """Every player entered in the tournament (or one event), with the entry, for the secretary's list of
    personal links: one query."""
    members = EntryMember.objects.filter(entry__event__tournament=tournament).select_related("player", "entry__event")
    if event_id is not None:
        members = members.filter(entry__event_id=event_id)
    return list(members.order_by("entry__event__name", "entry__name", "entry_id", "position"))
