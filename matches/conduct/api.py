"""The referee's desk API, scoped by tournament (/api/tournaments/<slug>/...): the umpire of a match or a chief
referee records warnings, losses of the entire match (ICF 143), concessions (ICF 139) and players back from the
rest (ICF 138); officials read the disciplinary record. Each view calls one service; a refusal is 400 with the law,
403 for a person who may not, 409 with the match as it now stands when another official recorded first."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from core.api import ServiceAPIView
from core.errors import Conflict
from core.http_errors import error_responses
from matches.checkin.api import CheckinAPIView
from matches.conduct import display, rest, selectors, services
from matches.conduct.serializers import (
    BackInSerializer,
    ConcessionInSerializer,
    ConductStateSerializer,
    LossInSerializer,
    RecordPersonSerializer,
    WarningInSerializer,
    conduct_state,
    record_data,
)
from tournaments.models import Player, Tournament
from tournaments.permissions import is_chief_referee

STATE = {200: ConductStateSerializer, **error_responses(400, 403, 404, 409)}


class ConductAPIView(CheckinAPIView):
    """The match from the URL, as the check-in API finds it (404 for a match the user may not see)."""

    def state(self, match, status=200):
        match.refresh_from_db()
        return Response(conduct_state(selectors.match_panel(match, self.request.user)), status=status)

    def act(self, serializer_class, action):
        match = self.get_match()
        self.require(
            services.may_record(self.request.user, match),
            display.may_not(),
        )
        data = self.valid(serializer_class)
        try:
            action(match, data)
        except Conflict as error:  # another official recorded first: the match as it now stands
            return Response(
                {**error.as_dict(), "state": conduct_state(selectors.match_panel(match, self.request.user))}, status=409
            )
        return self.state(match)


def player(data):
    return Player.objects.filter(pk=data["player"]).first()


class ConductStateView(ConductAPIView):
    """GET: the conduct state of the match: its players, their warnings, which sub-clauses of the loss of the
    entire match are offered (and why not), the rest interval."""

    @extend_schema(responses=STATE)
    def get(self, request, tournament_slug, match_id):
        match = self.get_match()
        self.require(
            services.may_record(request.user, match),
            display.may_not(),
        )
        return self.state(match)


class WarningView(ConductAPIView):
    """POST {"player", "note"}: the umpire warns a player of the match (ICF 143(h))."""

    @extend_schema(request=WarningInSerializer, responses=STATE)
    def post(self, request, tournament_slug, match_id):
        return self.act(
            WarningInSerializer, lambda m, d: services.record_warning(m, player(d), request.user, d["note"])
        )


class LossView(ConductAPIView):
    """POST {"player", "clause", "note"}: the player loses the entire match under the sub-clause (ICF 143(a),
    (c)-(h)); the match ends as a walk-over naming the law."""

    @extend_schema(request=LossInSerializer, responses=STATE)
    def post(self, request, tournament_slug, match_id):
        return self.act(
            LossInSerializer, lambda m, d: services.record_loss(m, player(d), d["clause"], request.user, d["note"])
        )


class ConcessionView(ConductAPIView):
    """POST {"side", "scope": "game"|"match"}: the side concedes the game in play or the match (ICF 139)."""

    @extend_schema(request=ConcessionInSerializer, responses=STATE)
    def post(self, request, tournament_slug, match_id):
        return self.act(ConcessionInSerializer, lambda m, d: services.concede(m, d["side"], d["scope"], request.user))


class BackView(ConductAPIView):
    """POST {"side"}: the side is back at the board from the rest before the deciding game (ICF 138)."""

    @extend_schema(request=BackInSerializer, responses=STATE)
    def post(self, request, tournament_slug, match_id):
        return self.act(BackInSerializer, lambda m, d: rest.mark_back(m, d["side"], request.user))


class RecordView(ServiceAPIView):
    """GET: the tournament's disciplinary record, per player (officials only)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: RecordPersonSerializer(many=True), **error_responses(403, 404)})
    def get(self, request, tournament_slug):
        tournament = get_object_or_404(Tournament.objects.visible_to(request.user), slug=tournament_slug)
        self.require(
            is_chief_referee(request.user, tournament),
            _("The disciplinary record is for the tournament's chief referees and secretaries."),
        )
        return Response(record_data(selectors.disciplinary_record(tournament)))
