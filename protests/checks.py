"""The checks the protest services make before they record anything (ICF 144-148; queen2 ¶18, ¶21): each raises a
`ProtestError` naming the law, so a refused protest leaves nothing behind."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.errors import ServiceError
from matches.permissions import tournament_of
from matches.scoring.scorecard import card_state
from matches.strokes.selectors import record_of
from protests.display import clock, fee_law, window_law
from protests.fees import fee_of
from protests.models import Protest
from protests.selectors import rule_set_of, written_window
from rules.conduct import conduct_laws

FEE = Protest.Fee
S = Protest.Status


class ProtestError(ServiceError):
    """A protest operation the laws refuse; `field` names what is wrong, the message cites the law."""


def check_board(match, game_no, board_no):
    """The protested board is on the score card, or is the board in play. A match that keeps no board-by-board
    card (final scores only) takes the umpire's word."""
    if game_no < 1 or board_no < 1:
        raise ProtestError("board_no", _("Game and board are numbered from 1."))
    played = set(match.boards.filter(voided=False).values_list("game_no", "number"))
    if not played or (game_no, board_no) in played:
        return
    next_up = card_state(match).announcements
    in_play = None if next_up.get("match_over") else (next_up["game"], next_up["next_board"])
    if (game_no, board_no) == in_play:
        return
    if in_play:
        message = _(
            "Game %(game)s has no board %(board)s on this match's score card; the board in play is game "
            "%(game_in_play)s board %(board_in_play)s."
        )
    else:
        message = _("Game %(game)s has no board %(board)s on this match's score card.")
    where = {"game_in_play": in_play[0], "board_in_play": in_play[1]} if in_play else {}
    raise ProtestError("board_no", message % {"game": game_no, "board": board_no, **where})


def check_stroke(match, game_no, board_no, stroke_no):
    """The stroke a protest cites is one of the protested board's, kept stroke by stroke. Returns it (a
    BoardStroke; None when no stroke is cited)."""
    if stroke_no is None:
        return None
    where = {"game": game_no, "board": board_no, "number": stroke_no}
    kept = record_of(match, game_no, board_no)
    if kept is None:
        message = _("Game %(game)s board %(board)s was not kept stroke by stroke: it has no stroke %(number)s to cite.")
        raise ProtestError("stroke_no", message % where)
    stroke = kept.strokes.filter(seq=stroke_no).first()
    if stroke is not None:
        return stroke
    count = kept.strokes.count()
    if count == 0:
        message = _("Game %(game)s board %(board)s has no stroke recorded yet: there is no stroke %(number)s to cite.")
    else:
        message = ngettext(
            "Game %(game)s board %(board)s has %(count)s stroke: there is no stroke %(number)s to cite.",
            "Game %(game)s board %(board)s has %(count)s strokes: there is no stroke %(number)s to cite.",
            count,
        )
    raise ProtestError("stroke_no", message % {**where, "count": count})


def check_stated_end(board_completed_at, at):
    if board_completed_at is not None and board_completed_at > at:
        raise ProtestError(
            "board_completed_at",
            _("The board cannot have ended after %(time)s, when this is logged.") % {"time": clock(at)},
        )


def check_protests_offered(rule_set):
    """A rule set whose texts lay down no protest (ECC: self-umpired; office) offers none, and says why."""
    if rule_set.protest_window_minutes is None:
        reason = rule_set.no_protest_reason or _("The %(rules)s lay down no protest procedure.") % {
            "rules": rule_set.name
        }
        raise ProtestError("match", str(reason))


def check_fee(match, rule_set, fee_paid):
    """ICF 145 (queen2 ¶21): the tournament's scrutiny fee, paid with the oral protest; else a refusal naming the
    law. Nothing is withheld or kept waiting for a later payment."""
    fee = fee_of(tournament_of(match))
    if fee is None:
        raise ProtestError(
            "fee_paid",
            _(
                "%(law)s: no protest is entertained without payment of the scrutiny fee, and this tournament has "
                "no scrutiny fee set yet; a secretary sets it first. Nothing is recorded."
            )
            % {"law": fee_law(rule_set)},
        )
    if not fee_paid:
        raise ProtestError(
            "fee_paid",
            _(
                "%(law)s: no protest is entertained without payment of the scrutiny fee (%(amount)s %(currency)s). "
                "The protest is refused; nothing is recorded."
            )
            % {"law": fee_law(rule_set), "amount": fee.fee_amount, "currency": fee.fee_currency},
        )
    return fee


def check_outcome(protest, outcome, at):
    """What an oral protest (its written form awaited) may get: rejection as abusive at any time (ICF 148);
    plain rejection once its window has passed (ICF 146), or at once if it was logged without its fee (ICF 145);
    nothing else until it is lodged. A lodged protest may get any outcome."""
    rule_set = rule_set_of(protest.match)
    if outcome == "abusive" and abusive_law(rule_set) is None:
        raise ProtestError("outcome", str(conduct_laws(rule_set).refusal("abusive_protest")))
    if protest.status != S.ORAL or outcome == "abusive":
        return
    if outcome == "rejected" and protest.fee_status == FEE.UNPAID:
        return
    deadline, window_passed = written_window(protest, at)
    if outcome == "rejected" and window_passed:
        return
    values = {"law": window_law(rule_set), "deadline": clock(deadline) if deadline else ""}
    if deadline:
        message = _(
            "%(law)s: this protest awaits its written form; it is decided once lodged, or rejected after "
            "%(deadline)s if it does not come."
        )
    else:
        message = _(
            "%(law)s: this protest awaits its written form; it is decided once lodged, or rejected once its "
            "window has passed."
        )
    raise ProtestError("outcome", message % values)


def abusive_law(rule_set):
    """ICF 148 as the rule set has it (queen2 ¶21 takes it from the ICF laws), or None (ECC, office)."""
    return conduct_laws(rule_set).abusive_protest
