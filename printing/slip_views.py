"""The secretary's personal links on paper and by e-mail: the cut-out slips (PDF) of a tournament or one event, and
the action "E-mail the personal links". Pages and API call the same functions (printing.slips, printing.tasks)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.numbers import object_id
from printing import slips
from printing.slips_pdf import slips_sheet
from printing.tasks import queue_link_mails
from printing.views import pdf_response
from tournaments.models import Event
from tournaments.scoping import secretary_tournament


def slips_pdf(tournament, event=None, request=None):
    """The slips PDF response of the tournament, or of one event."""
    title = _("Personal links: %(name)s") % {"name": event.name if event else tournament.name}
    data = slips_sheet(title, slips.slips(tournament, event, request))
    return pdf_response(data, tournament.slug, event.name if event else "", "personal-links")


def chosen_event(tournament, value):
    """The event named by `value` (an id, from the query or the form), None for the whole tournament; 404 for an
    event of another tournament or a value that is no id."""
    if not value:
        return None
    return get_object_or_404(Event, pk=object_id(value), tournament=tournament)


def mailed_message(count):
    if not count:
        return _("No player of this list has an e-mail address: nothing to send.")
    return ngettext(
        "The personal link is being e-mailed to %(count)s player with an address.",
        "The personal links are being e-mailed to %(count)s players with an address.",
        count,
    ) % {"count": count}


@login_required
def personal_slips(request, slug):
    """Every entered player's slip; `?event=<id>`: one event's."""
    tournament = secretary_tournament(request, slug)
    return slips_pdf(tournament, chosen_event(tournament, request.GET.get("event")), request)


@login_required
def event_personal_slips(request, slug, event_id):
    tournament = secretary_tournament(request, slug)
    return slips_pdf(tournament, get_object_or_404(Event, pk=event_id, tournament=tournament), request)


@login_required
@require_POST
def email_personal_links(request, slug):
    """ "E-mail the personal links" (`event` posted: that event's players only); back to the list of links."""
    tournament = secretary_tournament(request, slug)
    event = chosen_event(tournament, request.POST.get("event"))
    messages.success(request, mailed_message(queue_link_mails(tournament, event, request)))
    back = reverse("player-links", args=[slug])
    return redirect(f"{back}?event={event.pk}" if event else back)
