"""The secretary's page for an event's prizes: overall prizes and the prize categories (women, junior, veteran)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from core.errors import ServiceError
from tournaments.models import Event
from tournaments.prize_forms import PrizeForm
from tournaments.prize_services import set_prizes
from tournaments.scoping import secretary_tournament


@login_required
def event_prizes(request, slug, event_id):
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
    return render(request, "tournaments/prizes.html", {"tournament": tournament, "event": event, "form": form})
