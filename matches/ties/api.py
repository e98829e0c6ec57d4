"""A team tie in the API, scoped by tournament (/api/tournaments/<slug>/matches/<id>/...): GET the tie's rubbers,
line-ups as the asker may see them, and its score; PUT a side's line-up (the desk: secretaries and chief
referees). A refusal is 400 naming what breaks the format."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from core.api import ServiceAPIView
from core.http_errors import error_responses
from matches.permissions import can_read, is_official
from matches.ties.selectors import tie_sheet
from matches.ties.services import is_tie, name_line_up
from stages.models import Match


class LineUpSerializer(serializers.Serializer):
    line_up = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField(), max_length=2),
        help_text='Player ids by rubber number, e.g. {"1": [12], "2": [13, 14], "3": [15]}; once the tie needs its '
        'deciding singles, that rubber alone: {"4": [12]}.',
    )

    def validate_line_up(self, line_up):
        if not all(number.isdigit() for number in line_up):
            raise serializers.ValidationError(_("Rubbers are named by their numbers."))
        return line_up


class RubberSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["singles", "doubles"])
    points = serializers.IntegerField()
    match = serializers.IntegerField(allow_null=True, help_text="The rubber's match, once both sides have named.")
    status = serializers.CharField(allow_null=True)
    games_a = serializers.IntegerField(allow_null=True)
    games_b = serializers.IntegerField(allow_null=True)
    players_a = serializers.ListField(child=serializers.IntegerField())
    players_b = serializers.ListField(child=serializers.IntegerField())


class TieSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    team_a = serializers.IntegerField()
    team_b = serializers.IntegerField(allow_null=True)
    status = serializers.CharField()
    points_a = serializers.IntegerField()
    points_b = serializers.IntegerField()
    winner = serializers.IntegerField(allow_null=True)
    needs_decider = serializers.BooleanField()
    named = serializers.ListField(child=serializers.CharField(), help_text="The sides that have named their line-up.")
    rubbers = RubberSerializer(many=True)


def tie_data(tie, user):
    sheet = tie_sheet(tie, official=is_official(user, tie))
    score = sheet["score"]
    return {
        "id": tie.pk,
        "team_a": tie.entry_a_id,
        "team_b": tie.entry_b_id,
        "status": tie.status,
        "points_a": score.points_a,
        "points_b": score.points_b,
        "winner": tie.winner_id,
        "needs_decider": score.needs_decider,
        "named": sorted(sheet["named"]),
        "rubbers": [
            {
                "number": row.number,
                "kind": row.kind,
                "points": row.points,
                "match": row.match.pk if row.match else None,
                "status": row.match.status if row.match else None,
                "games_a": row.match.games_a if row.match else None,
                "games_b": row.match.games_b if row.match else None,
                "players_a": [player.pk for player in row.players["a"]],
                "players_b": [player.pk for player in row.players["b"]],
            }
            for row in sheet["rows"]
        ],
    }


class TieAPIView(ServiceAPIView):
    def get_tie(self):
        tie = get_object_or_404(
            Match.objects.select_related("stage__event__tournament", "entry_a", "entry_b"),
            pk=self.kwargs["match_id"],
            stage__event__tournament__slug=self.kwargs["tournament_slug"],
        )
        if not can_read(self.request.user, tie) or not is_tie(tie):
            raise NotFound()
        return tie


class TieView(TieAPIView):
    """GET: the tie's rubbers, who plays each (a side's line-up is shown to the other side only once both have
    named; officials see it at once), their results and the tie's rubber points."""

    @extend_schema(responses={200: TieSerializer, **error_responses(404)})
    def get(self, request, tournament_slug, match_id):
        return Response(tie_data(self.get_tie(), request.user))


class LineUpView(TieAPIView):
    """PUT {"line_up": {rubber: [player ids]}}: side `a` or `b` names its players; once both sides have, the rubbers
    are made as matches. Refused (400) when it breaks the format, once the rubbers have begun, or the tie is over."""

    @extend_schema(request=LineUpSerializer, responses={200: TieSerializer, **error_responses(400, 403, 404)})
    def put(self, request, tournament_slug, match_id, side):
        tie = self.get_tie()
        self.require(is_official(request.user, tie), _("Only the tournament's secretaries and chief referees may."))
        data = self.valid(LineUpSerializer)
        tie = name_line_up(tie, side, {int(k): v for k, v in data["line_up"].items()})
        return Response(tie_data(tie, request.user))
