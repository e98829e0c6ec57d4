"""One stroke under the office league's sheet (shared/laws/office-league-rules.txt), as far as it goes.

Its fouls end the turn and cost one pocketed piece, placed by the opponent within the main circle, owed until one
is pocketed ("Fouls"). Pocketing the Queen and one's own piece in the same turn covers it, once one's own piece
has been pocketed before ("Covering the Queen"); otherwise it returns at the end of the turn. The final piece of
the opponent, or one's own before the Queen is covered, comes back with the penalty: the sheet has no special
finish, so the board ends only when a player pockets all his pieces with the Queen covered ("Scoring")."""

from __future__ import annotations

from rules.board import other
from rules.strokes import finish, words
from rules.strokes.state import AWAITING_COVER, COVERED, QUEEN_ON_BOARD, BoardState, Stroke
from rules.strokes.umpired import take_out_dues


def advance(rule_set, board: BoardState, stroke: Stroke) -> None:
    laws = rule_set.stroke_laws
    side = board.turn
    if stroke.kind == "foul":
        offender = stroke.by or side
        owe(board, laws, offender)
        if offender == side:
            end_turn(rule_set, board)
        return
    if not board.broken and stroke.missed:
        if stroke.striker or stroke.foul:  # "The striker is pocketed", or struck against the rules: a foul
            board.break_attempts = 0
            owe(board, laws, side)
            end_turn(rule_set, board)
            return
        board.break_attempts += 1
        if board.break_attempts < laws.break_chances:
            board.follows.append(words.follows(laws.cite("break"), "break_again",
                                               count=laws.break_chances - board.break_attempts))  # fmt: skip
            return
        board.break_attempts = 0  # "fails to break the counters in three attempts": a foul
        owe(board, laws, side)
        end_turn(rule_set, board)
        return
    board.broken = True
    foul = stroke_foul(board, stroke)
    returns = {"last_opponent": 0 < stroke.opponent == board.on_board[other(side)],
               "last_own_uncovered": last_own_uncovered(board, stroke)}  # fmt: skip
    allowed_before = board.has_pocketed[side]
    board.on_board[side] -= stroke.own
    board.on_board[other(side)] -= stroke.opponent
    board.has_pocketed[side] = board.has_pocketed[side] or stroke.own > 0
    queen(board, laws, stroke, allowed_before, foul)
    if foul:
        foul_returns(board, laws, stroke, returns)
        owe(board, laws, side)
        end_turn(rule_set, board)
        return
    if stroke.own or stroke.queen:
        board.strokes_in_turn += 1
        finish.check_end(rule_set, board, side)
        if not board.over:
            board.follows.append(words.follows(laws.cite("turn"), "plays_on", side=side))
    else:
        end_turn(rule_set, board)


def stroke_foul(board: BoardState, stroke: Stroke) -> str | None:
    """Which of the sheet's fouls the stroke is, if any: the striker pocketed or a stroke against the rules for
    striking, an opponent's piece pocketed, or one's own final piece before the Queen is covered."""
    if stroke.foul or stroke.striker:
        return "striking"
    if stroke.opponent:
        return "opponent"
    if last_own_uncovered(board, stroke):
        return "last_own_uncovered"
    return None


def last_own_uncovered(board: BoardState, stroke: Stroke) -> bool:
    side = board.turn
    awaiting = board.queen == AWAITING_COVER and board.queen_by == side and not board.queen_returns
    covers_now = stroke.queen and board.has_pocketed[side]
    covered = board.queen == COVERED or ((awaiting or covers_now) and stroke.own)
    return bool(stroke.own) and stroke.own == board.on_board[side] and not covered


def queen(board: BoardState, laws, stroke: Stroke, allowed: bool, foul: str | None) -> None:
    side = board.turn
    if stroke.queen:
        board.queen, board.queen_by = AWAITING_COVER, side
        board.queen_returns = not allowed or foul is not None
    if board.queen == AWAITING_COVER and board.queen_by == side and stroke.own and not board.queen_returns:
        board.queen = COVERED  # the Queen and one of her own pieces in the same turn
        board.follows.append(words.follows(laws.cite("queen_covered"), "queen_covered", side=side))


def foul_returns(board: BoardState, laws, stroke: Stroke, returns: dict[str, bool]) -> None:
    """Whatever the foul, the opponent's final piece goes back, and one's own final piece if the Queen is not
    covered ("Fouls")."""
    side = board.turn
    if returns["last_opponent"]:
        board.on_board[other(side)] += 1
        board.follows.append(words.follows(laws.cite("last_opponent"), "back", side=other(side), placer=other(side),
                                           count=1))  # fmt: skip
    if returns["last_own_uncovered"]:
        board.on_board[side] += stroke.own
        board.follows.append(words.follows(laws.cite("last_own_uncovered"), "back", side=side, placer=other(side),
                                           count=stroke.own))  # fmt: skip


def owe(board: BoardState, laws, offender: str) -> None:
    board.fouled_by = offender
    board.dues[offender] += 1
    board.follows.append(words.follows(laws.cite("foul"), "owes", count=1, side=offender, placer=other(offender)))


def end_turn(rule_set, board: BoardState) -> None:
    laws = rule_set.stroke_laws
    side = board.turn
    if board.covering:
        board.queen, board.queen_by = QUEEN_ON_BOARD, None  # returned to the centre by the opponent
        board.follows.append(words.follows(laws.cite("queen_uncovered"), "queen_back"))
    take_out_dues(board, laws)
    board.turn = other(side)
    board.turn_no += 1
    board.strokes_in_turn = 0
    board.follows.append(words.follows(laws.cite("turn"), "turn_passes", side=board.turn))
