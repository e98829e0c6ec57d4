"""What the featured screens show: the match on a featured table now, and its score card as a scoreboard (names,
countries or clubs, games won, the board score of the game in play, who covered the queen on the last board, who
breaks next, the round clock). Read only; the wording is featured.display's."""

from dataclasses import dataclass, field
from datetime import UTC, datetime

from django.shortcuts import get_object_or_404

from core.errors import ServiceError
from matches.featured import display
from matches.featured.models import FeaturedTable
from matches.scoring import scorecard
from matches.strokes.selectors import live_board
from matches.ties.services import rubber_players
from stages.models import UNFINISHED, Match, Round
from tournaments.models import Event

S = Match.Status
DONE = (S.FINISHED, S.CONFIRMED, S.RETIRED, S.WALKOVER)
SIDES = ("A", "B")
EARLIEST = datetime.min.replace(tzinfo=UTC)
LATEST = datetime.max.replace(tzinfo=UTC)


def featured_of(tournament, featured_id):
    return get_object_or_404(FeaturedTable.objects.select_related("tournament"), pk=featured_id, tournament=tournament)


def featured_list(tournament):
    """The tournament's featured tables and matches, each with the match it shows now (`shown`)."""
    rows = list(FeaturedTable.objects.filter(tournament=tournament).select_related("match__round", "match__stage"))
    for row in rows:
        row.shown = shown_match(row)
    return rows


# ---------------------------------------------------------------- which match a featured table shows


def shown_matches():
    """The matches a screen may show: of published rounds, between two known sides. A team tie has no score card of
    its own: its rubbers, played at its table, are shown instead."""
    return (
        Match.with_rubbers.filter(round__status=Round.Status.PUBLISHED)
        .exclude(entry_a=None)
        .exclude(entry_b=None)
        .exclude(status=S.BYE)
        .exclude(tie=None, stage__event__kind=Event.Kind.TEAM_TIES)
        .select_related("stage__event__tournament", "round", "group", "entry_a", "entry_b")
    )


def shown_match(featured):
    """The match the featured row shows now, or None: its match; or, for a table, the match in play there (the
    latest started), else the one called to it, else the last one finished there (its result stays up until the
    next is called), else the next one planned there."""
    if featured.match_id is not None:
        return shown_matches().filter(pk=featured.match_id).first()
    at_table = shown_matches().filter(stage__event__tournament=featured.tournament_id, table=featured.table)
    return now_at_table(list(at_table))


def now_at_table(matches):
    """The match of a table's `matches` its screens show now (see shown_match)."""
    by_status = {}
    for match in matches:
        by_status.setdefault(match.status, []).append(match)
    if by_status.get(S.IN_PLAY):
        return max(by_status[S.IN_PLAY], key=lambda m: (m.started_at or EARLIEST, m.pk))
    if by_status.get(S.CALLED):
        return min(by_status[S.CALLED], key=lambda m: (m.planned_at or m.called_at or LATEST, m.pk))
    done = [m for m in matches if m.status in DONE]
    if done:
        return max(done, key=lambda m: (m.finished_at or m.updated_at, m.pk))
    if by_status.get(S.SCHEDULED):
        return min(by_status[S.SCHEDULED], key=lambda m: (m.planned_at or LATEST, m.round.number, m.number, m.pk))
    return None


# ---------------------------------------------------------------- the scoreboard


@dataclass
class SideView:
    """One side of the scoreboard."""

    key: str  # "A" or "B"
    players: list  # the shown names (Player.shown_name), one a line: a pair's two players
    team: str = ""  # a team tie's rubber: the team, above the players its line-up named
    origin: str = ""  # the shown countries, else the clubs
    games: int = 0
    points: int | None = None
    breaks: bool = False
    queen: bool = False
    winner: bool = False
    live: dict | None = None  # the board in play, kept stroke by stroke: c/m left, colour, dues, turn


@dataclass
class Scoreboard:
    featured: object
    match: object = None
    sides: list = field(default_factory=list)
    game_no: int | None = None
    board_no: int | None = None
    over: bool = False
    status: str = ""
    heading: str = ""
    clock: object = None
    live_queen: str = ""  # where the queen is on the board kept stroke by stroke

    @property
    def shows(self):
        """Which match the screen shows and whether it is over: the page reloads when this changes, for the round
        clock of another match, or none once it is over."""
        return f"{self.match.pk}:{int(self.over)}" if self.match else ""


def scoreboard(featured):
    """The featured row's scoreboard as it stands."""
    match = shown_match(featured)
    board = Scoreboard(featured=featured, match=match)
    if match is None:
        return board
    board.sides = [side_view(match, side) for side in SIDES]
    board.over = match.status not in UNFINISHED
    board.status = display.status_line(match)
    board.heading = display.heading(match)
    if match.status in UNFINISHED:
        board.clock = scorecard.round_clock(match)
    try:
        card = scorecard.card_state(match)
    except ServiceError:  # a card the rules no longer read (a changed rule set): the games stored, nothing more
        card = None
    if card is not None and (any(game.boards for game in card.games) or kept_on_card(match)):
        card_games(board, match, card)
    else:
        stored_games(board, match)
    if match.winner_id and not match.result_withheld:  # ICF 150: no winner announced while a protest is open
        for view in board.sides:
            view.winner = match.winner_id == (match.entry_a_id if view.key == "A" else match.entry_b_id)
    return board


def side_view(match, side):
    entry = match.entry_a if side == "A" else match.entry_b
    if match.tie_id is not None:
        players = rubber_players(match)[side.lower()]
        return SideView(key=side, team=entry.name, players=[p.shown_name for p in players], origin=origin(players))
    players = [member.player for member in entry.members.select_related("player__club")]
    return SideView(key=side, players=[p.shown_name for p in players], origin=origin(players))


def origin(players):
    """Where the side comes from as the public may read it: its countries (Player.shown_country: a player who keeps
    their name private keeps their country too), else its clubs."""
    countries = [p.shown_country for p in players if p.shown_country]
    if countries:
        return " / ".join(dict.fromkeys(countries))
    return " / ".join(dict.fromkeys(p.club.name for p in players if p.club_id and p.publish_name))


def kept_on_card(match):
    """A match with no board yet whose card will be kept board by board: not over, no final score entered."""
    return match.status in UNFINISHED and not match.games.exists()


def stored_games(board, match):
    """A match without a board-by-board card (a final score only, a walk-over): the games it stores."""
    games = list(match.games.all())
    for view in board.sides:
        view.games = getattr(match, f"games_{view.key.lower()}") or sum(
            1 for game in games if game.winner_side == view.key
        )
    if games:
        last = games[-1]
        board.game_no = last.number
        board.sides[0].points, board.sides[1].points = last.score_a, last.score_b


def card_games(board, match, card):
    """A match kept on its card: the game in play (or the last one), its running score, the queen of its last
    board, the next breaker (ICF 39 for the first board, then ICF 49)."""
    game = card.games[-1]
    state = card.current if card.current is not None else game.state
    board.game_no = game.number
    board.board_no = state.next_board if card.current is not None else None
    games_won = card.match.games_won
    last = game.boards[-1] if game.boards else None
    covered = queen_side(last)
    live = live_board(match, game.number, board.board_no) if card.current is not None else None
    for view in board.sides:
        view.games = games_won.get(view.key, 0)
        view.points = state.scores.get(view.key, 0)
        view.breaks = card.current is not None and state.next_breaker == view.key and live is None
        view.queen = covered == view.key
        view.live = live["sides"][view.key] if live else None
    board.live_queen = live["queen"] if live else ""


def queen_side(board):
    """The side that covered the queen on `board` (ICF 53): the board's winner or loser as the card says; None when
    it stayed on the board or no board was played."""
    if board is None or not board.winner:
        return None
    if board.queen == "covered_by_winner":
        return board.winner
    if board.queen == "covered_by_loser":
        return "B" if board.winner == "A" else "A"
    return None


def on_the_tables(tournament):
    """The matches called or in play now, by table: what the officials may feature from their page."""
    matches = shown_matches().filter(stage__event__tournament=tournament, status__in=(S.CALLED, S.IN_PLAY))
    return list(matches.order_by("table", "round__number", "number", "pk")[:200])


def settings_page(tournament):
    """The officials' page: the featured rows with what each shows now, and the matches on the tables."""
    featured = featured_list(tournament)
    featured_tables = {row.table for row in featured if row.table is not None}
    featured_matches = {row.match_id for row in featured if row.match_id is not None}
    playing = on_the_tables(tournament)
    for match in playing:
        match.table_featured = match.table in featured_tables
        match.featured = match.pk in featured_matches
    for row in featured:
        row.what = display.what_is_featured(row)
    return {"tournament": tournament, "featured": featured, "playing": playing}
