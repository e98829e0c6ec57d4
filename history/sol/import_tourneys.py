"""Importing SoL tournaments onto ours: a SoL tourney becomes a tournament with one event; its rounds a Swiss
(round-robin, knockout) stage; its final matches a knockout stage of the finalists ("Finals"); its prizes the
championship's Prize rows. A tourney already imported and played is kept; one not yet played is replaced. The
rows go to sol.tourney_rows, which writes the file's new tourneys together."""

import hashlib
import json
from collections import defaultdict

from django.utils.translation import gettext as _

from history.sol.earlier import delete_tournament  # noqa: F401 (where the tests and callers find it)
from history.sol.references import as_date, as_decimal, pick, required, text
from stages.models import Match, Stage
from tournaments.models import Event, Tournament

SYSTEMS = {"swiss": Stage.Kind.SWISS, "roundrobin": Stage.Kind.ROUND_ROBIN, "knockout": Stage.Kind.KNOCKOUT}
PAIRINGS = {"dazed": Stage.Pairing.DAZED, "staggered": Stage.Pairing.STAGGERED}
KINDS = {1: Event.Kind.SINGLES, 2: Event.Kind.DOUBLES}


def record_digest(record):
    return hashlib.sha256(json.dumps(record, sort_keys=True, default=str).encode()).hexdigest()


class TourneyImport:
    """One SoL tourney document, planned into `rows` (the caller writes them and holds the transaction)."""

    def __init__(self, record, number, shared):
        self.record = record
        self.where = _("Tournament %(number)s") % {"number": number}
        self.shared = shared  # sol.importing.Shared: clubs, players, championships, ratings of the file
        self.rows = shared.rows  # sol.tourney_rows.TourneyRows: the file's new tourneys
        self.unchanged = False  # the same record was imported before: the tournament is kept as it is

    def run(self):
        """The tournament planned (a sol.tourney_rows.NewTournament), or the id of the one kept when the same
        record was imported before and not played since, or None when an earlier import of it was played (SoL
        skips it then)."""
        record, where, earlier = self.record, self.where, self.shared.earlier
        championship = pick(self.shared.championships, record.get("championship"), "championship", where)
        self.name = text(required(record, "description", where), 160)
        self.date = as_date(required(record, "date", where), where)
        existing = earlier.find(record.get("guid"), championship, self.name, self.date)
        digest = record_digest(record)
        if existing is not None:
            if earlier.was_played(existing):
                return None
            if earlier.digest(existing) == digest:
                self.unchanged = True
                return existing
            self.shared.slugs.release(earlier.delete(existing))
        tournament = self.create_tournament()
        self.rows.add("championships", (championship.pk, tournament.local))
        self.rows.add("digests", (tournament.local, digest))
        earlier.planned(tournament, record.get("guid"), championship, self.name, self.date)
        return tournament

    def create_tournament(self):
        record, shared = self.record, self.shared
        host = record.get("hosting_club")
        prized = bool(record.get("prized"))
        tournament = self.rows.add_tournament(
            name=self.name,
            slug=shared.slugs.slug_for(self.name),
            guid=record.get("guid"),
            venue=text(record.get("location"), 200),
            start_date=self.date,
            end_date=self.date,
            host_club=pick(shared.clubs, host, "club", self.where).pk if host else None,
            status=Tournament.Status.FINISHED if prized else Tournament.Status.PUBLISHED,
        )
        self.entries = self.create_entries(tournament)
        matches = record.get("matches") or []
        self.create_stages(matches, prized)
        if prized:
            self.create_prizes()
        if record.get("rating"):
            rating = pick(shared.ratings, record["rating"], "rating", self.where)
            self.rows.add("event_ratings", (self.event, rating.pk))
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
        self.event = self.rows.add("events", (tournament.local, championship.name, KINDS.get(size, Event.Kind.TEAMS)))
        # Their local numbers, in the file's order: the rows are written with the rest of the file's.
        return self.rows.add_entries(self.event, teams, [bool(c.get("retired")) for c in competitors])

    def create_stages(self, matches, prized):
        record = self.record
        regular = [m for m in matches if not m.get("final")]
        finals = [m for m in matches if m.get("final")]
        kind = SYSTEMS.get(record.get("system"), Stage.Kind.SWISS)
        turns = sorted({m.get("turn") or 1 for m in regular})
        ranked = record.get("rankedturn") or 0
        self.stage = self.rows.add(
            "stages",
            {
                "event": self.event,
                "order": 1,
                "name": str(Stage.Kind(kind).label),
                "kind": kind,
                "status": Stage.Status.FINISHED
                if prized
                else (Stage.Status.DRAWN if regular else Stage.Status.PENDING),
                "rounds_planned": len(turns) or None,
                "pairing_method": PAIRINGS.get(record.get("couplings"), Stage.Pairing.SERIAL),
                "delay_top_players": int(record.get("delaytoppairing") or 0),
                # SoL's pairing keeps compatriots apart this many rounds; our Swiss pairing does it the same way.
                "delay_compatriots": int(record.get("delaycompatriotpairing") or 0) if kind == Stage.Kind.SWISS else 0,
                "bye_score_for": record.get("phantomscore") or 25,
                "keep_apart": "",
            },
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
        """{number: (stage, round)}, local numbers of the rows."""
        return {number: (stage, self.rows.add("rounds", (stage, number, name))) for number, name in numbered}

    def create_finals(self, finals, prized):
        """SoL plays each final (1st v 2nd, then 3rd v 4th) as one match, or as up to three in a best of three;
        here each final is one match of a knockout stage, a best of three being its games."""
        by_pair = defaultdict(list)
        for match in sorted(finals, key=lambda m: (m.get("turn") or 0, m.get("board") or 0)):
            by_pair[frozenset((match.get("competitor1"), match.get("competitor2")))].append(match)
        pairs = list(by_pair.values())
        stage = self.rows.add(
            "stages",
            {
                "event": self.event,
                "order": 2,
                "name": _("Finals"),
                "kind": Stage.Kind.KNOCKOUT,
                "status": Stage.Status.FINISHED if prized else Stage.Status.DRAWN,
                "source": self.stage,
                "qualifiers": 2 * len(pairs),
                "third_place_match": len(pairs) > 1,
                "games_per_match": 3 if self.record.get("finalkind") == "bestof3" else None,
                "keep_apart": "",
            },
        )
        rounds = self.create_rounds(stage, [(1, "final")] + ([(2, "third_place")] if len(pairs) > 1 else []))
        self.write_finals([(rounds[number], pair) for number, pair in enumerate(pairs[:2], start=1)])

    def entry(self, reference):
        """The entry (its local number) a match's competitor reference names (None for none)."""
        if not reference:
            return None
        if type(reference) is int and 0 < reference <= len(self.entries):  # the usual case, without pick's checks
            return self.entries[reference - 1]
        return pick(self.entries, reference, "competitor", self.where)

    def write_matches(self, rows):
        """rows: ((stage, round), number, SoL match, scored) -> one Match each (a row of
        sol.tourney_rows.MATCH_FIELDS, its stage, round and entries local), with its game and its boards."""
        rows_of = self.rows
        phantom = self.record.get("phantomscore") or 25
        for (stage, rnd), number, record, scored in rows:
            match = len(rows_of.matches)
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
                rows_of.games.append((match, [(score_a, score_b)]))
                rows_of.boards.append((match, 1, record.get("boards") or ()))
            rows_of.matches.append((stage, rnd, number, a, b, record.get("board"), status, winner, *scores, *won))

    def write_finals(self, rounds_and_pairs):
        rows = self.rows
        for (stage, rnd), played in rounds_and_pairs:
            match = len(rows.matches)
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
                rows.games.append((match, scores))
                # Each leg of a best of three is a game of the match: its boards are that game's.
                rows.boards += [
                    (match, game_no, records if same_sides else [swapped(r) for r in records])
                    for game_no, (records, same_sides) in enumerate(legs, start=1)
                ]
            rows.matches.append((stage, rnd, 1, a, b, first.get("board"), status, winner, *total, *won))

    def create_prizes(self):
        competitors = self.record.get("competitors") or []
        # Equal on every figure, SoL's ranking keeps its first player's surname and name order.
        by_name = sorted(zip(self.entries, competitors, self.teams, strict=True), key=first_player_name)
        ranked = sorted(by_name, key=sol_order, reverse=True)
        self.rows.prizes += [
            (self.event, entry, place, as_decimal(c.get("prize"), self.where))
            for place, (entry, c, _team) in enumerate(ranked, start=1)
        ]


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


def swapped(record):
    """A SoL board seen from the other side: a later leg of a final may name the finalists the other way round."""
    sides = {"coins1": "coins2", "coins2": "coins1"}
    turned = {sides.get(key, key): value for key, value in record.items()}
    if "queen" in record:
        turned["queen"] = {"1": "2", "2": "1", 1: 2, 2: 1}.get(record["queen"], record["queen"])
    return turned
