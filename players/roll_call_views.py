"""The player's "I am here" (tournaments.rollcall.mark_myself), posted from their personal page while their event's
roll call is open: the token in the address is the credential, as for the self check-in (players.self_checkin)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from core.numbers import object_id
from players.views import linked_player
from tournaments.models import Entry
from tournaments.rollcall import mark_myself
from tournaments.scoping import visible_tournament


@csrf_exempt
@require_POST
def i_am_here(request, slug, token):
    tournament = visible_tournament(request, slug)
    player = linked_player(tournament, token)
    entry = get_object_or_404(
        Entry.objects.select_related("event"),
        pk=object_id(request.POST.get("entry", "")),
        event__tournament=tournament,
        members__player=player,
    )
    try:
        mark_myself(entry, player)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("You are marked present for %(event)s.") % {"event": entry.event.name})
    return redirect(reverse("player-schedule", args=[slug, token]) + "#roll-call")
