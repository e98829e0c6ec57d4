"""The secretary's page of an event's entry rules and exceptions ("Who may enter" on the event page)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.numbers import object_id
from tournaments import eligibility
from tournaments.eligibility_forms import EligibilityForm, ExceptionForm
from tournaments.entry_views import secretary_event
from tournaments.models import EligibilityException, EventEligibility


@login_required
def eligibility_page(request, slug, event_id):
    event = secretary_event(request, slug, event_id)
    rule = EventEligibility.objects.filter(event=event).first()
    if request.method == "POST" and "revoke" in request.POST:
        return revoke(request, event)
    saving = request.method == "POST" and "exception" not in request.POST
    form = EligibilityForm.of(rule, request.POST if saving else None)
    exception_form = ExceptionForm(request.POST if request.method == "POST" and not saving else None)
    if saving and form.is_valid():
        try:
            eligibility.set_eligibility(event, **form.cleaned_data)
        except ServiceError as error:
            error.show_on(form)
        else:
            messages.success(request, _("Who may enter %(event)s is saved.") % {"event": event.name})
            return redirect("event-eligibility-page", slug, event.pk)
    elif request.method == "POST" and not saving and exception_form.is_valid():
        data = exception_form.cleaned_data
        try:
            eligibility.admit_exception(event, data["player"], data["reason"], request.user)
        except ServiceError as error:
            error.show_on(exception_form)
        else:
            messages.success(request, _("%(player)s is admitted.") % {"player": data["player"].full_name})
            return redirect("event-eligibility-page", slug, event.pk)
    context = {
        "event": event,
        "tournament": event.tournament,
        "form": form,
        "exception_form": exception_form,
        "rules": eligibility.rule_lines(rule),
        "exceptions": event.eligibility_exceptions.select_related("player", "admitted_by"),
    }
    return render(request, "tournaments/eligibility.html", context, status=400 if request.method == "POST" else 200)


def revoke(request, event):
    exception = get_object_or_404(EligibilityException, pk=object_id(request.POST["revoke"]), event=event)
    eligibility.revoke_exception(exception)
    messages.success(request, _("%(player)s is no longer admitted.") % {"player": exception.player.full_name})
    return redirect("event-eligibility-page", event.tournament.slug, event.pk)
