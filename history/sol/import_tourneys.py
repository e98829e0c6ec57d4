"""Importing SoL tournaments onto ours: a SoL tourney becomes a tournament with one event; its rounds a Swiss
(round-robin, knockout) stage; its final matches a knockout stage of the finalists ("Finals"); its prizes the
championship's Prize rows. A tourney already imported and played is kept; one not yet played is replaced."""

import hashlib
import json
from collections import defaultdict

from django.utils import timezone
from django.utils.translation import gettext as _

from core.bulk import insert_rows, new_ids, prepared
from history.championships.models import Prize
from history.ratings.models import EventRating
from history.sol.models import ImportedTourney
from history.sol.references import as_date, as_decimal, pick, required, text
from matches.scoring.models import Board, Game
from stages.models import Match, Round, Stage
from tournaments.models import Entry, EntryMember, Event, Tournament, entry_name

SYSTEMS = {"swiss": Stage.Kind.SWISS, "roundrobin": Stage.Kind.ROUND_ROBIN, "knockout": Stage.Kind.KNOCKOUT}
PAIRINGS = {"dazed": Stage.Pairing.DAZED, "staggered": Stage.Pairing.STAGGERED}
KINDS = {1: Event.Kind.SINGLES, 2: Event.Kind.DOUBLES}
SIDE = {"1": "A", "2": "B", 1: "A", 2: "B"}
QUEEN_POINTS = 3


def record_digest(record):
    return hashlib.sha256(json.dumps(record, sort_keys=True, default=str).encode()).hexdigest()


def was_played(tournament):
    """SoL refuses to overwrite a tourney that has results or prizes."""
    decided = (Match.Status.CONFIRMED, Match.Status.WALKOVER)
    return (
        Match.objects.filter(stage__event__tournament=tournament, status__in=decided).exists()
        or Prize.objects.filter(event__tournament=tournament).exists()
    )


def delete_tournament(tournament):
    """Remove a tournament not yet played, with its draws (matches and later stages hold on to entries and
    earlier stages, so they go first)."""
    Match.objects.filter(stage__event__tournament=tournament).delete()
    for stage in Stage.objects.filter(event__tournament=tournament).order_by("-order"):
        stage.delete()
    tournament.delete()


class TourneyImport:
    """One SoL tourney document, written to the database (the caller holds the transaction)."""

    def __init__(self, record, number, shared):
        self.record = record
        self.where = _("Tournament %(number)s") % {"number": number}
        self.shared = shared  # sol.importing.Shared: clubs, players, championships, ratings of the file
        self.unchanged = False  # the same record was imported before: the tournament is kept as it is

    def run(self):
        """The Tournament written (or kept, when the same record was imported before and not played since), or None
        when an earlier import of it was played (SoL skips it then)."""
        record, where = self.record, self.where
        championship = pick(self.shared.championships, record.get("championship"), "championship", where)
        self.name = text(required(record, "description", where), 160)
        self.date = as_date(required(record, "date", where), where)
        existing = self.find_existing(championship)
        digest = record_digest(record)
        if existing is not None:
            if was_played(existing):
                return None
            if ImportedTourney.objects.filter(tournament=existing, digest=digest).exists():
                self.unchanged = True
                return existing
            delete_tournament(existing)
        tournament = self.create_tournament()
        championship.tournaments.add(tournament)
        ImportedTourney.objects.create(tournament=tournament, digest=digest)
        return tournament

    def find_existing(self, championship):
        guid = self.record.get("guid")
        found = Tournament.objects.filter(guid=guid).first() if guid else None
        return found or championship.tournaments.filter(name=self.name, start_date=self.date).first()

    def create_tournament(self):
        record, shared = self.record, self.shared
        host = record.get("hosting_club")
        prized = bool(record.get("prized"))
        tournament = Tournament(
            name=self.name,
            slug=shared.slug_for(self.name),
            guid=record.get("guid"),
            venue=text(record.get("location"), 200),
            start_date=self.date,
            end_date=self.date,
            host_club=pick(shared.clubs, host, "club", self.where) if host else None,
            status=Tournament.Status.FINISHED if prized else Tournament.Status.PUBLISHED,
        )
        tournament.save()
        self.entries = self.create_entries(tournament)
        matches = record.get("matches") or []
        self.create_stages(matches, prized)
        if prized:
            self.create_prizes()
        if record.get("rating"):
            rating = pick(shared.ratings, record["rating"], "rating", self.where)
            EventRating.objects.create(event=self.event, rating=rating)
        return tournament

    def create_entries(self, tournament):
        competitors = self.record.get("competitors") or []
        teams = [
            [pick(self.shared.players, ref, "player", self.where) for ref in c.get("players") or ()]
            for c in competitors
        ]
        self.teams = teams
        size = max((len(team) for team in teams), default=1)
        championship = pick(self.shared.championships, self.record["championship"], "championship", self.where)
        self.event = Event.objects.create(
            tournament=tournament,
            name=championship.name,
            kind=KINDS.get(size, Event.Kind.TEAMS),
            rule_set="ecc",
            overall_prizes=0,
        )
        # Plain rows (core.bulk): the real history's 9,777 entries as instances cost more than writing them.
        entries = list(new_ids(Entry, len(teams)))
        insert_rows(
            Entry,
            ("id", "event", "name", "withdrawn"),
            [
                (entry, self.event.pk, entry_name(team)[:200], bool(c.get("retired")))
                for entry, team, c in zip(entries, teams, competitors, strict=True)
            ],
        )
        insert_rows(
            EntryMember,
            ("entry", "player", "position"),
            [
                (entry, player.pk, position)
                for entry, team in zip(entries, teams, strict=True)
                for position, player in enumerate(team, start=1)
            ],
        )
        return entries  # their ids, in the file's order

    def create_stages(self, matches, prized):
        record = self.record
        regular = [m for m in matches if not m.get("final")]
        finals = [m for m in matches if m.get("final")]
        kind = SYSTEMS.get(record.get("system"), Stage.Kind.SWISS)
        turns = sorted({m.get("turn") or 1 for m in regular})
        ranked = record.get("rankedturn") or 0
        self.stage = Stage.objects.create(
            event=self.event,
            order=1,
            name=str(Stage.Kind(kind).label),
            kind=kind,
            status=Stage.Status.FINISHED if prized else (Stage.Status.DRAWN if regular else Stage.Status.PENDING),
            rounds_planned=len(turns) or None,
            pairing_method=PAIRINGS.get(record.get("couplings"), Stage.Pairing.SERIAL),
            delay_top_players=int(record.get("delaytoppairing") or 0),
            # SoL's pairing keeps compatriots apart this many rounds; our Swiss pairing does it the same way.
            delay_compatriots=int(record.get("delaycompatriotpairing") or 0) if kind == Stage.Kind.SWISS else 0,
            bye_score_for=record.get("phantomscore") or 25,
            keep_apart="",
        )
        rounds = self.create_rounds(self.stage, [(turn, "") for turn in turns])
        self.write_matches(
            [
                (rounds[m.get("turn") or 1], m.get("board") or n, m, (m.get("turn") or 1) <= ranked)
                for n, m in enumerate(regular, 1)
            ]
        )
        if finals:
            self.create_finals(finals, prized)

    def create_rounds(self, stage, numbered):
        objects = [
            Round(stage=stage, number=number, name=name, status=Round.Status.PUBLISHED) for number, name in numbered
        ]
        Round.objects.bulk_create(objects)
        return {number: rnd for (number, _name), rnd in zip(numbered, objects, strict=True)}

    def create_finals(self, finals, prized):
        """SoL plays each final (1st v 2nd, then 3rd v 4th) as one match, or as up to three in a best of three;
        here each final is one match of a knockout stage, a best of three being its games."""
        by_pair = defaultdict(list)
        for match in sorted(finals, key=lambda m: (m.get("turn") or 0, m.get("board") or 0)):
            by_pair[frozenset((match.get("competitor1"), match.get("competitor2")))].append(match)
        pairs = list(by_pair.values())
        stage = Stage.objects.create(
            event=self.event,
            order=2,
            name=_("Finals"),
            kind=Stage.Kind.KNOCKOUT,
            status=Stage.Status.FINISHED if prized else Stage.Status.DRAWN,
            source=self.stage,
            qualifiers=2 * len(pairs),
            third_place_match=len(pairs) > 1,
            games_per_match=3 if self.record.get("finalkind") == "bestof3" else None,
            keep_apart="",
        )
        rounds = self.create_rounds(stage, [(1, "final")] + ([(2, "third_place")] if len(pairs) > 1 else []))
        self.write_finals([(rounds[number], pair) for number, pair in enumerate(pairs[:2], start=1)])

    def entry(self, reference):
        """The id of the entry a match's competitor reference names (None for none)."""
        return pick(self.entries, reference, "competitor", self.where) if reference else None

    def write_matches(self, rows):
        """rows: (round, number, SoL match, scored) -> one Match each (a row of MATCH_FIELDS), with its game and
        its boards."""
        matches, games, boards = [], [], []
        phantom = self.record.get("phantomscore") or 25
        for match, (rnd, number, record, scored) in zip(new_ids(Match, len(rows)), rows, strict=True):
            a, b = self.entry(record.get("competitor1")), self.entry(record.get("competitor2"))
            score_a, score_b = record.get("score1") or 0, record.get("score2") or 0
            status, winner, scores, won = Match.Status.SCHEDULED, None, (None, None), (0, 0)
            if b is None:
                # The bye's card as SoL kept it: its net score is the stage's bye score (SoL's phantom score, see
                # stages.selectors.decided_results), its total what the card says.
                status, winner = Match.Status.BYE, a
                scores = (record.get("score1", phantom) or 0, record.get("score2") or 0)
            elif scored and (score_a or score_b):
                status, scores = Match.Status.CONFIRMED, (score_a, score_b)
                winner = a if score_a > score_b else (b if score_b > score_a else None)
                won = (int(score_a > score_b), int(score_b > score_a))
                games.append((match, [(score_a, score_b)]))
                boards.append((match, 1, record.get("boards") or ()))
            matches.append(
                (match, rnd.stage_id, rnd.pk, number, a, b, record.get("board"), status, winner, *scores, *won)
            )
        self.save_matches(matches, games, boards)

    def write_finals(self, rounds_and_pairs):
        matches, games, boards = [], [], []
        for match, (rnd, played) in zip(new_ids(Match, len(rounds_and_pairs)), rounds_and_pairs, strict=True):
            first = played[0]
            a, b = self.entry(first.get("competitor1")), self.entry(first.get("competitor2"))
            status, winner, total, won = Match.Status.SCHEDULED, None, (None, None), (0, 0)
            scores, legs = [], []
            for record in played:
                s1, s2 = record.get("score1") or 0, record.get("score2") or 0
                same_sides = self.entry(record.get("competitor1")) == a
                if s1 or s2:  # a leg not played (0-0) is no game
                    scores.append((s1, s2) if same_sides else (s2, s1))
                    legs.append((record.get("boards") or (), same_sides))
            if scores:
                total = (sum(s[0] for s in scores), sum(s[1] for s in scores))
                won = (sum(1 for s in scores if s[0] > s[1]), sum(1 for s in scores if s[1] > s[0]))
                if won[0] != won[1]:
                    winner = a if won[0] > won[1] else b
                    status = Match.Status.CONFIRMED
                games.append((match, scores))
                # Each leg of a best of three is a game of the match: its boards are that game's.
                boards += [
                    (match, game_no, records if same_sides else [swapped(r) for r in records])
                    for game_no, (records, same_sides) in enumerate(legs, start=1)
                ]
            matches.append((match, rnd.stage_id, rnd.pk, 1, a, b, first.get("board"), status, winner, *total, *won))
        self.save_matches(matches, games, boards)

    def save_matches(self, matches, games, boards):
        insert_rows(Match, MATCH_FIELDS, matches)
        insert_rows(
            Game,
            GAME_FIELDS,
            [
                (match, number, sa, sb, "A" if sa > sb else ("B" if sb > sa else ""))
                for match, scores in games
                for number, (sa, sb) in enumerate(scores, start=1)
            ],
        )
        entered_at = prepared(Board, "entered_at", timezone.now())
        insert_rows(
            Board,
            BOARD_FIELDS,
            [(*row, entered_at) for match, game_no, records in boards for row in board_rows(match, game_no, records)],
        )

    def create_prizes(self):
        competitors = self.record.get("competitors") or []
        # Equal on every figure, SoL's ranking keeps its first player's surname and name order.
        by_name = sorted(zip(self.entries, competitors, self.teams, strict=True), key=first_player_name)
        ranked = sorted(by_name, key=sol_order, reverse=True)
        Prize.objects.bulk_create(
            [
                Prize(event=self.event, entry_id=entry, place=place, amount=as_decimal(c.get("prize"), self.where))
                for place, (entry, c, _team) in enumerate(ranked, start=1)
            ]
        )


def first_player_name(row):
    team = row[2]
    return (team[0].last_name, team[0].first_name) if team else ("", "")


def sol_order(row):
    """SoL's final ranking of a prized tourney: prize first, then points, Buchholz, net and total score."""
    c = row[1]
    return (
        as_decimal(c.get("prize"), ""),
        c.get("points") or 0,
        c.get("bucholz") or 0,
        c.get("netscore") or 0,
        c.get("totscore") or 0,
    )


# Match, Game and Board rows go in with plain INSERTs (core.bulk): these fields, in this order.
MATCH_FIELDS = (
    "id", "stage", "round", "number", "entry_a", "entry_b", "table", "status", "winner", "score_a", "score_b",
    "games_a", "games_b",
)  # fmt: skip
GAME_FIELDS = ("match", "number", "score_a", "score_b", "winner_side")
BOARD_FIELDS = (
    "match", "game_no", "number", "breaker", "winner", "coins_left_of_loser", "queen", "loser_outstanding_dues",
    "awarded_to", "points", "total_a", "total_b", "law", "voided", "entered_at",
)  # fmt: skip


def swapped(record):
    """A SoL board seen from the other side: a later leg of a final may name the finalists the other way round."""
    sides = {"coins1": "coins2", "coins2": "coins1"}
    turned = {sides.get(key, key): value for key, value in record.items()}
    if "queen" in record:
        turned["queen"] = {"1": "2", "2": "1", 1: 2, 2: 1}.get(record["queen"], record["queen"])
    return turned


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
