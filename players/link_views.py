"""The secretary's pages for the players' links: a match's two links (to hand out, or revoke and reissue), and
revoking a player's personal link from the list of personal links. A revoked link answers 404 from then on."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from players import links
from stages.models import Match
from tournaments.models import EntryMember, Player, Tournament
from tournaments.permissions import is_chief_referee
from tournaments.scoping import secretary_tournament


def tournament_match(tournament, match_id):
    matches = Match.with_rubbers.select_related("stage__event__tournament", "round", "entry_a", "entry_b")
    return get_object_or_404(matches, pk=match_id, stage__event__tournament=tournament)


@login_required
def match_links(request, slug, match_id):
    """GET: the links of both sides of the match; POST: revoke both and issue new ones. For the secretaries and
    the chief referees, who hand them out in the hall."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not is_chief_referee(request.user, tournament):
        raise PermissionDenied(_("Only the secretaries and chief referees of the tournament hand out match links."))
    match = tournament_match(tournament, match_id)
    if request.method == "POST":
        links.revoke_match_links(match)
        messages.success(request, _("The old links of this match no longer work; hand out the new ones."))
        return redirect("match-links", slug, match.pk)
    sides = [
        {
            "side": side.upper(),
            "entry": getattr(match, f"entry_{side}"),
            "url": links.match_link_url(match, side, request),
        }
        for side in links.SIDES
    ]
    return render(request, "players/match_links.html", {"tournament": tournament, "match": match, "sides": sides})


@login_required
@require_POST
def revoke_personal_link(request, slug, player_id):
    """Revoke a player's personal link and issue a new one; back to the list of links, at that player."""
    tournament = secretary_tournament(request, slug)
    player = get_object_or_404(Player, pk=player_id)
    if not EntryMember.objects.filter(player=player, entry__event__tournament=tournament).exists():
        return render(request, "players/not_entered.html", {"tournament": tournament, "player": player}, status=404)
    links.revoke_personal_link(tournament, player)
    messages.success(
        request, _("%(player)s's old link no longer works; the new one is below.") % {"player": player.full_name}
    )
    return redirect(reverse("player-links", args=[slug]) + f"#player-{player.pk}")
