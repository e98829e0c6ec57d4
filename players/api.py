"""Players' schedules over the API: by player id for anyone who may view the tournament, and
by the personal link's token (players.links; it adds the player's notifications). Read-only."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.http_errors import error_responses
from players import selectors as player_services
from players.links import player_from_personal_token
from players.serializers import PersonalScheduleSerializer, ScheduleSerializer
from tournaments.models import Player, Tournament


class ScheduleAPIView(APIView):
    # Reading only; who may read is the tournament's visibility (a draft tournament is a 404 to outsiders).
    permission_classes = [AllowAny]

    def schedule(self, player, with_notifications):
        tournament = get_object_or_404(
            Tournament.objects.visible_to(self.request.user), slug=self.kwargs["tournament_slug"]
        )
        schedule = player_services.player_schedule(tournament, player, with_notifications=with_notifications)
        if not schedule.entries:
            raise NotFound(_("This player is not entered in this tournament."))
        return schedule


def players():
    return Player.objects.select_related("club")


class PlayerScheduleView(ScheduleAPIView):
    """GET: a player's next match, later matches, results and entries in the tournament."""

    @extend_schema(responses={200: ScheduleSerializer, **error_responses(404)})
    def get(self, request, tournament_slug, player_id):
        player = get_object_or_404(players(), pk=player_id)
        return Response(ScheduleSerializer(self.schedule(player, with_notifications=False)).data)


class PersonalScheduleView(ScheduleAPIView):
    """GET: the same through the personal link's token (no login), with the player's notifications."""

    @extend_schema(responses={200: PersonalScheduleSerializer, **error_responses(404)})
    def get(self, request, tournament_slug, token):
        tournament = get_object_or_404(Tournament.objects.visible_to(request.user), slug=tournament_slug)
        player = player_from_personal_token(tournament, token)
        if player is None:
            raise NotFound(_("This link is not valid."))
        return Response(PersonalScheduleSerializer(self.schedule(player, with_notifications=True)).data)
