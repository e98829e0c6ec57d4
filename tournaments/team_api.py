"""A team event's teams: GET lists them with their rosters, POST enters one, PUT on one changes it
(tournaments.teams)."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.http_errors import error_responses
from tournaments.api import ServiceErrorsMixin
from tournaments.models import Event, Player
from tournaments.permissions import is_secretary
from tournaments.scoping import TournamentScopedMixin
from tournaments.teams import change_team, enter_team


class RosterPlaceSerializer(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(), required=False, help_text="A known player; or the names below."
    )
    first_name = serializers.CharField(required=False, max_length=80)
    last_name = serializers.CharField(required=False, allow_blank=True, max_length=80)
    nationality = serializers.CharField(
        required=False, allow_blank=True, max_length=3, help_text="Citizenship, if not the team's country."
    )
    captain = serializers.BooleanField(default=False)
    reserve = serializers.BooleanField(default=False)


class TeamSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(max_length=200)
    country = serializers.CharField(required=False, allow_blank=True, max_length=3)
    club = serializers.CharField(required=False, allow_blank=True, max_length=120, help_text="A club's name.")
    seed = serializers.IntegerField(read_only=True)
    roster = RosterPlaceSerializer(many=True, help_text="The players in roster order; exactly one captain.")

    def to_representation(self, team):
        return {
            "id": team.pk,
            "name": team.name,
            "country": team.country,
            "club": team.club.name if team.club_id else "",
            "seed": team.seed,
            "withdrawn": team.withdrawn,
            "roster": [
                {"player": m.player_id, "name": self.name_of(m.player), "captain": m.captain, "reserve": m.reserve}
                for m in team.members.select_related("player__club").order_by("position")
            ],
        }

    def name_of(self, player):
        """The real name for the tournament's secretaries (context `real_names`), else the one the public sees."""
        return player.full_name if self.context.get("real_names", True) else player.shown_name


class TeamEventMixin(ServiceErrorsMixin, TournamentScopedMixin):
    serializer_class = TeamSerializer

    def read_context(self):
        return {"real_names": is_secretary(self.request.user, self.tournament)}

    def event(self):
        """The team event of the URL; any other kind of event has no teams (404)."""
        return get_object_or_404(
            Event, pk=self.kwargs["event_pk"], tournament=self.tournament, kind=Event.Kind.TEAM_TIES
        )


class TeamsView(TeamEventMixin, APIView):
    @extend_schema(responses={200: TeamSerializer(many=True), **error_responses(404)})
    def get(self, request, tournament_slug, event_pk):
        teams = self.event().entries.order_by("name")
        return Response([TeamSerializer(team, context=self.read_context()).data for team in teams])

    @extend_schema(request=TeamSerializer, responses={201: TeamSerializer, **error_responses(400, 403, 404)})
    def post(self, request, tournament_slug, event_pk):
        event = self.event()
        serializer = TeamSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        team = enter_team(event, data["name"], data["roster"], data.get("country", ""), data.get("club", ""))
        return Response(TeamSerializer(team).data, status=status.HTTP_201_CREATED)


class TeamView(TeamEventMixin, APIView):
    """One team of a team event: GET reads it, PUT changes its name, country, club and roster (a player named in
    the line-up of a tie not yet over stays until that line-up changes: 400)."""

    def team(self):
        return get_object_or_404(self.event().entries.all(), pk=self.kwargs["team_pk"])

    @extend_schema(responses={200: TeamSerializer, **error_responses(404)})
    def get(self, request, tournament_slug, event_pk, team_pk):
        return Response(TeamSerializer(self.team(), context=self.read_context()).data)

    @extend_schema(request=TeamSerializer, responses={200: TeamSerializer, **error_responses(400, 403, 404)})
    def put(self, request, tournament_slug, event_pk, team_pk):
        team = self.team()
        serializer = TeamSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        team = change_team(team, data["name"], data["roster"], data.get("country", ""), data.get("club", ""))
        return Response(TeamSerializer(team).data)
