"""The rows of a file's new tourneys, gathered while the tourneys are read and written together once they all are:
each table's rows in one statement (core.bulk: executemany on SQLite, COPY on PostgreSQL), where a tourney at a
time took a dozen statements and a model instance for each tournament, event, stage and round (499 of each in the
real history). No signals are sent: what the saves told the pages is told once for all (`write`).

Rows point to one another by their place in this batch's lists (`local` numbers): the ids are drawn when the
batch is written (core.bulk.new_ids) and put in then."""

from django.core.cache import cache
from django.utils import timezone

from core import page_cache
from core.bulk import insert_rows, new_ids, prepared
from history.championships.models import Championship, Prize
from history.ratings.models import EventRating
from history.sol.models import ImportedTourney
from matches.scoring.models import Board, Game
from stages.models import Match, Round, Stage
from tournaments.languages import language_key
from tournaments.models import Entry, EntryMember, Event, Tournament, entry_name

TOURNAMENT_FIELDS = (
    "id", "name", "slug", "guid", "venue", "start_date", "end_date", "host_club", "status", "page_version",
)  # fmt: skip
EVENT_FIELDS = ("id", "tournament", "name", "kind", "rule_set", "overall_prizes")
# Every field a stage of an import is given (the others take their defaults): what Stage.objects.create wrote.
STAGE_FIELDS = (
    "id", "event", "order", "name", "kind", "status", "source", "qualifiers", "rounds_planned", "pairing_method",
    "delay_top_players", "delay_compatriots", "bye_score_for", "third_place_match", "games_per_match",
    "keep_apart", "page_version",
)  # fmt: skip
ROUND_FIELDS = ("id", "stage", "number", "name", "status")
MATCH_FIELDS = (
    "id", "stage", "round", "number", "entry_a", "entry_b", "table", "status", "winner", "score_a", "score_b",
    "games_a", "games_b",
)  # fmt: skip
GAME_FIELDS = ("match", "number", "score_a", "score_b", "winner_side")
SIDE = {"1": "A", "2": "B", 1: "A", 2: "B"}
QUEEN_POINTS = 3
BOARD_FIELDS = (
    "match", "game_no", "number", "breaker", "winner", "coins_left_of_loser", "queen", "loser_outstanding_dues",
    "awarded_to", "points", "total_a", "total_b", "law", "voided", "entered_at",
)  # fmt: skip


class NewTournament:
    """A tournament of the batch: its fields until it is written, then its `pk`."""

    def __init__(self, local, fields):
        self.local, self.fields, self.pk = local, fields, None


class TourneyRows:
    """One batch of new tourneys' rows (see the module's docstring). `add_*` take and give local numbers."""

    def __init__(self):
        self.clear()

    def clear(self):
        self.tournaments = []  # NewTournament
        self.events = []  # (tournament, name, kind)
        self.stages = []  # {field: value} of STAGE_FIELDS; "event" and "source" local
        self.rounds = []  # (stage, number, name)
        self.entries = []  # (event, team: Player list, withdrawn)
        self.matches = []  # rows of MATCH_FIELDS; stage, round, entries and winner local
        self.games = []  # (match, [(score_a, score_b) of each game])
        self.boards = []  # (match, game number, SoL's boards of that game)
        self.prizes = []  # (event, entry, place, amount)
        self.event_ratings = []  # (event, rating id)
        self.championships = []  # (championship id, tournament)
        self.digests = []  # (tournament, digest of its SoL record)

    def add_tournament(self, **fields):
        tournament = NewTournament(len(self.tournaments), fields)
        self.tournaments.append(tournament)
        return tournament

    def add(self, table, row):
        rows = getattr(self, table)
        rows.append(row)
        return len(rows) - 1

    def add_entries(self, event, teams, withdrawn):
        start = len(self.entries)
        self.entries += [(event, team, out) for team, out in zip(teams, withdrawn, strict=True)]
        return list(range(start, len(self.entries)))

    def players_since(self, day):
        """The players of the batch's entries in tournaments from `day` on."""
        since = {t.local for t in self.tournaments if t.fields["start_date"] >= day}
        events = {local for local, (tournament, _name, _kind) in enumerate(self.events) if tournament in since}
        return [player for event, team, _withdrawn in self.entries if event in events for player in team]

    def write(self, entry_names=None):
        """Write the batch, then start a new one. `entry_names(teams)` gives the names of the entries (by default
        their players' shown names, as the players are now)."""
        if not self.tournaments:
            return
        tournaments = ids(Tournament, self.tournaments)
        for tournament, pk in zip(self.tournaments, tournaments, strict=True):
            tournament.pk = pk
        insert_rows(
            Tournament,
            TOURNAMENT_FIELDS,
            [
                (
                    t.pk,
                    *(prepared(Tournament, name, t.fields[name]) for name in TOURNAMENT_FIELDS[1:-1]),
                    page_cache.new_page_version(),
                )
                for t in self.tournaments
            ],
        )
        events = ids(Event, self.events)
        insert_rows(
            Event,
            EVENT_FIELDS,
            [
                (pk, tournaments[t], name, kind, "ecc", 0)
                for pk, (t, name, kind) in zip(events, self.events, strict=True)
            ],
        )
        stages = self.write_stages(events)
        rounds = ids(Round, self.rounds)
        insert_rows(
            Round,
            ROUND_FIELDS,
            [
                (pk, stages[s], number, name, Round.Status.PUBLISHED)
                for pk, (s, number, name) in zip(rounds, self.rounds, strict=True)
            ],
        )
        entries = self.write_entries(events, entry_names or default_names)
        self.write_matches(stages, rounds, entries)
        insert_rows(
            Prize,
            ("event", "entry", "place", "amount"),
            [(events[e], entries[n], place, prepared(Prize, "amount", value)) for e, n, place, value in self.prizes],
        )
        insert_rows(EventRating, ("event", "rating"), [(events[e], rating) for e, rating in self.event_ratings])
        insert_rows(
            Championship.tournaments.through,
            ("championship", "tournament"),
            [(championship, tournaments[t]) for championship, t in self.championships],
        )
        insert_rows(ImportedTourney, ("tournament", "digest"), [(tournaments[t], d) for t, d in self.digests])
        # What the saves of these rows told: their tournaments' pages (core.page_stamps), and the language kept
        # for a slug (tournaments.languages).
        page_cache.changed(tournaments)
        cache.delete_many([language_key(t.fields["slug"]) for t in self.tournaments])
        self.clear()

    def write_stages(self, events):
        stages = ids(Stage, self.stages)
        page_version = Stage._meta.get_field("page_version")
        defaults = {field: Stage._meta.get_field(field).get_default() for field in STAGE_FIELDS if field != "id"}
        rows = []
        for pk, fields in zip(stages, self.stages, strict=True):
            values = defaults | fields
            values["event"] = events[fields["event"]]
            values["source"] = None if fields.get("source") is None else stages[fields["source"]]
            values["page_version"] = page_version.get_default()
            rows.append((pk, *(values[field] for field in STAGE_FIELDS[1:])))
        insert_rows(Stage, STAGE_FIELDS, rows)
        return stages

    def write_entries(self, events, entry_names):
        entries = ids(Entry, self.entries)
        names = entry_names([team for _event, team, _withdrawn in self.entries])
        insert_rows(
            Entry,
            ("id", "event", "name", "withdrawn"),
            [
                (pk, events[event], name, withdrawn)
                for pk, (event, _team, withdrawn), name in zip(entries, self.entries, names, strict=True)
            ],
        )
        insert_rows(
            EntryMember,
            ("entry", "player", "position"),
            [
                (pk, player.pk, position)
                for pk, (_event, team, _withdrawn) in zip(entries, self.entries, strict=True)
                for position, player in enumerate(team, start=1)
            ],
        )
        return entries

    def write_matches(self, stages, rounds, entries):
        matches = ids(Match, self.matches)
        rows = []
        for pk, (s, r, number, a, b, table, status, winner, *rest) in zip(matches, self.matches, strict=True):
            a, b = None if a is None else entries[a], None if b is None else entries[b]
            winner = None if winner is None else entries[winner]
            rows.append((pk, stages[s], rounds[r], number, a, b, table, status, winner, *rest))
        insert_rows(Match, MATCH_FIELDS, rows)
        insert_rows(
            Game,
            GAME_FIELDS,
            [
                (matches[match], number, sa, sb, "A" if sa > sb else ("B" if sb > sa else ""))
                for match, scores in self.games
                for number, (sa, sb) in enumerate(scores, start=1)
            ],
        )
        entered_at = prepared(Board, "entered_at", timezone.now())
        insert_rows(
            Board,
            BOARD_FIELDS,
            [
                (*row, entered_at)
                for match, game_no, records in self.boards
                for row in board_rows(matches[match], game_no, records)
            ],
        )


def ids(model, rows):
    """Ids for the batch's rows of `model`, by their local number."""
    drawn = new_ids(model, len(rows))
    return drawn if isinstance(drawn, list) else list(drawn)


def default_names(teams):
    return [entry_name(team)[:200] for team in teams]


def board_rows(match, game_no, records):
    """SoL boards of one game as rows of BOARD_FIELDS but the last: the winner (the side with coins, the loser's
    left on the board) and who covered the queen, with running totals."""
    rows, total_a, total_b = [], 0, 0
    for record in records:
        coins_a, coins_b = record.get("coins1") or 0, record.get("coins2") or 0
        winner = "A" if coins_a > coins_b else ("B" if coins_b > coins_a else "")
        queen_side = SIDE.get(record.get("queen"), "")
        queen = "" if not queen_side else ("covered_by_winner" if queen_side == winner else "covered_by_loser")
        points = max(coins_a, coins_b) + (QUEEN_POINTS if queen == "covered_by_winner" else 0)
        total_a += points if winner == "A" else 0
        total_b += points if winner == "B" else 0
        number = record.get("number") or len(rows) + 1
        coins = max(coins_a, coins_b)
        rows.append(
            (match, game_no, number, "A", winner, coins, queen, 0, winner, points, total_a, total_b, "SoL", False)
        )
    return rows
