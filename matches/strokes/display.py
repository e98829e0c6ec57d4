"""Wording of the board kept stroke by stroke: the state of the board, each stroke and what the engine says of the
board's end, with the players' names."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

COLOURS = {"white": pgettext_lazy("carrom men", "White"), "black": pgettext_lazy("carrom men", "Black")}
QUEEN = {
    "on_board": gettext_lazy("The queen is on the board."),
    "awaiting_cover": gettext_lazy("Queen pocketed by %(player)s: to be covered."),
    "covered": gettext_lazy("Queen covered by %(player)s."),
    "held": gettext_lazy("Queen held by %(player)s."),
}


def queen_text(state, names):
    """Where the queen is (state: rules.strokes.BoardState.as_dict())."""
    words = QUEEN.get(state.get("queen")) or QUEEN["on_board"]
    return str(words) % {"player": names.get(state.get("queen_by"), "—")}


def sides(state, names):
    """The two sides of the board as the page shows them: name, colour, c/m left, dues, whose turn."""
    return [
        {
            "key": side,
            "name": names[side],
            "colour": state["colours"].get(side, ""),
            "colour_name": COLOURS.get(state["colours"].get(side), ""),
            "on_board": state["on_board"].get(side, 0),
            "dues": state["dues"].get(side, 0),
            "turn": not state["over"] and state["turn"] == side,
            "queen": state.get("queen") in ("covered", "held", "awaiting_cover") and state.get("queen_by") == side,
        }
        for side in ("A", "B")
    ]


def pocketed(stroke):
    """What went into the pockets in a stroke, in words."""
    parts = []
    if stroke.get("own"):
        parts.append(ngettext("%(count)s own c/m", "%(count)s own c/m", stroke["own"]) % {"count": stroke["own"]})
    if stroke.get("opponent"):
        count = stroke["opponent"]
        parts.append(ngettext("%(count)s opponent's c/m", "%(count)s opponent's c/m", count) % {"count": count})
    if stroke.get("queen"):
        parts.append(_("the queen"))
    if stroke.get("striker"):
        parts.append(_("the striker"))
    return parts


def stroke_words(stroke, striker, names, fouls):
    """One stroke in words: "Anil: 2 own c/m, the queen"; "Foul by Bharat: touched a c/m in play (ICF 76)".
    `striker`: the side whose turn it was; `fouls`: the rule set's fouls by key."""
    if stroke.get("kind") == "time_out":
        return _("%(player)s: time-out") % {"player": names.get(striker, "—")}
    if stroke.get("kind") == "foul":
        player = names.get(stroke.get("by") or striker, "—")
        return _("Foul by %(player)s: %(foul)s") % {"player": player, "foul": foul_name(stroke.get("foul"), fouls)}
    parts = pocketed(stroke) or [_("nothing pocketed")]
    if stroke.get("missed"):
        parts = [_("break attempt that touched no c/m")]
    if stroke.get("foul"):
        parts.append(_("improper: %(foul)s") % {"foul": foul_name(stroke["foul"], fouls)})
    if stroke.get("additional_points_demanded"):
        count = stroke["additional_points_demanded"]
        parts.append(
            ngettext("%(count)s additional point demanded", "%(count)s additional points demanded", count)
            % {"count": count}
        )
    return _("%(player)s: %(what)s") % {"player": names.get(striker, "—"), "what": ", ".join(parts)}


def foul_name(key, fouls):
    foul = fouls.get(key)
    if foul is None:
        return key or _("foul")
    return _("%(foul)s (%(law)s)") % {"foul": foul.description, "law": foul.law}


def result_text(result, names):
    """The engine's result of the board: "Anil wins the board: 5 points (ICF 53)"."""
    awarded = result.get("awarded_to")
    if awarded is None:
        return _("The board is over: no points (%(law)s).") % {"law": result.get("law", "")}
    return _("%(player)s takes the board: %(points)s points (%(law)s).") % {
        "player": names.get(awarded, awarded),
        "points": result.get("points", 0),
        "law": result.get("law", ""),
    }


def done(action, played=None, names=None):
    """What the page says once a tap is done (a stroke needs no words: the board shows it)."""
    if action == "start":
        return _("Keeping this board stroke by stroke: the clock runs from each stroke.")
    if action == "undo":
        return _("The last stroke is undone.")
    if played is not None and played.result is not None:
        return _("The board is over and on the card. %(result)s") % {
            "result": result_text(played.result.as_dict(), names)
        }
    return ""
