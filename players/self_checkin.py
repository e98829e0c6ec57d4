"""The player's taps "I am at table N" (checkin.self_checkin) and "My opponent is not here" (checkin.absence),
posted from their page: by personal link, whose token is the credential (no account, no CSRF cookie: a page
elsewhere cannot post without knowing the token, and the personal page may come from the public cache, which keeps
no CSRF token), or signed in at /me/. The answer goes back to the page, with what happened said at its top."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from core.numbers import object_id
from matches.checkin.absence import declare_absent
from matches.checkin.display import absent_message, reported_message
from matches.checkin.self_checkin import self_report, side_of
from players.views import linked_player
from stages.models import Match
from tournaments.scoping import visible_tournament


@csrf_exempt
@require_POST
def self_checkin(request, slug, token):
    tournament = visible_tournament(request, slug)
    player = linked_player(tournament, token)
    return checked_in(request, tournament, player, reverse("player-schedule", args=[slug, token]))


@login_required
@require_POST
def my_self_checkin(request, slug):
    tournament = visible_tournament(request, slug)
    player = getattr(request.user, "player", None)
    if player is None:
        raise Http404(_("You are not entered in this tournament."))
    return checked_in(request, tournament, player, reverse("my-schedule", args=[slug]))


def checked_in(request, tournament, player, page):
    """Report the player's side of the posted match and go back to `page`, saying what happened."""
    matches = Match.objects.select_related("stage__event__tournament", "round", "entry_a", "entry_b")
    match = get_object_or_404(matches, pk=object_id(request.POST.get("match", "")), stage__event__tournament=tournament)
    try:
        if request.POST.get("claim") == "absent":  # "My opponent is not here" (checkin.absence)
            side = side_of(match, player)
            if side is None:
                raise ServiceError("match", _("You do not play in this match."))
            other = "b" if side == "a" else "a"
            match = declare_absent(match, other, by_side=side)
            messages.success(request, absent_message(match, other))
        else:
            match, side = self_report(match, player)
            messages.success(request, reported_message(match, side))
    except ServiceError as error:
        messages.error(request, error.message)
    return redirect(f"{page}#next-match")
