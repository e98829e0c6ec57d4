"""Match pages: the public match page with its read-only score card, the umpire's score card page (toss, boards,
game-level entries, start, final score only, confirm), the match's history for the tournament's officials, and the
secretary's result entry from the stage page.

Each POST on the card page names its action; the view validates that action's form, checks the permission, calls
one service and redirects. A refusal shows the page again with the form, its input and the law's message. What the
pages show is built by scoring.selectors, in scoring.display's words."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from core.errors import Conflict, ServiceError
from core.live import live_fragment
from core.page_cache import public_page
from matches.permissions import MatchRights, can_score, is_official
from matches.scoring import display, scorecard, selectors, services
from matches.services import change_status
from matches.ties.selectors import tie_sheet
from matches.ties.services import is_tie
from stages.display import result_text
from stages.forms import ResultForm
from stages.models import Match
from stages.rules_round import score_example_of
from stages.scoping import secretary_stage
from tournaments.permissions import is_umpire
from tournaments.scoping import visible_tournament

S = Match.Status
# Where the score card page comes back after an entry: the next entry in view, not the top of the page (on a phone
# the header, the clock and the announcements push "Enter board N" below the fold).
ENTRY = "#entry"

# ---------------------------------------------------------------- public match page


@public_page(params=("fragment",), live=True)
def match_detail(request, slug, match_id):
    """The public match page; `?fragment=1` answers its score card section only (the page refreshes it)."""
    match = selectors.visible_match(request.user, slug, match_id)
    context = selectors.score_card(match)
    if request.GET.get("fragment"):  # static/js/live.js polls it; 204 while nothing changed
        return live_fragment(request, render_to_string("scoring/_scorecard.html", context, request))
    context.update(
        tournament=match.stage.event.tournament,
        can_score=can_score(request.user, match),
        is_official=is_official(request.user, match),
    )
    if is_tie(match):  # a team tie: its rubbers and line-ups instead of a score card of its own
        context["sheet"] = tie_sheet(match, official=context["is_official"])
    return render(request, "scoring/match_detail.html", context)


# ---------------------------------------------------------------- the umpire's score card page


def save_toss(match, form, user):
    data = form.cleaned_data
    services.record_toss(match, data["winner"], data["choice"], user=user)


def save_board(match, form, user):
    data = form.cleaned_data
    scorecard.add_board(match, data["game"], form.board_data(), user=user, board_no=data["board"])


def save_game_entry(kind):
    """Save a game-level entry of kind `kind` (scoring.scorecard.GAME_ENTRIES) from its form."""

    def save(match, form, user):
        scorecard.add_game_entry(match, form.cleaned_data["game"], kind, form.entry(), user=user)

    return save


def save_final(match, form, user):
    services.record_result(match, form.cleaned_data["games"], user=user)


SAVES = {
    "toss": save_toss,
    "board": save_board,
    "tie_breaker": save_game_entry("tie_breaker"),
    "sudden_death": save_game_entry("sudden_death"),
    "unfinished": save_game_entry("unfinished_board_at_second_bell"),
    "final": save_final,
}


def start_or_confirm(rights, action):
    """Start the match, or confirm its result (self-umpired: the other side's player)."""
    match, user = rights.match, rights.user
    if action == "start":
        if not rights.may_move_to(S.IN_PLAY):
            raise PermissionDenied(_("You may not start this match."))
        change_status(match, S.IN_PLAY, user=user)
    else:
        if not rights.may_confirm:
            raise PermissionDenied(_("You may not confirm this match."))
        services.confirm_result(match, user=user)
    return display.saved(action)


@login_required
def match_card(request, slug, match_id):
    match = selectors.visible_match(request.user, slug, match_id)
    rights = MatchRights(request.user, match)
    if not rights.may_score:
        raise PermissionDenied(_("Only the umpire of this match or a referee of the tournament fills its score card."))
    bound, page = {}, None
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            if action in ("start", "confirm"):
                done = start_or_confirm(rights, action)
            else:
                page = selectors.card_page(match)
                done = save_form(request, match, action, page["builders"], bound)
        except ServiceError as error:
            if action in bound:
                error.show_on(bound[action])
            else:
                messages.error(request, error.message)
                return redirect("match-card", slug, match.pk)
        else:
            if done:
                messages.success(request, done)
                return redirect(reverse("match-card", args=[slug, match.pk]) + ENTRY)
    page = page or selectors.card_page(match)  # a refused entry changed nothing: the page computed for it still holds
    context = selectors.card_page_context(rights, page, bound)
    return render(request, "scoring/card.html", context)


def save_form(request, match, action, builders, bound):
    """Save the posted form; returns the success message, or None when the form (left in `bound`) is invalid."""
    if action not in builders:
        raise ServiceError("action", _("That entry is not open on this score card now; the page shows what is."))
    form = bound[action] = builders[action](request.POST)
    if not form.is_valid():
        return None
    SAVES[action](match, form, request.user)
    return display.saved(action, form.cleaned_data)


# ---------------------------------------------------------------- history (audit log)


@login_required
def match_history(request, slug, match_id):
    """Every change to the match's result: who, when, what, before -> after, why (officials only)."""
    match = selectors.visible_match(request.user, slug, match_id)
    if not is_official(request.user, match):
        raise PermissionDenied(_("Only the secretaries and chief referees of the tournament see a match's history."))
    return render(request, "scoring/history.html", selectors.history_page(match))


# ---------------------------------------------------------------- the umpire's matches


@login_required
def my_matches(request, slug):
    """The matches the signed-in umpire officiates in the tournament: the next ones with table, time, players and
    their score card, then the finished ones."""
    tournament = visible_tournament(request, slug)
    if not is_umpire(request.user, tournament):
        raise PermissionDenied(_("This page is for the tournament's umpires."))
    context = selectors.umpire_matches(request.user, tournament)
    return render(request, "scoring/my_matches.html", {"tournament": tournament, **context})


# ---------------------------------------------------------------- the secretary's result entry (stage page)


@login_required
def match_result(request, slug, stage_id, match_id):
    """Enter or correct a match's result (confirmed at once), or record a walkover."""
    stage = secretary_stage(request, slug, stage_id)
    match = selectors.stage_match(stage, match_id)
    example = score_example_of(match)
    form = ResultForm(request.POST or None, confirmed=match.status == S.CONFIRMED, example=example)
    if request.method == "POST" and form.is_valid():
        try:
            save_result(match, form.cleaned_data, request.user)
        except Conflict as error:  # confirmed meanwhile (or the stage page's inline form): offer the correction
            form = ResultForm(request.POST, confirmed=True, example=example)
            form.is_valid()
            form.add_error(None, error.message)
        except ServiceError as error:
            field = {"absent_side": "absent", "games": "games"}.get(error.field)
            form.add_error(field, error.message)
        else:
            messages.success(request, display.result_saved(match))
            return redirect(reverse("stage-detail", args=[slug, stage.pk]) + f"#match-{match.pk}")
    match.result_text = result_text(match)
    return render(request, "scoring/result.html", {"stage": stage, "match": match, "form": form})


def save_result(match, data, user):
    # A preview round's match is refused by the services (scoring.transitions.require_published).
    if data["absent"]:
        return services.record_walkover(match, data["absent"], user=user)
    correct = data.get("correct", False)  # only a confirmed match's form has the box
    return services.record_result(match, data["games"], confirm=True, user=user, correct=correct)
