"""The umpire's stroke page, for a phone at the table: the board kept now, its state at all times, one tap per
stroke. Each tap is a form that posts and redraws the page (no script needed); static/strokes/strokes.js counts
the stroke clock down and keeps a second tap from posting twice. A refused stroke shows the engine's reason and
changes nothing."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from core.errors import ServiceError
from matches.permissions import MatchRights
from matches.scoring.display import side_names
from matches.scoring.selectors import visible_match
from matches.strokes import display, selectors, services
from matches.strokes.forms import StartForm, StrokeForm, UndoForm

# After each tap the page comes back to the state of the board, on top of the phone's screen.
BOARD = "#board-state"


@login_required
def kept_board(request, slug, match_id):
    match = visible_match(request.user, slug, match_id)
    if not MatchRights(request.user, match).may_score:
        raise PermissionDenied(_("Only the umpire of this match or a referee of the tournament fills its score card."))
    names = side_names(match)
    fouls = match.stage.event.rules.stroke_fouls()
    forms, refusal = {}, None
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            said = save(request, match, action, names, fouls, forms)
        except ServiceError as error:
            refusal = error.message
        else:
            if said is not None:
                if said:
                    messages.success(request, said)
                return redirect(reverse("match-strokes", args=[slug, match.pk]) + BOARD)
            refusal = _("Nothing was recorded: see the form below.")
    page = selectors.stroke_page(match)
    page.update(refusal=refusal, **page_forms(page, names, fouls, forms))
    return render(request, "strokes/board.html", page, status=400 if refusal else 200)


def save(request, match, action, names, fouls, forms):
    """Do the posted action; the message to show, or None when its form (kept in `forms`) is invalid."""
    user = request.user
    if action == "start":
        form = forms["start"] = StartForm(request.POST, names=names)
        if not form.is_valid():
            return None
        services.start_board(match, user=user, breaker=form.cleaned_data["breaker"] or None)
        return display.done("start")
    if action == "undo":
        form = UndoForm(request.POST)
        if not form.is_valid():
            raise ServiceError("stroke", _("Say which stroke to undo: the page shows the last one."))
        services.undo_stroke(match, user=user, seq=form.cleaned_data["seq"])
        return display.done("undo")
    if action == "stroke":
        form = forms["stroke"] = StrokeForm(request.POST, names=names, fouls=fouls)
        if not form.is_valid():
            return None
        played = services.add_stroke(match, form.stroke(), user=user, seq=form.cleaned_data["seq"])
        return display.done("stroke", played, names)
    raise ServiceError("action", _("That action is not on this page; the page shows what is."))


def page_forms(page, names, fouls, bound):
    """The forms of the page, those just refused with their input."""
    board = page.get("board")
    seq = board["next_seq"] if board and "next_seq" in board else 1
    turn = board["state"]["turn"] if board and "state" in board else None
    stroke = bound.get("stroke") or StrokeForm(names=names, fouls=fouls, initial={"seq": seq, "by": turn})
    return {"start_form": bound.get("start") or StartForm(names=names), "stroke_form": stroke}
