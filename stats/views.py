"""The statistics pages anyone who may see the tournament opens: the tournament's, an event's (its best slams and
leaderboard) and a player's. Names as the public sees them (Player.shown_name); built by stats.selectors."""

from django.shortcuts import get_object_or_404, render

from core.page_cache import public_page
from stats import selectors
from tournaments.models import Event
from tournaments.scoping import visible_tournament


@public_page
def tournament_statistics(request, slug):
    tournament = visible_tournament(request, slug)
    context = {"tournament": tournament, **selectors.tournament_page(tournament)}
    return render(request, "stats/tournament.html", context)


@public_page
def event_statistics(request, slug, event_id):
    tournament = visible_tournament(request, slug)
    event = get_object_or_404(Event, pk=event_id, tournament=tournament)
    context = {"tournament": tournament, "event": event, **selectors.event_page(event)}
    return render(request, "stats/event.html", context)


@public_page
def player_statistics(request, slug, player_id):
    tournament = visible_tournament(request, slug)
    players = selectors.tournament_players(tournament).select_related("club")
    player = get_object_or_404(players, pk=player_id)
    context = {"tournament": tournament, "player": player, **selectors.player_page(tournament, player)}
    return render(request, "stats/player.html", context)
