"""The calendar feeds (players.calendar): a tournament's matches, and a player's own on their personal link.
Public like the pages they follow, and kept in the page cache until the tournament changes: a calendar app asks
every few minutes."""

from django.http import HttpResponse
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _

from core.page_cache import public_page
from players.calendar import match_feed, scheduled_matches
from players.selectors import player_entries
from players.views import linked_player
from tournaments.scoping import visible_tournament

CONTENT_TYPE = "text/calendar; charset=utf-8"


@public_page
def tournament_calendar(request, slug):
    tournament = visible_tournament(request, slug)
    page = request.build_absolute_uri(tournament.get_absolute_url())
    body = match_feed(tournament, scheduled_matches(tournament), tournament.name, page, request.get_host())
    return feed_response(body, tournament.slug)


@public_page
def player_calendar(request, slug, token):
    """The player's matches (a forged or revoked token is a 404, as on the personal page)."""
    tournament = visible_tournament(request, slug)
    player = linked_player(tournament, token)
    entry_ids = [entry.pk for entry in player_entries(tournament, player)]
    page = request.build_absolute_uri(reverse("player-schedule", args=[slug, token]))
    name = _("%(player)s at %(tournament)s") % {"player": player.full_name, "tournament": tournament.name}
    body = match_feed(tournament, scheduled_matches(tournament, entry_ids), name, page, request.get_host())
    return feed_response(body, f"{tournament.slug}-matches")


def feed_response(body, name):
    response = HttpResponse(body, content_type=CONTENT_TYPE)
    response["Content-Disposition"] = content_disposition_header(False, f"{name}.ics")
    return response
