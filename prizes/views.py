"""The prizes' pages: the secretary's page for an event's prize rules (overall prizes and the prize categories:
women, junior, veteran), and the prize list sheet (PDF) for anyone who may see the tournament."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from core.errors import ServiceError
from printing.export_views import visible_event
from printing.views import pdf_response
from prizes import pdf
from prizes.forms import PrizeForm
from prizes.services import set_prizes
from tournaments.models import Event
from tournaments.scoping import secretary_tournament


@login_required
def prize_rules_page(request, slug, event_id):
    tournament = secretary_tournament(request, slug)
    event = get_object_or_404(Event, pk=event_id, tournament=tournament)
    form = PrizeForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        try:
            set_prizes(
                event,
                overall_prizes=form.cleaned_data["overall_prizes"],
                overall_winners_excluded=form.cleaned_data["overall_winners_excluded"],
                categories=form.rules(),
            )
        except ServiceError as error:
            error.show_on(form)
        else:
            messages.success(request, _("Prizes of %(event)s saved.") % {"event": event.name})
            return redirect(event)
    return render(request, "prizes/prizes.html", {"tournament": tournament, "event": event, "form": form})


def prize_list_pdf(request, slug, event_id):
    """The event's prize list: overall and per prize category, from its final placings."""
    event = visible_event(request, slug, event_id)
    heading, blocks = pdf.prize_list_sheet_data(event)
    return pdf_response(pdf.prize_sheet(heading, blocks), slug, event.name, "prizes")
