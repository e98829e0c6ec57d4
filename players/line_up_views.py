"""A team captain names the team's line-up for a tie from the personal link, on the phone: the token in the
address is the credential, as for the self check-in (no account, no CSRF cookie), and only the captain of one of
the tie's teams may name that team's line-up."""

from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from matches.ties.selectors import captains_ties
from matches.ties.views import line_up_page
from players.views import linked_player
from tournaments.scoping import visible_tournament


@csrf_exempt  # the personal link's token in the address is the credential
def captain_line_up(request, slug, token, match_id):
    tournament = visible_tournament(request, slug)
    player = linked_player(tournament, token)
    row = next((row for row in captains_ties(player, tournament) if row["tie"].pk == match_id), None)
    if row is None:
        raise Http404(_("You name line-ups for your own team's ties only, until their rubbers begin."))
    page = reverse("player-schedule", args=[slug, token])
    return line_up_page(request, row["tie"], row["side"], done=page, back=page)
