"""One stroke under the ICF laws and the laws built on them (ECC, queen2): what the stroke costs, whose turn
follows, where the Queen goes. The special finishes and the end of the board are ``rules.strokes.finish``.

The stroke is judged from the board as it stood before it; its consequences are applied together once it is
complete (ICF 78(a): "only after the completion of the stroke"): c/m that come back, dues taken out as soon as
one is available (ICF 72(c)), the Queen placed again (ICF 93), the turn."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.board import MAX_COINS, other
from rules.strokes import finish, words
from rules.strokes.laws import BOARD_LOST, FOUL, TECHNICAL
from rules.strokes.state import AWAITING_COVER, HELD, QUEEN_ON_BOARD, BoardState, Stroke


@dataclass
class Cost:
    """What one stroke or foul brings about, gathered before it is applied."""

    law: str = ""
    own_back: int = 0
    queen_back: bool = False
    owed: int = 0
    owed_by: str | None = None
    keeps_turn: bool = False
    extra: list[tuple[str, str]] = field(default_factory=list)
    said: str | None = None  # what the umpire hears when nothing else follows but the turn (words.SIMPLE)


def advance(rule_set, board: BoardState, stroke: Stroke) -> None:
    """Advance ``board`` (a copy) by ``stroke``, already checked by ``rules.strokes.checks``."""
    laws = rule_set.stroke_laws
    striker = board.turn
    if stroke.kind == "time_out":
        apply(rule_set, board, time_out(laws, board))
    elif stroke.kind == "foul":
        named_foul(rule_set, board, stroke)
    elif not board.broken and (stroke.missed or (stroke.foul and not stroke.pockets_anything)):
        break_attempt(rule_set, board, stroke)
    else:
        board.broken = True
        if finish.special(rule_set, board, stroke):
            return
        pocket(board, stroke)
        apply(rule_set, board, stroke_cost(laws, board, stroke))
    if not board.over:
        finish.check_end(rule_set, board, striker)
    if not board.over and board.broken and board.turn == striker:
        board.follows.append(words.follows(laws.cite("turn"), "plays_on", side=striker))


def pocket(board: BoardState, stroke: Stroke) -> None:
    striker, opponent = board.turn, other(board.turn)
    board.on_board[striker] -= stroke.own
    board.on_board[opponent] -= stroke.opponent
    # ICF 92, 95(a): "a c/m of his own has already been pocketed" (by either player: the text does not say whom).
    for side, count in ((striker, stroke.own), (opponent, stroke.opponent)):
        board.has_pocketed[side] = board.has_pocketed[side] or count > 0


def stroke_cost(laws, board: BoardState, stroke: Stroke) -> Cost:
    if stroke.foul:
        return improper_cost(laws, board, stroke)
    if stroke.queen:
        return queen_cost(laws, board, stroke)
    if board.covering:
        return cover_cost(laws, board, stroke)
    return plain_cost(laws, stroke)


def plain_cost(laws, stroke: Stroke) -> Cost:
    cite = laws.cite
    if stroke.striker and stroke.own:
        # ICF 73, 75: his own c/m come back with a Due; he plays on (the opponent's stay pocketed).
        return Cost(cite("striker_both" if stroke.opponent else "striker_own"), own_back=stroke.own, owed=1,
                    keeps_turn=True)  # fmt: skip
    if stroke.striker:
        return Cost(cite("striker_opponent" if stroke.opponent else "striker"), owed=1)  # ICF 72(a), 74
    if stroke.own:
        return Cost(cite("turn"), keeps_turn=True)  # ICF 48
    # ICF 48, 125(a): the opponent's c/m alone end the turn; they stay pocketed.
    return Cost(cite("turn"), said="opponent_only" if stroke.opponent else "nothing")


def improper_cost(laws, board: BoardState, stroke: Stroke) -> Cost:
    """ICF 64(b): what he pocketed of his own and the Queen comes back with a penalty c/m (and a Due for the
    Striker); the opponent's c/m stay pocketed (ICF 76); the turn is lost. Each case cites its own law."""
    covering = board.covering
    if stroke.queen:
        topic = "queen_own_striker_improper" if stroke.own else "queen_striker_improper"
        topic = topic if stroke.striker else "improper"
    elif stroke.striker and stroke.own:
        topic = "cover_own_striker_improper" if covering else "improper_own_striker"
    elif stroke.striker:
        topic = "cover_striker_improper" if covering and not stroke.opponent else "striker_improper"
    elif stroke.own:
        topic = "improper_own"
    elif stroke.opponent:
        topic = "improper_opponent"
    else:
        topic = "foul"
    owed = 2 if stroke.striker else 1
    return Cost(laws.cite(topic), own_back=stroke.own, queen_back=stroke.queen or covering, owed=owed)


def queen_cost(laws, board: BoardState, stroke: Stroke) -> Cost:
    cite = laws.cite
    side = board.turn
    nine = board.on_board[side] + stroke.own == MAX_COINS  # all nine on the board before the stroke
    if stroke.striker:
        if nine and not stroke.own:
            return Cost(cite("queen_striker_nine"), queen_back=True, owed=1)  # ICF 95(d)
        topic = "queen_own_striker" if stroke.own else "queen_striker"  # ICF 98(a), 99(a): he plays on
        return Cost(cite(topic), own_back=stroke.own, queen_back=True, owed=1, keeps_turn=True)
    if board.dues[side]:
        return Cost(cite("queen_due"), queen_back=True)  # ICF 95(b)
    if not board.has_pocketed[side]:
        return Cost(cite("queen_first"), queen_back=True)  # ICF 92, 95(a); 95(c): recovered dues do not count
    board.queen_by = side
    if laws.queen_cover == "none":
        board.queen = HELD  # queen2 ¶5: no cover
        return Cost(cite("queen_held"), keeps_turn=True, extra=[(cite("queen_held"), "held")])
    if stroke.own >= 2 or (stroke.own == 1 and not nine):
        board.queen = "covered"  # ICF 97(a)
        return Cost(cite("queen_covered"), keeps_turn=True, extra=[(cite("queen_covered"), "covered")])
    board.queen = AWAITING_COVER  # ICF 92, 97(b): he must cover it with his next stroke
    topic = "queen_nine_one" if stroke.own else "queen_right"
    # The law that asks for the cover (97(b) "has to be covered") beside the one that says when (ICF 15).
    return Cost(cite(topic), keeps_turn=True, extra=[(f"{cite(topic)}, {cite('queen_cover')}", "awaiting")])


def cover_cost(laws, board: BoardState, stroke: Stroke) -> Cost:
    """The stroke after the Queen was pocketed (ICF 15: the cover is in "the same or immediate subsequent
    stroke")."""
    cite = laws.cite
    if stroke.striker and stroke.own:
        # ICF 101(a): his c/m come back with a Due, he plays on and may still cover with the next stroke.
        return Cost(cite("cover_own_striker"), own_back=stroke.own, owed=1, keeps_turn=True,
                    extra=[(cite("cover_own_striker"), "awaiting")])  # fmt: skip
    if stroke.striker:
        topic = "striker_opponent" if stroke.opponent else "cover_striker"  # ICF 100(a); 74 and no cover
        return Cost(cite(topic), queen_back=True, owed=1)
    if stroke.own:
        board.queen = "covered"
        return Cost(cite("queen_cover"), keeps_turn=True, extra=[(cite("queen_cover"), "covered")])
    return Cost(cite("queen_uncovered"), queen_back=True)  # ICF 96


def time_out(laws, board: BoardState) -> Cost:
    if laws.time_out == "foul":
        return Cost(laws.cite("time_out"), owed=1, queen_back=awaiting_own(board))  # ICF 50 broken: ICF 64(a)
    return Cost(laws.cite("time_out"), queen_back=awaiting_own(board), said="time_out")  # ECC 30: the turn is lost


def awaiting_own(board: BoardState) -> bool:
    """A turn that ends before the Queen is covered sends it back (ICF 96)."""
    return board.covering


def named_foul(rule_set, board: BoardState, stroke: Stroke) -> None:
    foul = rule_set.stroke_laws.foul(stroke.foul)
    offender = stroke.by or board.turn
    if foul.effect == BOARD_LOST:
        finish.board_lost(rule_set, board, offender, foul)
        return
    # ICF 63(b): a foul by the player not having the turn is a technical foul; the turn goes on (and that law
    # is the one cited, whatever the foul's own law).
    out_of_turn = offender != board.turn
    if not out_of_turn:
        foul = by_timing(rule_set.stroke_laws, foul, board)
    technical = foul.effect == TECHNICAL or out_of_turn
    law = rule_set.stroke_laws.cite("foul_out_of_turn") if out_of_turn else foul.law
    strokes_made = board.strokes_in_turn
    apply(rule_set, board, Cost(law, owed=1, owed_by=offender, keeps_turn=technical,
                                queen_back=not technical and awaiting_own(board)))  # fmt: skip
    if technical:
        board.strokes_in_turn = strokes_made  # a foul is no stroke: "before the first stroke" still holds


def by_timing(laws, foul, board: BoardState):
    """ICF 63(a), 64(a): the law, not the name given, decides: a violation before the first stroke of his turn
    is a Technical Foul (his turn continues), during or after it a Foul (the turn is lost). Laws without a
    technical foul (ECC 43) keep the foul as named."""
    if foul.effect not in (TECHNICAL, FOUL):
        return foul
    wanted = TECHNICAL if board.strokes_in_turn == 0 else FOUL
    return next((item for item in laws.fouls if item.effect == wanted), foul)


def break_attempt(rule_set, board: BoardState, stroke: Stroke) -> None:
    """ICF 44, 45: a break that touches no c/m is not made; two more chances, then the turn passes and the
    opponent breaks with the black c/m. An improper attempt, or the Striker pocketed, loses the turn without
    a Due (ICF 45(c))."""
    laws = rule_set.stroke_laws
    if stroke.striker or stroke.foul:
        board.break_attempts, board.fouled_by = 0, board.turn  # a foul, though it costs no Due
        board.follows.append(words.follows(laws.cite("break_improper"), "no_due"))
        pass_turn(rule_set, board)
        return
    board.break_attempts += 1
    left = laws.break_chances - board.break_attempts
    if left > 0:
        board.follows.append(words.follows(laws.cite("break"), "break_again", count=left))
        board.strokes_in_turn += 1
        return
    board.break_attempts = 0
    board.follows.append(words.follows(laws.cite("break_lost"), "break_lost", side=other(board.turn)))
    pass_turn(rule_set, board)


def apply(rule_set, board: BoardState, cost: Cost) -> None:
    laws = rule_set.stroke_laws
    side = board.turn
    offender = cost.owed_by or side
    if cost.own_back:
        board.on_board[side] += cost.own_back
        board.follows.append(words.follows(cost.law, "back", count=cost.own_back, side=side, placer=other(side)))
    for law, event in cost.extra:
        board.follows.append(words.follows(law, f"queen_{event}", side=side))
    if cost.queen_back:  # ICF 93: the Umpire places it in the Centre Circle
        board.queen, board.queen_by = QUEEN_ON_BOARD, None
        # The law that takes the Queen out (ICF 95(a), 96, 99(a), ...) beside the one that places it (ICF 93).
        placed = laws.cite("queen_placed")
        law = f"{cost.law}, {placed}" if cost.law and cost.law != placed else placed
        board.follows.append(words.follows(law, "queen_back"))
    if cost.owed:
        board.fouled_by = offender
        board.dues[offender] += cost.owed
        board.follows.append(words.follows(cost.law, "owes", count=cost.owed, side=offender, placer=other(offender)))
    take_out_dues(board, laws)
    if cost.keeps_turn:
        board.strokes_in_turn += 1
    else:
        if cost.said:
            board.follows.append(words.follows(cost.law, cost.said, side=side))
        pass_turn(rule_set, board)


def take_out_dues(board: BoardState, laws) -> None:
    """ICF 72(c), 78(a): a Due or penalty c/m is taken out as soon as one of that player's c/m is in a pocket."""
    for side in sorted(board.dues):
        available = MAX_COINS - board.on_board[side]
        taken = min(board.dues[side], available)
        if taken:
            board.dues[side] -= taken
            board.on_board[side] += taken
            board.follows.append(
                words.follows(laws.cite("placing"), "taken_out", count=taken, side=side, placer=other(side))
            )
        if board.dues[side]:
            board.follows.append(words.follows(laws.cite("outstanding"), "outstanding", count=board.dues[side],
                                               side=side))  # fmt: skip


def pass_turn(rule_set, board: BoardState) -> None:
    laws = rule_set.stroke_laws
    if awaiting_own(board):  # ICF 96: not covered in the turn it was pocketed
        board.queen, board.queen_by = QUEEN_ON_BOARD, None
        board.follows.append(words.follows(laws.cite("queen_uncovered"), "queen_back"))
    finish.turn_ends(rule_set, board)
    board.turn = other(board.turn)
    board.turn_no += 1
    board.strokes_in_turn = 0
    if not board.over:
        board.follows.append(words.follows(laws.cite("turn"), "turn_passes", side=board.turn))
