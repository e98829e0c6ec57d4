"""A player's data on request, printed: the PDF beside the JSON copy of the player's privacy page
(tournaments.consent_views), for the secretaries of a tournament the player is entered in."""

from django.contrib.auth.decorators import login_required
from django.utils.translation import gettext as _

from printing.player_data_pdf import player_data_sheet
from printing.views import pdf_response
from tournaments.consent import player_data
from tournaments.consent_views import secretary_player


@login_required
def player_data_pdf(request, slug, player_id):
    tournament, player = secretary_player(request, slug, player_id)
    title = _("Data held about %(name)s") % {"name": player.full_name}
    data = player_data_sheet(title, player_data(player))
    return pdf_response(data, tournament.slug, f"player-{player.pk}", "data")
