"""The federations' pages: the secretary's (/t/<slug>/federations/: invite, quotas, links, what each sent, the
delegates' log, open and close entries) and the delegate's, by personal link (/t/<slug>/federation/<token>/: the
places per event, a form to enter a player, what it sent, remove or correct). Each action calls a service."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.numbers import object_id
from federations import fee_services, links, selectors, services
from federations.forms import CorrectionForm, DelegateEntryForm, FeesForm, InviteForm, PaymentForm, QuotaForm
from federations.models import Delegation
from registration.services import close_entries, set_registration
from tournaments.models import Event, Tournament
from tournaments.scoping import secretary_tournament

# ---------------------------------------------------------------- the secretary


@login_required
def federations_page(request, slug):
    tournament = secretary_tournament(request, slug)
    action = request.POST.get("action") if request.method == "POST" else None
    data = request.POST if action else None
    chosen = object_id(request.POST.get("delegation", "")) if action else None
    fee_entry = object_id(request.POST.get("entry", "")) if action == "fee" else None
    events = selectors.quota_events(tournament)
    invite_form = InviteForm(data if action == "invite" else None, federations=selectors.federations())
    fees_form = FeesForm(data if action == "fees" else None, events=events)
    rows = []
    for summary in selectors.summaries(tournament):
        delegation = summary.delegation
        rows.append(
            {
                "summary": summary,
                "form": QuotaForm(data if action == "quotas" and delegation.pk == chosen else None, summary=summary),
                "link": links.delegate_url(delegation, request),
                "receipt": reverse("federation-receipt", args=[slug, links.token_of(delegation)]),
                "payments": [
                    PaymentForm(data if entry.pk == fee_entry else None, entry=entry)
                    for entry in summary.entries
                    if entry.fee is not None
                ],
            }
        )
    handler = ACTIONS.get(action)
    if handler is not None:
        forms_by_action = {
            "invite": invite_form,
            "fees": fees_form,
            "quotas": next((row["form"] for row in rows if row["summary"].delegation.pk == chosen), None),
            "fee": next((f for row in rows for f in row["payments"] if f.entry.pk == fee_entry), None),
        }
        response = handler(request, tournament, forms_by_action.get(action), chosen)
        if response is not None:
            return response
    context = {
        "tournament": tournament,
        "invite_form": invite_form,
        "fees_form": fees_form,
        "rows": rows,
        "events": events,
        "actions": selectors.actions(tournament),
    }
    invalid = action in ("invite", "quotas", "fees", "fee")
    return render(request, "federations/federations.html", context, status=400 if invalid else 200)


def invite(request, tournament, form, chosen):
    if not form.is_valid():
        return None
    data = form.cleaned_data
    try:
        delegation = services.invite_federation(
            tournament, data["federation"], name=data["name"], country=data["country"]
        )
    except ServiceError as error:
        error.show_on(form)
        return None
    messages.success(request, _("%(federation)s is invited.") % {"federation": delegation.federation})
    return redirect_to(tournament.slug, delegation)


def set_quotas(request, tournament, form, chosen):
    if form is None or not form.is_valid():
        return None
    delegation = form.summary.delegation
    try:
        services.set_quotas(delegation, form.quotas())
    except ServiceError as error:
        error.show_on(form)
        return None
    messages.success(request, _("The places of %(federation)s are saved.") % {"federation": delegation.federation})
    return redirect_to(tournament.slug, delegation)


def set_fees(request, tournament, form, chosen):
    if not form.is_valid():
        return None
    try:
        for event, (amount, currency) in form.fees().items():
            fee_services.set_event_fee(event, amount, currency)
    except ServiceError as error:
        error.show_on(form)
        return None
    messages.success(request, _("The entry fees are saved."))
    return redirect("federations", tournament.slug)


def record_fee(request, tournament, form, chosen):
    if form is None or not form.is_valid():
        return None
    data = form.cleaned_data
    try:
        fee_services.record_fee(form.entry, data["status"], data["method"], data["paid_on"], request.user)
    except ServiceError as error:
        error.show_on(form)
        return None
    messages.success(request, _("The fee of %(entry)s is recorded.") % {"entry": form.entry})
    return redirect_to(tournament.slug, form.entry.sent_by.delegation)


def revoke(request, tournament, form, chosen):
    delegation = get_object_or_404(Delegation, pk=chosen, tournament=tournament)
    services.revoke_link(delegation)
    messages.success(
        request,
        _("The old link of %(federation)s no longer works; send its delegate the new one.")
        % {"federation": delegation.federation},
    )
    return redirect_to(tournament.slug, delegation)


def open_or_close(request, tournament, form, chosen):
    event = get_object_or_404(Event, pk=object_id(request.POST.get("event", "")), tournament=tournament)
    if request.POST.get("action") == "open":
        set_registration(event, closed=False)
        messages.success(request, _("Entries to %(event)s are open.") % {"event": event.name})
    else:
        close_entries(event)
        messages.success(request, _("Entries to %(event)s are closed.") % {"event": event.name})
    return redirect("federations", tournament.slug)


ACTIONS = {
    "invite": invite,
    "quotas": set_quotas,
    "fees": set_fees,
    "fee": record_fee,
    "revoke": revoke,
    "open": open_or_close,
    "close": open_or_close,
}


def redirect_to(slug, delegation):
    response = redirect("federations", slug)
    response["Location"] += f"#federation-{delegation.pk}"
    return response


# ---------------------------------------------------------------- the delegate


def delegation_of(slug, token):
    tournament = get_object_or_404(Tournament, slug=slug)
    delegation = links.delegation_from_token(token, tournament)
    if delegation is None:
        raise Http404(_("This link does not work: ask the tournament's secretary for a new one."))
    return delegation


def delegate_page(request, slug, token):
    delegation = delegation_of(slug, token)
    summary = selectors.summary(delegation)
    events = [line.event for line in summary.quotas if line.places]
    action = request.POST.get("action") if request.method == "POST" else None
    form = DelegateEntryForm(request.POST if action == "enter" else None, events=events)
    if action == "enter" and form.is_valid():
        try:
            entry = services.delegate_enter(delegation, form.event, form.players())
        except ServiceError as error:
            error.show_on(form)
        else:
            messages.success(request, _("%(entry)s entered in %(event)s.") % {"entry": entry, "event": form.event.name})
            return redirect(request.path)
    elif action == "remove":
        try:
            entry = services.sent_entry(delegation, object_id(request.POST.get("entry", "")))
            entry = services.delegate_remove(delegation, entry)
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request, _("%(entry)s is taken out of %(event)s.") % {"entry": entry, "event": entry.event.name}
            )
        return redirect(request.path)
    context = {
        "tournament": delegation.tournament,
        "delegation": delegation,
        "summary": summary,
        "form": form,
        "token": token,
        "actions": selectors.actions(delegation.tournament, delegation, limit=30),
    }
    return render(request, "federations/delegate.html", context, status=400 if action == "enter" else 200)


def delegate_entry(request, slug, token, entry_id):
    delegation = delegation_of(slug, token)
    try:
        entry = services.sent_entry(delegation, entry_id)
    except ServiceError:
        raise Http404(_("Your federation did not send this entry.")) from None
    members = entry.members.select_related("player").order_by("position")
    data = request.POST if request.method == "POST" else None
    player_forms = [CorrectionForm(data, player=m.player, prefix=f"p{m.position}") for m in members]
    if data is not None and all([form.is_valid() for form in player_forms]):
        try:
            services.delegate_correct(delegation, entry, [(form.player, form.changes()) for form in player_forms])
        except ServiceError as error:
            partner = error.field.endswith("_2") and len(player_forms) > 1
            form, field = (player_forms[1], error.field[:-2]) if partner else (player_forms[0], error.field)
            form.add_error(field if field in form.fields else None, error.message)
        else:
            messages.success(request, _("%(entry)s saved.") % {"entry": entry.__class__.objects.get(pk=entry.pk)})
            return redirect("federation-delegate", slug, token)
    context = {
        "tournament": delegation.tournament,
        "delegation": delegation,
        "entry": entry,
        "player_forms": player_forms,
        "token": token,
    }
    return render(request, "federations/delegate_entry.html", context, status=400 if data is not None else 200)
