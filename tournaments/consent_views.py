"""A player's privacy page, for the secretaries of a tournament they are entered in: what the player agreed to
publish (and where the answer came from), a copy of everything held about them (JSON here, PDF in printing), and
their erasure on request. Each calls tournaments.consent."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from tournaments import consent
from tournaments.consent_forms import ConsentForm, EraseForm
from tournaments.models import Player
from tournaments.scoping import secretary_tournament


def secretary_player(request, slug, player_id):
    """A player entered in a tournament of which the visitor is a secretary (else 403, or 404)."""
    tournament = secretary_tournament(request, slug)
    players = Player.objects.filter(memberships__entry__event__tournament=tournament).select_related("club")
    return tournament, get_object_or_404(players.distinct(), pk=player_id)


@login_required
def player_privacy(request, slug, player_id):
    tournament, player = secretary_player(request, slug, player_id)
    form = ConsentForm(request.POST or None, player=player)
    if request.method == "POST" and form.is_valid():
        answers = dict(form.cleaned_data)
        source = answers.pop("consent_source")
        try:
            player = consent.record_consent(player, source, **answers)
        except ServiceError as error:
            error.show_on(form)
        else:
            messages.success(request, _("The consent of %(player)s is recorded.") % {"player": player.full_name})
            return redirect("player-privacy", slug, player.pk)
    context = {"tournament": tournament, "player": player, "form": form, "erase_form": EraseForm()}
    return render(request, "tournaments/player_privacy.html", context, status=400 if form.errors else 200)


@login_required
def player_data(request, slug, player_id):
    """Everything held about the player, as a JSON file to hand them."""
    _tournament, player = secretary_player(request, slug, player_id)
    content = json.dumps(consent.player_data(player), ensure_ascii=False, indent=2)
    response = HttpResponse(content, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="player-{player.pk}.json"'
    return response


@login_required
@require_POST
def player_erase(request, slug, player_id):
    tournament, player = secretary_player(request, slug, player_id)
    form = EraseForm(request.POST)
    if not form.is_valid():
        context = {"tournament": tournament, "player": player, "form": ConsentForm(player=player), "erase_form": form}
        return render(request, "tournaments/player_privacy.html", context, status=400)
    player = consent.erase_player(player)
    messages.success(request, _("The player is erased: their results stay, as %(name)s.") % {"name": player.full_name})
    return redirect("player-privacy", slug, player.pk)
