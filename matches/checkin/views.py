"""The check-in desk of a round (ICF 143): umpires and officials mark each side as reported at its board, see the
deadline count down and the forfeits the periodic task applied; chief referees cancel a forfeit with a reason and,
in a Swiss stage, withdraw a player who forfeited from the later rounds or keep them in.

Every change goes through checkin.services; these views read a form, check permission, call one service and say what
happened. The list of matches refreshes itself (static/js/live.js polls `?fragment=1`). A search by player or table
and the filter "not reported yet" (`?q=`, `?open=1`) hide the other tables. With JavaScript the desk posts each tap
with fetch and the header ROW_HEADER; the answer is then the match's row alone, which static/js/checkin-desk.js
swaps in: a desk checking in a full hall before the ECC 18 deadline never waits for a whole page. Without
JavaScript the same forms post, redirect and show the page again."""

import hashlib
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from core.errors import NotAllowed, ServiceError
from core.live import LIVE_VERSION_HEADER
from matches.checkin import absence, display, selectors
from matches.checkin import services as late
from matches.permissions import is_official
from stages.models import Round
from tournaments.permissions import is_chief_referee, is_umpire
from tournaments.scoping import visible_tournament

SIDE_CHOICES = [("a", "A"), ("b", "B")]


class ReportForm(forms.Form):
    match = forms.IntegerField()
    side = forms.ChoiceField(choices=SIDE_CHOICES)
    reason = forms.CharField(required=False, max_length=500, label=gettext_lazy("Reason (late report)"))


class BothForm(forms.Form):
    match = forms.IntegerField()
    reason = forms.CharField(required=False, max_length=500)


class CancelForfeitForm(forms.Form):
    match = forms.IntegerField()
    reason = forms.CharField(
        max_length=500, error_messages={"required": gettext_lazy("Give the reason the forfeit is cancelled.")}
    )
    reported = forms.MultipleChoiceField(choices=SIDE_CHOICES, required=False, widget=forms.CheckboxSelectMultiple)


class UndoForm(forms.Form):
    match = forms.IntegerField()
    side = forms.ChoiceField(choices=SIDE_CHOICES)
    reason = forms.CharField(
        max_length=500, error_messages={"required": gettext_lazy("Give the reason the check-in is undone.")}
    )


class WithdrawForm(forms.Form):
    match = forms.IntegerField()
    side = forms.ChoiceField(choices=SIDE_CHOICES)


def do_report(user, match, data):
    match, reported, already = late.report_present(match, [data["side"]], user, reason=data["reason"])
    return display.present_message(match, reported, already)


def do_both(user, match, data):
    match, reported, already = late.report_present(match, ["a", "b"], user, reason=data["reason"])
    return display.present_message(match, reported, already)


def do_undo(user, match, data):
    match = late.undo_report(match, data["side"], user, data["reason"])
    return display.undone_message(match, data["side"])


def do_cancel(user, match, data):
    late.cancel_forfeit(match, user, data["reason"], reported=data["reported"])
    return display.cancelled_message(match)


def do_absent(user, match, data):
    match = absence.declare_absent(match, data["side"], user=user)
    return display.absent_message(match, data["side"])


def do_withdraw(user, match, data):
    entry = late.set_withdrawn_after_forfeit(match, data["side"], withdrawn=True)
    return display.withdrawn_message(entry, True)


def do_keep(user, match, data):
    entry = late.set_withdrawn_after_forfeit(match, data["side"], withdrawn=False)
    return display.withdrawn_message(entry, False)


# action: (form, who may, service call)
ACTIONS = {
    "report": (ReportForm, late.can_report, do_report),
    "both": (BothForm, late.can_report, do_both),
    "undo": (UndoForm, late.can_report, do_undo),
    "cancel": (CancelForfeitForm, is_official, do_cancel),
    "absent": (WithdrawForm, late.can_report, do_absent),
    "withdraw": (WithdrawForm, is_official, do_withdraw),
    "keep": (WithdrawForm, is_official, do_keep),
}


@login_required
def round_checkin(request, slug, round_id):
    """GET: the desk; POST: one action (report, both, undo, cancel, withdraw, keep) on one match of the round."""
    tournament = visible_tournament(request, slug)
    rounds = Round.objects.select_related("stage__event__tournament")
    rnd = get_object_or_404(rounds, pk=round_id, stage__event__tournament=tournament)
    if not is_umpire(request.user, tournament):
        raise PermissionDenied(_("The check-in desk is for the tournament's umpires and officials."))
    if request.method != "POST":
        if request.GET.get("fragment"):
            return fragment(request, desk(request, tournament, rnd))
        return render(request, PAGE, desk(request, tournament, rnd))
    action = request.POST.get("action", "")
    if action not in ACTIONS:
        messages.error(request, _("Unknown action."))
        return redirect(reverse("round-checkin", args=[slug, rnd.pk]) + search_string(request))
    form_class, allowed, run = ACTIONS[action]
    form = form_class(request.POST)
    row = request.headers.get(ROW_HEADER) == "1"
    if form.is_valid():
        match = get_object_or_404(rnd.matches.select_related("stage__event__tournament"), pk=form.cleaned_data["match"])
        if not allowed(request.user, match):
            raise PermissionDenied(_("You may not do this for this match."))
        try:
            message = run(request.user, match, form.cleaned_data)
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            if row:
                return row_response(request, tournament, rnd, match.pk, message=message)
            messages.success(request, message)
            url = reverse("round-checkin", args=[slug, rnd.pk]) + search_string(request)
            return redirect(f"{url}#match-{match.pk}")
        if row:
            failed = {"match": str(match.pk), "action": action, "form": form}
            return row_response(request, tournament, rnd, match.pk, failed=failed)
    failed = {"match": request.POST.get("match"), "action": action, "form": form}
    return render(request, PAGE, desk(request, tournament, rnd, failed), status=400)


PAGE = "checkin/round.html"
FRAGMENT = "checkin/_matches.html"
ROW = "checkin/_row.html"
# Sent by static/js/checkin-desk.js: answer an action with the match's row, not a redirect.
ROW_HEADER = "X-Checkin-Row"


def search(request):
    """The desk's search (a player's name or a table number) and its filter "not reported yet", from the query
    string (a page address keeps them, so a desk without JavaScript keeps its search after each tap)."""
    return request.GET.get("q", "")[:100], request.GET.get("open") == "1"


def search_string(request):
    query, only_open = search(request)
    params = {key: value for key, value in (("q", query.strip()), ("open", "1" if only_open else "")) if value}
    return "?" + urlencode(params) if params else ""


def desk(request, tournament, rnd, failed=None):
    """The desk's page data (`checkin.selectors.checkin_desk`), with the form that failed shown at its match."""
    official = is_chief_referee(request.user, tournament)
    query, only_open = search(request)
    may_report = late.report_check(request.user, tournament)
    context = selectors.checkin_desk(rnd, timezone.now(), official, may_report, query, only_open)
    matches = context["matches"]
    for m in matches:
        m.failed = failed if failed and failed["match"] == str(m.pk) else None
        m.hidden = m.hidden and not m.failed  # a refusal is shown where it happened, whatever the search
    url = reverse("round-checkin", args=[tournament.slug, rnd.pk])
    return {
        "tournament": tournament,
        **context,
        **round_absence(rnd, official),
        "failed_elsewhere": failed if failed and not any(m.failed for m in matches) else None,
        "desk_url": url,
        "action_url": url + search_string(request),
        "fragment_url": url + "?fragment=1",
    }


def round_absence(rnd, official):
    """How absence is established in the round (its matches' check-in mode), and, for the chief referee, the
    round's lateness forfeits to undo in one step."""
    modes = set(rnd.matches.exclude(check_in="").values_list("check_in", flat=True))
    forfeits = len(absence.lateness_forfeits(rnd)) if official else 0
    return {"check_in_modes": sorted(modes), "round_forfeits": forfeits}


@login_required
@require_POST
def cancel_round_forfeits(request, slug, round_id):
    tournament = visible_tournament(request, slug)
    rnd = get_object_or_404(
        Round.objects.select_related("stage__event__tournament"), pk=round_id, stage__event__tournament=tournament
    )
    try:
        cancelled = absence.cancel_round_forfeits(rnd, request.user, request.POST.get("reason", ""))
    except NotAllowed as error:
        raise PermissionDenied(error.message) from None
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, display.round_forfeits_cancelled(rnd, len(cancelled)))
    return redirect("round-checkin", slug, rnd.pk)


def row_response(request, tournament, rnd, pk, message="", failed=None):
    """The row of match `pk` after an action from the desk's script, and the desk's counts: 200 with `message`,
    or 400 with the refusal at the match, as the page would show it."""
    official = is_chief_referee(request.user, tournament)
    context = selectors.checkin_row(rnd, pk, timezone.now(), official, late.report_check(request.user, tournament))
    if context["match"] is None:  # a bye, or an empty match: nothing the desk shows
        raise Http404
    m = context["m"] = context["match"]
    m.failed, m.message = failed, message
    url = reverse("round-checkin", args=[tournament.slug, rnd.pk])
    context.update(desk_url=url, action_url=url)
    response = HttpResponse(render_to_string(ROW, context, request=request), status=400 if failed else 200)
    response[ROW_HEADER] = str(pk)
    response["Cache-Control"] = "no-store"
    return response


def fragment(request, context):
    """Answer a live.js poll: 204 while the desk shows the same state, else the new rows. The version is taken from
    the state, not the HTML: the rows' forms carry a new CSRF token at every rendering."""
    state = [
        (m.pk, m.status, m.table, m.planned_at, m.umpire_id, m.forfeited, m.report_deadline, m.winner_id)
        + tuple((s["state"], s["reported_at"], s["withdrawn"]) for s in m.sides)
        for m in context["matches"]
    ]
    version = hashlib.sha256(repr(state).encode()).hexdigest()[:16]
    if request.headers.get(LIVE_VERSION_HEADER) == version:
        response = HttpResponse(status=204)
    else:
        response = HttpResponse(render_to_string(FRAGMENT, context, request=request))
    response[LIVE_VERSION_HEADER] = version
    response["Cache-Control"] = "no-store"
    return response
