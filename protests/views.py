"""Protest pages: the umpire logs a protest at the board and attaches the written text and its photos, the
tournament authority works through the decision queue, officials keep the fee ledger, the players of the match
read the status. Views read a form, check a rule of `protests.permissions`, call one service; a refusal comes back
on the form. Photos are served here, to the officials only, never from a public media URL."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from core.errors import Conflict, NotAllowed, ServiceError
from matches.strokes.selectors import boards_with_strokes
from protests import display, evidence, fees, permissions, selectors, services
from protests.forms import DecisionForm, FeeForm, OralProtestForm, PhotoForm, WrittenProtestForm
from protests.models import Protest
from stages.models import Match
from tournaments.scoping import visible_tournament

# Refusals of the actions on one protest.
ONLY_UMPIRE = gettext_lazy("Only the umpire or an official.")
WRITTEN_THROUGH = gettext_lazy("ICF 144: the written protest goes through the umpire or chief referee.")
WHO_DECIDES = gettext_lazy("ICF 151: a secretary or chief referee decides, not the umpire.")

# ---------------------------------------------------------------- the queue and the ledger


@login_required
def protest_queue(request, slug):
    """Officials and umpires: undecided protests first, each with its countdown (ICF 146, 151(c)); players: the
    protests about their matches."""
    tournament = visible_tournament(request, slug)
    now = timezone.now()
    context = {
        "tournament": tournament,
        **selectors.decision_queue(request.user, tournament, now),
        "is_staff": permissions.is_staff_of(request.user, tournament),
        "sees_ledger": permissions.can_see_ledger(request.user, tournament),
        "fee": fees.fee_of(tournament),
        "now": now,
    }
    return render(request, "protests/queue.html", context)


@login_required
def fee_ledger(request, slug):
    tournament = visible_tournament(request, slug)
    if not permissions.can_see_ledger(request.user, tournament):
        raise PermissionDenied(_("The fee ledger is for the tournament's secretaries and chief referees."))
    fee = fees.fee_of(tournament)
    return render_ledger(request, tournament, fee, fee_form(fee))


def fee_form(fee, data=None):
    initial = {"fee_amount": fee.fee_amount, "fee_currency": fee.fee_currency} if fee else None
    return FeeForm(data, initial=initial)


def render_ledger(request, tournament, fee, form):
    context = {
        "tournament": tournament,
        "ledger": fees.ledger(tournament),
        "fee": fee,
        "fee_form": form if permissions.can_set_fee(request.user, tournament) else None,
    }
    return render(request, "protests/ledger.html", context)


@login_required
@require_POST
def set_fee(request, slug):
    tournament = visible_tournament(request, slug)
    if not permissions.can_set_fee(request.user, tournament):
        raise PermissionDenied(_("Only a secretary of this tournament sets the scrutiny fee."))
    fee = fees.fee_of(tournament)
    form = fee_form(fee, request.POST)
    if form.is_valid():
        try:
            new = services.set_fee(tournament, form.cleaned_data["fee_amount"], form.cleaned_data["fee_currency"])
        except ServiceError as error:
            error.show_on(form)
        else:
            messages.success(request, display.fee_set_message(new))
            return redirect("protest-ledger", slug)
    return render_ledger(request, tournament, fee, form)


# ---------------------------------------------------------------- logging a protest at the board


@login_required
def log_protest(request, slug, match_id):
    tournament = visible_tournament(request, slug)
    match = get_object_or_404(
        Match.with_rubbers.select_related("stage__event__tournament", "entry_a", "entry_b", "round"),
        pk=match_id,
        stage__event__tournament=tournament,
    )
    if not permissions.can_log(request.user, match):
        raise PermissionDenied(_("Only the umpire of this match or an official logs a protest."))
    rule_set = selectors.rule_set_of(match)
    if rule_set.protest_window_minutes is None:  # ECC, office: the texts lay down no protest
        context = {"tournament": tournament, "match": match, "no_protest": rule_set.no_protest_reason}
        return render(request, "protests/log.html", context)
    fee = fees.fee_of(tournament)
    form = OralProtestForm(request.POST or None, match=match, fee=fee, kept_boards=boards_with_strokes(match))
    if request.method == "POST" and form.is_valid():
        try:
            protest = services.log_oral_protest(match, user=request.user, **form.cleaned_data)
        except ServiceError as error:
            error.show_on(form)
        else:
            messages.success(request, display.logged_message(protest))
            return redirect("protest-detail", slug, protest.pk)
    return render(request, "protests/log.html", {"tournament": tournament, "match": match, "form": form, "fee": fee})


# ---------------------------------------------------------------- one protest: fee, written text, decision


def protest_for(request, slug, pk):
    tournament = visible_tournament(request, slug)
    protest = get_object_or_404(selectors.tournament_protests(tournament), pk=pk)
    if not permissions.can_read(request.user, protest.match):
        raise PermissionDenied(_("Only the officials, the umpires and the players of this match see this protest."))
    return tournament, protest


@login_required
def protest_detail(request, slug, pk):
    tournament, protest = protest_for(request, slug, pk)
    return render_detail(request, tournament, protest)


def render_detail(request, tournament, protest, written_form=None, decision_form=None, photo_form=None):
    user, match = request.user, protest.match
    can_log = permissions.can_log(user, match)
    undecided = not protest.is_decided
    written_deadline, lapsed = selectors.written_window(protest)
    context = {
        "tournament": tournament,
        "protest": protest,
        "match": match,
        "written_deadline": written_deadline,
        "lapsed": lapsed,
        "fee": fees.fee_of(tournament),
        "fee_law": display.fee_law(selectors.rule_set_of(match)),
        "cited": selectors.cited_stroke(protest),
        "photos": evidence.photos_for(user, protest),
        "photo_form": (photo_form or PhotoForm()) if can_log and undecided else None,
        "written_form": (written_form or WrittenProtestForm())
        if can_log and protest.status == Protest.Status.ORAL
        else None,
        "decision_form": (decision_form or DecisionForm())
        if undecided and permissions.can_decide(user, match)
        else None,
        "umpire_may_not_decide": undecided and permissions.is_match_umpire(user, match),
        "history": match.history.filter(what__in=["withheld", "released", "replay"]),
    }
    return render(request, "protests/detail.html", context)


def protest_action(request, slug, pk, allowed, message):
    tournament, protest = protest_for(request, slug, pk)
    if not allowed(request.user, protest.match):
        raise PermissionDenied(str(message))
    return tournament, protest


def form_action(request, slug, pk, form_class, run, done, form_name):
    """Run `run(protest, cleaned_data)` for a valid form, once the user may (the body is read only then); a refusal
    comes back on the form, success goes to the protest."""
    tournament, protest = protest_action(request, slug, pk, permissions.can_log, WRITTEN_THROUGH)
    form = form_class(request.POST, request.FILES)
    if form.is_valid():
        try:
            run(protest, form.cleaned_data)
        except ServiceError as error:
            error.show_on(form)
        else:
            messages.success(request, done)
            return redirect("protest-detail", slug, pk)
    return render_detail(request, tournament, protest, **{form_name: form})


@login_required
@require_POST
def lodge_written(request, slug, pk):
    def run(protest, data):
        services.lodge_written(protest, user=request.user, **data)

    return form_action(request, slug, pk, WrittenProtestForm, run, display.WRITTEN_LODGED, "written_form")


@login_required
@require_POST
def decide(request, slug, pk):
    tournament, protest = protest_action(request, slug, pk, permissions.can_decide, WHO_DECIDES)
    form = DecisionForm(request.POST)
    if form.is_valid():
        try:
            protest = services.decide(protest, form.cleaned_data["outcome"], form.cleaned_data["reason"], request.user)
        except NotAllowed as error:
            raise PermissionDenied(error.message) from None
        except Conflict as error:  # another official decided first: show the protest as it now stands
            messages.error(request, error.message)
            return redirect("protest-detail", slug, pk)
        except ServiceError as error:
            error.show_on(form)
        else:
            messages.success(request, display.decided_message(protest))
            return redirect(reverse("protest-detail", args=[slug, pk]))
    return render_detail(request, tournament, protest, decision_form=form)


# ---------------------------------------------------------------- photos (officials only)


@login_required
@require_POST
def add_photo(request, slug, pk):
    def run(protest, data):
        evidence.add_photo(protest, data["image"], request.user, data["caption"])

    return form_action(request, slug, pk, PhotoForm, run, display.PHOTO_ADDED, "photo_form")


@login_required
def photo(request, slug, pk, photo_pk):
    """The photo itself, for the officials and umpires only; anyone else gets 404, told nothing."""
    tournament = visible_tournament(request, slug)
    found = evidence.photo_of(request.user, tournament, pk, photo_pk)
    if found is None:
        raise Http404(_("No such photo."))
    return evidence.photo_response(found)
