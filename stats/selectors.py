"""The game's statistics, read back from the score cards (ICF XIX): per player, the boards played and won, the
boards broken and the breaks won (ICF 43, 49), the queens covered (ICF 52), the slams (ICF 26), the points per
board won and the dues written off (ICF 55); the fouls, over the boards kept stroke by stroke (matches.strokes).

Only what counts is counted: the non-voided boards of decided matches (confirmed, not withheld by a protest: ICF
150) of published rounds, as the standings count them. A match entered as a final score only has no boards, and
adds nothing; a board recorded before slams were (or by a SoL import) has no slam. Everything is summed in the
database, grouped by player: four queries whatever the number of boards (a side's entry members, and a team
rubber's line-up, for each side A and B).

A doubles pair's boards count for both partners: the card records the pair's break, queen and slam, not which
partner made it."""

from dataclasses import dataclass

from django.db.models import Count, F, Q, Sum

from matches.scoring.models import Board
from rules.slams import BLACK, SLAMS, WHITE, slam_side
from stages.models import DECIDED, Round
from tournaments.models import Player, Tournament

COUNTED = Q(
    voided=False,
    match__status__in=DECIDED,
    match__result_withheld=False,
    match__round__status=Round.Status.PUBLISHED,
)
# A SoL file records no breaker (history.sol writes its boards with the law "SoL"): its breaks are not counted.
BREAKER_UNKNOWN = Q(law="SoL")
SIDES = ("A", "B")
BEST_SLAMS = 50


def other(side):
    return "B" if side == "A" else "A"


@dataclass
class Figures:
    """One player's figures over some boards."""

    boards: int = 0
    won: int = 0
    breaks: int = 0
    breaks_won: int = 0
    queens: int = 0
    white_slams: int = 0
    black_slams: int = 0
    points: int = 0
    dues: int = 0
    kept_boards: int = 0  # boards kept stroke by stroke (matches.strokes): the fouls are known for these only
    fouls: int = 0

    def add(self, row):
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + (row.get(name) or 0))
        return self

    @property
    def slams(self):
        return self.white_slams + self.black_slams

    @property
    def average(self):
        """Points per board won (None before a board is won)."""
        return self.points / self.won if self.won else None

    @property
    def sort_key(self):
        return (-self.won, -self.slams, -(self.average or 0), -self.boards)


def side_sums(side):
    """What one side's boards add to its players' figures."""
    opponent = other(side)
    return {
        "boards": Count("pk"),
        "won": Count("pk", filter=Q(awarded_to=side)),
        "breaks": Count("pk", filter=Q(breaker=side) & ~BREAKER_UNKNOWN),
        "breaks_won": Count("pk", filter=Q(breaker=side, awarded_to=side) & ~BREAKER_UNKNOWN),
        # ICF 52: the queen covered by this side, as the card says it (by the board's winner or loser).
        "queens": Count(
            "pk", filter=Q(queen="covered_by_winner", winner=side) | Q(queen="covered_by_loser", winner=opponent)
        ),
        # ICF 26: a white slam is the breaker's, a black slam his opponent's.
        "white_slams": Count("pk", filter=Q(slam=WHITE, breaker=side)),
        "black_slams": Count("pk", filter=Q(slam=BLACK, breaker=opponent)),
        "points": Sum("points", filter=Q(awarded_to=side), default=0),
        # ICF 55: the loser's outstanding dues, written off, never counted.
        "dues": Sum("loser_outstanding_dues", filter=Q(winner=opponent), default=0),
        # The fouls of the boards kept stroke by stroke, counted when each was entered (one row a board at most).
        "kept_boards": Count("kept"),
        "fouls": Sum(f"kept__fouls_{side.lower()}", default=0),
    }


def side_players(boards, side, player=None):
    """(query of the boards of matches, each row with `player`: the players of side `side`) twice: a match's entry
    members, and a team rubber's line-up (a rubber's entries are the teams; its line-up says who played it)."""
    member = f"match__entry_{side.lower()}__members__player"
    plain = boards.filter(match__tie__isnull=True, **({member: player} if player else {}))
    # One filter() call: the line-up row matched is the one `player` reads (the join is reused).
    line_up = {"match__tie__line_ups__side": side.lower(), "match__tie__line_ups__rubber": F("match__rubber")}
    if player:
        line_up["match__tie__line_ups__player"] = player
    rubbers = boards.filter(match__tie__isnull=False, **line_up)
    return ((plain, F(member)), (rubbers, F("match__tie__line_ups__player")))


def figures_by_player(boards, by=(), player=None):
    """{(player id, *values of `by`): Figures} over `boards` (a Board query, already limited to what counts), summed
    in the database. `by`: further fields to group by (e.g. "match__stage__event"); `player`: one player only."""
    figures = {}
    for side in SIDES:
        for query, who in side_players(boards, side, player):
            rows = query.values(*by, player_id=who).annotate(**side_sums(side)).order_by()
            for row in rows:
                if row["player_id"] is None:
                    continue
                key = (row["player_id"], *(row[name] for name in by))
                figures.setdefault(key, Figures()).add(row)
    return figures


def counted_boards(**scope):
    return Board.objects.filter(COUNTED, **scope)


def event_boards(event):
    return counted_boards(match__stage__event=event)


def tournament_boards(tournament):
    return counted_boards(match__stage__event__tournament=tournament)


def public_boards():
    """The boards of every tournament the public sees (the archive's: drafts stay with their officials)."""
    return Board.objects.filter(COUNTED).exclude(match__stage__event__tournament__status=Tournament.Status.DRAFT)


@dataclass
class LeaderRow:
    player: Player
    figures: Figures


def leaderboard(boards):
    """Every player of `boards` with their figures, the most boards won first (then slams, points per board)."""
    figures = {key[0]: value for key, value in figures_by_player(boards).items()}
    players = Player.objects.select_related("club").in_bulk(list(figures))
    rows = [LeaderRow(players[pk], value) for pk, value in figures.items() if pk in players]
    return sorted(rows, key=lambda row: (*row.figures.sort_key, row.player.shown_name))


def totals(boards):
    """The slams and queens of `boards`, for a heading: {"boards", "white_slams", "black_slams", "queens"}."""
    return boards.aggregate(
        boards=Count("pk"),
        white_slams=Count("pk", filter=Q(slam=WHITE)),
        black_slams=Count("pk", filter=Q(slam=BLACK)),
        queens=Count("pk", filter=Q(queen__in=("covered_by_winner", "covered_by_loser"))),
    )


def events_summary(tournament):
    """{event id: totals} of the tournament's events, in one query."""
    rows = tournament_boards(tournament).values("match__stage__event").order_by()
    rows = rows.annotate(
        boards=Count("pk"),
        white_slams=Count("pk", filter=Q(slam=WHITE)),
        black_slams=Count("pk", filter=Q(slam=BLACK)),
    )
    return {row.pop("match__stage__event"): row for row in rows}


@dataclass
class SlamRow:
    """A slam as the lists show it: the board, its match, and the entry whose slam it was."""

    board: Board

    @property
    def match(self):
        return self.board.match

    @property
    def side(self):
        return slam_side(self.board.slam, self.board.breaker)

    @property
    def entry(self):
        return self.match.entry_a if self.side == "A" else self.match.entry_b

    @property
    def opponent(self):
        return self.match.entry_b if self.side == "A" else self.match.entry_a


def slam_rows(boards, limit=BEST_SLAMS):
    """The slams of `boards`, newest first (then the earliest in its game: the quicker), at most `limit`."""
    slams = boards.filter(slam__in=SLAMS).select_related(
        "match__round", "match__stage__event__tournament", "match__entry_a", "match__entry_b"
    )
    return [SlamRow(board) for board in slams.order_by("-entered_at", "game_no", "number", "-pk")[:limit]]


def made_by(player):
    """The slams `player` made (his side's): ICF 26, a white slam the breaker's, a black one his opponent's."""
    made = Q()
    for side in SIDES:
        by_side = Q(slam=WHITE, breaker=side) | Q(slam=BLACK, breaker=other(side))
        plays = Q(match__tie__isnull=True, **{f"match__entry_{side.lower()}__members__player": player}) | Q(
            match__tie__line_ups__player=player,
            match__tie__line_ups__side=side.lower(),
            match__tie__line_ups__rubber=F("match__rubber"),
        )
        made |= by_side & plays
    return made


def player_slams(boards, player, limit=BEST_SLAMS):
    return slam_rows(boards.filter(made_by(player)).distinct(), limit)


def player_figures(boards, player, by):
    """{value of `by`: Figures} of one player, and the Figures over all of them."""
    rows = {key[1]: value for key, value in figures_by_player(boards, (by,), player=player.pk).items()}
    total = Figures()
    for value in rows.values():
        total.add(value.__dict__)
    return rows, total


# ---------------------------------------------------------------- the pages


def tournament_page(tournament):
    """The tournament's statistics: each event's boards and slams, the leaderboard, the slams."""
    boards = tournament_boards(tournament)
    summary = events_summary(tournament)
    events = [(event, summary.get(event.pk)) for event in tournament.events.order_by("pk")]
    return {
        "events": events,
        "totals": totals(boards),
        "leaders": leaderboard(boards),
        "slams": slam_rows(boards),
    }


def event_page(event):
    """An event's statistics: the best slams and the leaderboard."""
    boards = event_boards(event)
    return {"totals": totals(boards), "leaders": leaderboard(boards), "slams": slam_rows(boards)}


def tournament_players(tournament):
    """The players entered in the tournament (a team's players are its entry's members)."""
    return Player.objects.filter(memberships__entry__event__tournament=tournament).distinct()


def player_page(tournament, player):
    """One player's statistics in a tournament: per event, in all, and the slams they made."""
    boards = tournament_boards(tournament)
    by_event, total = player_figures(boards, player, "match__stage__event")
    events = tournament.events.filter(pk__in=list(by_event)).select_related("tournament").order_by("pk")
    return {
        "rows": [(event, by_event[event.pk]) for event in events],
        "total": total,
        "slams": player_slams(boards, player),
    }


def archive_player_page(player):
    """One player's statistics across the public tournaments: per tournament, newest first, and in all."""
    boards = public_boards()
    by_tournament, total = player_figures(boards, player, "match__stage__event__tournament")
    tournaments = Tournament.objects.filter(pk__in=list(by_tournament)).order_by("-start_date", "-pk")
    return {
        "rows": [(tournament, by_tournament[tournament.pk]) for tournament in tournaments],
        "total": total,
        "slams": player_slams(boards, player),
    }
