"""What follows a stroke, in words the umpire reads out (the law is cited beside each)."""

from rules.strokes.state import Follows
from rules.translation import gettext as _
from rules.translation import ngettext


def follows(law: str, event: str, side: str = "", placer: str = "", count: int = 0) -> Follows:
    return Follows(str(law), text(event, side=side, placer=placer, count=count))


def text(event: str, side: str, placer: str, count: int) -> str:
    values = {"side": side, "placer": placer, "count": count}
    if event == "back":
        return (
            ngettext(
                "The c/m %(side)s pocketed comes back: %(placer)s places it",
                "The %(count)s c/m %(side)s pocketed come back: %(placer)s places them",
                count,
            )
            % values
        )
    if event == "owes":
        return (
            ngettext(
                "%(side)s owes %(count)s c/m (Due or penalty), placed by %(placer)s",
                "%(side)s owes %(count)s c/m (Due and penalty), placed by %(placer)s",
                count,
            )
            % values
        )
    if event == "taken_out":
        return (
            ngettext(
                "%(placer)s takes out %(count)s c/m of %(side)s and places it within the Outer Circle",
                "%(placer)s takes out %(count)s c/m of %(side)s and places them within the Outer Circle",
                count,
            )
            % values
        )
    if event == "outstanding":
        return (
            ngettext(
                "%(side)s still owes %(count)s c/m: it is taken out as soon as one is pocketed",
                "%(side)s still owes %(count)s c/m: they are taken out as soon as they are pocketed",
                count,
            )
            % values
        )
    if event == "break_again":
        return (
            ngettext(
                "The break is not made: %(count)s more chance", "The break is not made: %(count)s more chances", count
            )
            % values
        )
    if event == "over":
        return (
            ngettext(
                "The board is over: %(side)s scores %(count)s point",
                "The board is over: %(side)s scores %(count)s points",
                count,
            )
            % values
        )
    return SIMPLE[event]() % values


SIMPLE = {
    "queen_back": lambda: _("The Queen is taken out and placed in the Centre Circle"),
    "queen_awaiting": lambda: _("%(side)s must cover the Queen with the next stroke"),
    "queen_covered": lambda: _("The Queen is covered by %(side)s"),
    "queen_held": lambda: _("%(side)s holds the Queen"),
    "queen_last": lambda: _("%(side)s has pocketed all his c/m: the board goes on while the Queen is on the board"),
    "plays_on": lambda: _("%(side)s plays on"),
    "turn_passes": lambda: _("The turn passes to %(side)s"),
    "nothing": lambda: _("Nothing pocketed"),
    "opponent_only": lambda: _("Only the opponent's c/m pocketed: they stay pocketed and the turn ends"),
    "time_out": lambda: _("The stroke was not made in time: the turn is lost"),
    "no_due": lambda: _("The break attempt loses the turn, without a Due"),
    "break_lost": lambda: _("The right to break passes to %(side)s"),
}
