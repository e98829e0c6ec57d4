"""The roll call desk before the draw ("Roll call" on the event page): one tap per entry marks it present, a search
box finds a name; then the confirmation page lists exactly who will be withdrawn, and one POST withdraws them
(tournaments.rollcall). static/js/roll-call.js posts the taps with fetch and swaps the entry's row for the one
answered (ROW_HEADER), so a phone marks a hall without a page load per tap."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.errors import ServiceError
from core.numbers import object_id
from tournaments import rollcall
from tournaments.entry_views import secretary_event
from tournaments.models import Entry
from tournaments.signals import drawn_stages

ROW_HEADER = "X-Roll-Call-Row"


@login_required
def roll_call_desk(request, slug, event_id):
    event = secretary_event(request, slug, event_id)
    query = (request.POST.get("q") or request.GET.get("q") or "").strip()[:100]
    if request.method == "POST":
        return desk_action(request, event, query)
    return render(request, "tournaments/roll_call.html", desk_context(event, query))


def desk_context(event, query=""):
    lines = rollcall.roll_call_lines(event)
    present = sum(1 for line in lines if line.present)
    folded = query.casefold()
    return {
        "event": event,
        "tournament": event.tournament,
        "roll_call": rollcall.roll_call_of(event),
        "lines": [line for line in lines if folded in line.entry.name.casefold()] if folded else lines,
        "present": present,
        "absent": len(lines) - present,
        "query": query,
        "drawn": drawn_stages(event),
    }


def desk_action(request, event, query):
    page = reverse("event-roll-call-page", args=[event.tournament.slug, event.pk])
    action = request.POST.get("action", "")
    try:
        if action == "open":
            rollcall.open_roll_call(event, request.user)
            messages.success(request, _("The roll call is open: players may say they are here from their links."))
        elif action == "close":
            rollcall.close_roll_call(event)
            messages.success(request, _("The roll call is closed to the players' links."))
        else:
            entry = get_object_or_404(Entry, pk=object_id(request.POST.get("entry", "")), event=event)
            entry = rollcall.mark(entry, present=action != "absent", user=request.user)
            if request.headers.get(ROW_HEADER):
                return row_response(request, event, entry)
            return redirect(f"{page}?q={query}#entry-{entry.pk}" if query else f"{page}#entry-{entry.pk}")
    except ServiceError as error:
        messages.error(request, error.message)
    return redirect(page)


def row_response(request, event, entry):
    """The entry's row and the desk's counts, for the script to put in place."""
    context = desk_context(event)
    context["line"] = next(line for line in rollcall.roll_call_lines(event) if line.entry.pk == entry.pk)
    response = render(request, "tournaments/_roll_call_answer.html", context)
    response[ROW_HEADER] = "1"
    return response


@login_required
def withdraw_absent_page(request, slug, event_id):
    """The confirmation: who will be withdrawn, by name; POST with their ids withdraws them."""
    event = secretary_event(request, slug, event_id)
    absent = rollcall.absent_entries(event)
    if request.method == "POST":
        try:
            confirmed = [object_id(value) for value in request.POST.getlist("entries")]
            withdrawn = rollcall.withdraw_absent(event, confirmed)
        except ServiceError as error:
            messages.error(request, error.message)
            return redirect("event-roll-call-withdraw-page", slug, event.pk)
        message = ngettext(
            "%(count)s absent entry withdrawn: the draw takes the %(left)s present.",
            "%(count)s absent entries withdrawn: the draw takes the %(left)s present.",
            len(withdrawn),
        )
        left = event.entries.filter(withdrawn=False).count()
        messages.success(request, message % {"count": len(withdrawn), "left": left})
        return redirect(event)
    context = {"event": event, "tournament": event.tournament, "absent": absent, "drawn": drawn_stages(event)}
    return render(request, "tournaments/roll_call_withdraw.html", context)
