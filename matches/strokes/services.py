"""Keeping a board stroke by stroke, each step in one transaction on the locked match: start a board, add a stroke,
undo the last one. The stroke engine (rules.strokes) plays the board's strokes again at every step and refuses an
invalid one with its law (nothing is stored); when it says the board is over, the board goes on the card through
the score card's own path (scoring.scorecard.add_board), which ends the game and the match when the rules say so.
Every step is in the match's audit log: a protest can cite the stroke by its number."""

from dataclasses import asdict

from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import Conflict, NotAllowed, ServiceError
from matches.audit import log_change, signed_in
from matches.models import ResultChange
from matches.permissions import MatchRights
from matches.scoring import scorecard
from matches.scoring.models import Board
from matches.services import lock_match
from matches.strokes.models import BoardStroke, KeptBoard
from matches.strokes.selectors import next_board, played_of
from rules.errors import RuleError
from rules.strokes import Stroke
from stages.models import Match

What = ResultChange.What


def require_scorer(user, match):
    """The people who fill the score card keep its boards stroke by stroke (`None`: the system)."""
    if user is not None and not MatchRights(user, match).may_score:
        raise NotAllowed("user", _("Only the umpire of this match or a referee of the tournament keeps its boards."))


def play(kept, strokes, rule_set=None):
    """The engine's answer for `kept` after `strokes` (Stroke objects); a refusal is the service's."""
    try:
        return played_of(kept, strokes, rule_set or kept.match.stage.event.rules)
    except RuleError as error:
        raise ServiceError("stroke", error.message) from None


def stored_strokes(kept):
    return [Stroke.from_dict(row.data) for row in kept.strokes.order_by("seq")]


def in_play(match):
    """The board kept stroke by stroke now, still the card's next board; refused otherwise."""
    kept = match.kept_boards.filter(status=KeptBoard.Status.PLAYING).first()
    if kept is None:
        raise ServiceError("stroke", _("No board is being kept stroke by stroke; start one from the score card."))
    game_no, board_no, _breaker, _scores = next_board(match)
    if (kept.game_no, kept.board_no) != (game_no, board_no):
        message = _(
            "Board %(board)s of game %(game)s was entered on the card meanwhile; the next is board %(next)s of "
            "game %(next_game)s: start keeping it."
        )
        raise Conflict(
            "stroke", message % {"board": kept.board_no, "game": kept.game_no, "next": board_no, "next_game": game_no}
        )
    kept.match = match  # the locked row, with its rule set
    return kept


def abandon(kept, user):
    kept.status = KeptBoard.Status.ABANDONED
    kept.save(update_fields=["status"])
    after = {"game": kept.game_no, "board": kept.board_no, "abandoned": kept.strokes.count()}
    log_change(kept.match, What.KEPT_BOARD, None, after, user)


@transaction.atomic
def start_board(match, user=None, breaker=None):
    """Keep the card's next board stroke by stroke. `breaker` ("A"/"B") only when a toss decides the break of an
    extra board (ICF 56(b)); otherwise the break passes alternately (ICF 49) and the card knows it. A board kept
    and not finished (a board entered meanwhile board by board) is left abandoned, on record. Starting the board
    being kept already returns it: a second tap changes nothing."""
    match = lock_match(match)
    require_scorer(user, match)
    game_no, board_no, next_breaker, scores = next_board(match)
    rule_set = match.stage.event.rules
    breaker = scorecard.checked_breaker(rule_set, next_breaker, str(breaker).upper() if breaker else None)
    current = match.kept_boards.filter(status=KeptBoard.Status.PLAYING).first()
    if current is not None and (current.game_no, current.board_no) == (game_no, board_no):
        return current
    if current is not None:
        current.match = match
        abandon(current, user)
    kept = KeptBoard(
        match=match,
        game_no=game_no,
        board_no=board_no,
        breaker=breaker,
        score_a_before=scores["A"],
        score_b_before=scores["B"],
        started_by=signed_in(user),
    )
    play(kept, [], rule_set)  # a rule set without stroke laws refuses here, with its reason
    kept.save()
    if match.status != Match.Status.IN_PLAY:  # the first board kept starts the match, as the card's first entry
        scorecard.start_on_first_entry(match, user)
        match.save()
    log_change(match, What.KEPT_BOARD, None, {"game": game_no, "board": board_no, "breaker": kept.breaker}, user)
    return kept


def check_number(seq, expected, undo=False):
    """A tap sent again (a phone that did not see the answer) is not done twice: the page names the stroke it
    means (the next one, or the last one to undo)."""
    if seq is None or seq == expected:
        return
    if undo:
        message = _("Stroke %(number)s is not the last stroke any more; the page shows the board as it stands.")
    else:
        message = _("Stroke %(number)s is recorded already; the page shows the board as it stands.")
    raise Conflict("stroke", message % {"number": seq})


@transaction.atomic
def add_stroke(match, data, user=None, seq=None):
    """Record the next stroke of the board kept now (`data`: rules.strokes.Stroke's dict shape), once the engine
    accepts it; `seq`, when given, is the number the page meant it for. Returns the engine's answer (Played).
    When the board is over it is entered on the card."""
    match = lock_match(match)
    require_scorer(user, match)
    kept = in_play(match)
    strokes = stored_strokes(kept)
    check_number(seq, len(strokes) + 1)
    try:
        stroke = Stroke.from_dict(data)
    except (TypeError, ValueError):
        raise ServiceError("stroke", _("This stroke is not in the shape the engine reads.")) from None
    played = play(kept, [*strokes, stroke])
    row = BoardStroke.objects.create(
        kept=kept, seq=len(strokes) + 1, data=stroke.as_dict(), recorded_by=signed_in(user)
    )
    log_change(match, What.STROKE, None, stroke_entry(kept, row), user)
    if played.result is not None:
        enter_board(match, kept, played, user)
    return played


def stroke_entry(kept, row):
    """A stroke as the audit log keeps it: where, its number, what happened (the engine's fields that are set)."""
    happened = {"kind": "stroke", **{key: value for key, value in row.data.items() if value not in (None, False, 0)}}
    return {"game": kept.game_no, "board": kept.board_no, "stroke": row.seq, "stroke_data": happened}


def enter_board(match, kept, played, user):
    """The board the engine finished, entered on the card as the board-by-board card enters one."""
    board = played.board_input
    data = {
        "breaker": kept.breaker,
        "winner": board.winner,
        "coins_left_of_loser": board.coins_left_of_loser,
        "queen": board.queen,
        "loser_outstanding_dues": board.loser_outstanding_dues,
        "special_ending": asdict(board.special_ending) if board.special_ending else None,
        "slam": board.slam,
    }
    scorecard.add_board(match, kept.game_no, data, user=user, board_no=kept.board_no)
    kept.board = Board.objects.get(match=match, game_no=kept.game_no, number=kept.board_no, voided=False)
    kept.status = KeptBoard.Status.ENTERED
    kept.fouls_a, kept.fouls_b = fouls_by_side(played)
    kept.save(update_fields=["board", "status", "fouls_a", "fouls_b"])


def fouls_by_side(played):
    """(A's fouls, B's fouls) in a board's strokes, as the engine charged them (BoardState.fouled_by)."""
    fouled = [state.fouled_by for state in played.states]
    return fouled.count("A"), fouled.count("B")


@transaction.atomic
def undo_stroke(match, user=None, seq=None):
    """Take back the last stroke of the board kept now (`seq`: the number the page shows as last). A board
    entered on the card is corrected by a replay from that board, not here. Returns the engine's answer."""
    match = lock_match(match)
    require_scorer(user, match)
    kept = in_play(match)
    last = kept.strokes.order_by("-seq").first()
    if last is None:
        raise ServiceError("stroke", _("No stroke of this board to undo."))
    check_number(seq, last.seq, undo=True)
    log_change(match, What.STROKE_UNDONE, stroke_entry(kept, last), None, user)
    last.delete()
    return play(kept, stored_strokes(kept))
