"""When a board kept stroke by stroke is over, and the ``BoardInput`` it hands to the board-level scoring: the
special finishes of ICF 102-112 and 121(b) recognised from the stroke that makes them, the ordinary finish of
ICF 52(a), and queen2's Queen left last (¶9). The points are always ``rule_set.score_board``'s: both routes give
the same ``BoardResult`` by construction, and the property tests check the inputs agree."""

from __future__ import annotations

from rules.board import SIDES, BoardInput, SpecialEnding, other
from rules.strokes import words
from rules.strokes.state import AWAITING_COVER, COVERED, HELD, QUEEN_ON_BOARD, BoardState, Stroke

# Readings where a stroke fits no special finish word for word (rules/README.md, "Strokes"):
# - the last c/m of both players with the Striker while the Queen is on the board (or awaiting its cover, which
#   the Striker undoes, ICF 100-101): ICF 108, "pockets his last c/m along with the Striker leaving the Queen";
# - ECC has no ICF 103: covering with the opponent's last c/m is read as ECC 96 (the Queen not yet covered).
FALLBACK = {"cover_last_opp": "last_opp_queen_on_board"}


def situation_of(board: BoardState, stroke: Stroke) -> str | None:
    """The special finish this stroke makes, judged on the board before it; None for an ordinary stroke."""
    side = board.turn
    # ICF 72(c), 78(a): a Due still outstanding is taken out once the stroke is over, so a player who owes one
    # has not pocketed his last c/m yet.
    last_own = 0 < stroke.own == board.on_board[side] and not board.dues[side]
    last_opponent = 0 < stroke.opponent == board.on_board[other(side)] and not board.dues[other(side)]
    if not (last_own or last_opponent):
        return None
    covering = board.covering
    covered_before = board.queen in (COVERED, HELD)
    queen_lies = not covered_before and not covering and not stroke.queen
    if last_own and last_opponent:
        if stroke.queen:
            return "queen_last_own_last_opp_with_striker" if stroke.striker else "queen_last_own_last_opp"  # 109, 104
        if (covering or queen_lies) and stroke.striker:
            return "last_own_with_striker_queen_on_board"  # 108 (reading above)
        if covering:
            return "cover_last_own_and_last_opp"  # 102
        if queen_lies:
            return "last_own_last_opp_queen_on_board"  # 105
        if stroke.striker:
            mine = board.queen_by == side
            return (
                "last_own_last_opp_with_striker_queen_covered_by_striker"  # 110
                if mine
                else "last_own_last_opp_with_striker_queen_covered_by_opponent"  # 112
            )
        return None  # both finished, the Queen covered: he finished first (ICF 52(a))
    if last_own:
        if queen_lies:
            return "last_own_with_striker_queen_on_board" if stroke.striker else "last_own_queen_on_board"  # 108, 107
        return None  # covered (97(a)), covering, or the Striker brings his c/m back (73, 98(a), 101(a))
    if covered_before:
        return None  # the opponent has finished: ICF 52(a)
    if stroke.striker:
        return "last_opp_with_striker_queen_on_board"  # 111
    if covering or (stroke.queen and stroke.own):
        return "cover_last_opp"  # 103: "while covering", also with the Queen covered in this stroke (97(a))
    return "last_opp_queen_on_board"  # 106


def special(rule_set, board: BoardState, stroke: Stroke) -> bool:
    """End the board if ``stroke`` makes a special finish this rule set has; False otherwise."""
    situation = situation_of(board, stroke)
    if situation is not None and situation not in rule_set.special_endings:
        situation = FALLBACK.get(situation)
    if situation is None or situation not in rule_set.special_endings:
        return False
    side = board.turn
    if stroke.striker or stroke.foul:
        board.fouled_by = side
    coins_left = board.on_board[side] - stroke.own
    ending = SpecialEnding(
        situation,
        striker=side,
        stroke="improper" if stroke.foul else "proper",
        striker_coins_left=coins_left,
        additional_points_demanded=stroke.additional_points_demanded,
    )
    end(rule_set, board, BoardInput(special_ending=ending, queen=queen_word(board), **common(board)))
    return True


def board_lost(rule_set, board: BoardState, offender: str, foul) -> None:
    """ICF 121(b): the player who plays on during an appeal loses the board by his c/m and the Queen if it lies
    on the board."""
    board.fouled_by = offender
    ending = SpecialEnding("plays_on_during_appeal", striker=offender, striker_coins_left=board.on_board[offender])
    end(rule_set, board, BoardInput(special_ending=ending, queen=queen_word(board), **common(board)))


def check_end(rule_set, board: BoardState, striker: str) -> None:
    """After a stroke: a player with no c/m left has finished (ICF 52(a)), unless the Queen still lies on the
    board where the board goes on (queen2 ¶9)."""
    first = still_finished(board)
    empty = [side for side in SIDES if board.on_board[side] == 0]
    if not empty:
        return
    if board.queen in (QUEEN_ON_BOARD, AWAITING_COVER):
        if first is None:
            board.finished_first = striker if striker in empty else empty[0]
            law = rule_set.stroke_laws.cites.get("queen_last", rule_set.cite("winner"))
            board.follows.append(words.follows(law, "queen_last", side=board.finished_first))
        return
    if first is not None and board.queen_by != first and len(empty) == 1:
        # queen2 ¶9: "He can continue his turn if c/m remains on the board after pocketing the queen"; he wins
        # only once all his c/m are pocketed too, and loses if his turn ends first (turn_ends).
        return
    winner = striker if len(empty) == 2 else empty[0]
    finish_ordinary(rule_set, board, winner)


def turn_ends(rule_set, board: BoardState) -> None:
    """queen2 ¶9: once a player has pocketed all his c/m with the Queen on the board, his opponent must pocket
    the Queen and all his own c/m in his turn; "he will lose the board if he fails"."""
    first = still_finished(board)
    if first is not None and board.turn != first and not board.over:
        finish_ordinary(rule_set, board, first)


def still_finished(board: BoardState) -> str | None:
    """The player who has pocketed all his c/m with the Queen on the board (queen2 ¶9), if he still has: a Due
    taken out since (his Striker pocketed, a foul; ICF 72(c), 78(a) by queen2 ¶21) puts a c/m of his back on
    the board, and the board goes on as before."""
    if board.finished_first is not None and board.on_board[board.finished_first]:
        board.finished_first = None
    return board.finished_first


def finish_ordinary(rule_set, board: BoardState, winner: str) -> None:
    loser = other(winner)
    if board.queen in (COVERED, HELD):
        queen = "covered_by_winner" if board.queen_by == winner else "covered_by_loser"
    else:
        queen = None  # queen2 ¶9: the Queen left on the board is nobody's
    board_input = BoardInput(
        winner=winner,
        coins_left_of_loser=board.on_board[loser],
        queen=queen,
        loser_outstanding_dues=board.dues[loser],  # ICF 55: written off
        slam=slam_of(board, winner, queen),
        **common(board),
    )
    end(rule_set, board, board_input)


def slam_of(board: BoardState, winner: str, queen: str | None) -> str | None:
    """ICF 26: all his c/m (and, for white, the Queen) in the first turn of play; the breaker's is white, his
    opponent's black, in the opponent's first turn."""
    if winner == board.breaker and board.turn_no == 1 and queen == "covered_by_winner":
        return "white"
    if winner != board.breaker and board.turn_no == 2 and queen is not None:
        return "black"
    return None


def common(board: BoardState) -> dict:
    return {"scores_before": dict(board.scores_before), "breaker": board.breaker}


def queen_word(board: BoardState) -> str | None:
    return QUEEN_ON_BOARD if board.queen in (QUEEN_ON_BOARD, AWAITING_COVER) else None


def end(rule_set, board: BoardState, board_input: BoardInput) -> None:
    result = rule_set.score_board(board_input)
    board.board_input, board.result = board_input, result
    board.follows.append(words.follows(result.law, "over", side=result.awarded_to, count=result.points))
