"""A stroke the board cannot have seen is refused with the reason and the law, before it changes anything."""

from __future__ import annotations

from rules.board import SIDES, other
from rules.errors import RuleError
from rules.strokes.laws import IMPROPER
from rules.strokes.state import COVERED, KINDS, QUEEN_ON_BOARD, BoardState, Stroke
from rules.translation import gettext as _

FIELD = "strokes"


def refuse(message: str, **values) -> RuleError:
    return RuleError(FIELD, message % values)


def check(rule_set, board: BoardState, stroke: Stroke) -> None:
    laws = rule_set.stroke_laws
    if board.over:
        raise refuse(_("%(law)s: the board is over; no stroke follows"), law=laws.cite("over"))
    if stroke.kind not in KINDS:
        raise refuse(_("a stroke's kind is one of %(kinds)s"), kinds=", ".join(KINDS))
    for name in ("queen", "striker", "missed"):
        if not isinstance(getattr(stroke, name), bool):
            raise refuse(_("'%(name)s' is true or false"), name=name)
    for name in ("own", "opponent", "additional_points_demanded"):
        value = getattr(stroke, name)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise refuse(_("'%(name)s' is a whole number, 0 or more"), name=name)
    if stroke.by is not None and stroke.by not in SIDES:
        raise refuse(_("'by' is 'A' or 'B'"))
    if stroke.kind == "stroke":
        check_pocketing(rule_set, board, stroke)
    elif stroke.kind == "foul":
        foul = laws.foul(stroke.foul)
        if foul is None or foul.effect == IMPROPER:
            keys = ", ".join(f.key for f in laws.fouls if f.effect != IMPROPER) or "-"
            raise refuse(_("%(law)s: no such foul; one of %(keys)s"), law=laws.cite("foul"), keys=keys)
    elif laws.time_out is None:
        raise refuse(_("%(law)s: the rules set no stroke clock, so there is no time-out"), law=laws.cite("turn"))


def check_pocketing(rule_set, board: BoardState, stroke: Stroke) -> None:
    laws = rule_set.stroke_laws
    side = board.turn
    for name, owner in (("own", side), ("opponent", other(side))):
        count, left = getattr(stroke, name), board.on_board[owner]
        if count > left:
            raise refuse(
                _("%(law)s: %(count)s c/m of %(owner)s pocketed, but only %(left)s are on the board"),
                law=laws.cite("coins"), count=count, owner=owner, left=left,
            )  # fmt: skip
    if stroke.queen and board.queen != QUEEN_ON_BOARD:
        raise refuse(_("%(law)s: the Queen is not on the board"), law=laws.cite("queen_right"))
    if stroke.foul is not None:
        foul = laws.foul(stroke.foul)
        if foul is None or foul.effect != IMPROPER:
            keys = ", ".join(f.key for f in laws.fouls if f.effect == IMPROPER)
            if not keys:
                raise refuse(_("%(law)s: these laws have no improper stroke; record the foul on its own"),
                             law=laws.cite("foul"))  # fmt: skip
            raise refuse(_("%(law)s: an improper stroke names one of %(keys)s"), law=laws.cite("foul"), keys=keys)
    if stroke.missed and (board.broken or stroke.own or stroke.opponent or stroke.queen):
        raise refuse(_("%(law)s: only a break attempt that touched no c/m is missed"), law=laws.cite("break"))
    if stroke.covers:
        awaiting = board.covering
        if not (awaiting or stroke.queen):
            raise refuse(_("%(law)s: no Queen is pocketed to cover"), law=laws.cite("queen_cover"))
        if not stroke.own:
            raise refuse(_("%(law)s: a cover pockets one of his own c/m"), law=laws.cite("queen_cover"))


def check_cover(rule_set, before: BoardState, stroke: Stroke, after: BoardState) -> None:
    """An umpire who says the stroke covers the Queen is told when the laws say it does not, and why (the laws
    the stroke's consequences cite, e.g. ICF 101(a), 97(b), 95(b))."""
    if not stroke.covers:
        return
    laws = rule_set.stroke_laws
    if laws.queen_cover == "none":
        raise refuse(_("%(law)s: the Queen needs no cover under these laws"), law=laws.cite("queen_held"))
    if after.queen == COVERED and after.queen_by == before.turn:
        return
    if after.over and after.board_input is not None and after.board_input.queen == "covered_by_winner":
        return
    cited = ", ".join(dict.fromkeys(item.law for item in after.follows)) or laws.cite("queen_cover")
    raise refuse(_("%(law)s: this stroke does not cover the Queen"), law=cited)
