"""Stateless draw-engine endpoints: JSON in, JSON out, no login and no database.

For other tools and acceptance tests. A request the engine cannot draw (e.g. no full Swiss round left without a
rematch) answers 409 with ``{"detail": reason, "pairs_possible": n}``; a malformed request answers 400.
"""

import random

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.http_errors import error_responses
from stages.draw_serializers import (
    DrawConflictSerializer,
    KnockoutAnswerSerializer,
    KnockoutRequestSerializer,
    RoundRobinAnswerSerializer,
    RoundRobinRequestSerializer,
    StandingsAnswerSerializer,
    StandingsRequestSerializer,
    SwissPairingSerializer,
    SwissRequestSerializer,
)
from stages.draws.errors import DrawError
from stages.draws.knockout import bracket_size, bracket_slots, round_name
from stages.draws.round_robin import berger_rounds
from stages.draws.standings import ROUND_ROBIN_PRECEDENCE, SWISS_PRECEDENCE, standings
from stages.draws.swiss import Competitor, pair_round

CONFLICT = OpenApiResponse(DrawConflictSerializer, "The engine cannot draw this")


def responses(answer):
    return {200: answer, **error_responses(400), 409: CONFLICT}


def _number(x):
    """2.0 -> 2, for tidy JSON; other values unchanged."""
    return int(x) if isinstance(x, float) and x.is_integer() else x


def _conflict(error):
    return Response({"detail": error.message, "pairs_possible": error.pairs_possible}, status=status.HTTP_409_CONFLICT)


class DrawEngineView(APIView):
    authentication_classes = []
    permission_classes = [AllowAny]
    serializer_class = None

    def post(self, request):
        serializer = self.serializer_class(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            return Response(self.run(serializer.validated_data))
        except DrawError as error:
            return _conflict(error)

    def run(self, data):
        raise NotImplementedError


@extend_schema(
    summary="Pair one Swiss round", request=SwissRequestSerializer, responses=responses(SwissPairingSerializer)
)
class SwissPairingView(DrawEngineView):
    serializer_class = SwissRequestSerializer

    def run(self, data):
        competitors = [
            Competitor(
                c["id"],
                c["name"],
                c["points"],
                c["buchholz"],
                c["net_score"],
                c["total_score"],
                c["rating"],
                c["country"] or "",
                c["club"] or "",
                c["withdrawn"],
            )
            for c in data["competitors"]
        ]
        rng = random.Random(data["seed"]) if "seed" in data else None
        pairing = pair_round(
            competitors,
            played=[tuple(p) for p in data["played"]],
            byes=data["byes"],
            method=data["method"],
            round_no=data["round"],
            delay_top_players=data["delay_top_players"],
            delay_compatriots=data["delay_compatriots"],
            delay_club_mates=data["delay_club_mates"],
            first_round=data["first_round"],
            rng=rng,
            bye_score=tuple(data["bye_score"]),
        )
        return {"pairs": [list(p) for p in pairing.pairs], "bye": pairing.bye}


@extend_schema(
    summary="Standings from plain match results",
    request=StandingsRequestSerializer,
    responses=responses(StandingsAnswerSerializer),
)
class StandingsView(DrawEngineView):
    serializer_class = StandingsRequestSerializer

    def run(self, data):
        default = SWISS_PRECEDENCE if data["system"] == "swiss" else ROUND_ROBIN_PRECEDENCE
        rows = standings(data["competitors"], data["matches"], data.get("precedence") or default)
        fields = ("id", "name", "points", "buchholz", "net_score", "total_score", "boards", "played", "wins", "draws")
        return {
            "competitors": [
                {**{f: _number(getattr(r, f)) for f in fields}, "losses": r.losses, "rank": r.rank} for r in rows
            ]
        }


@extend_schema(
    summary="Berger round-robin schedule",
    request=RoundRobinRequestSerializer,
    responses=responses(RoundRobinAnswerSerializer),
)
class RoundRobinView(DrawEngineView):
    serializer_class = RoundRobinRequestSerializer

    def run(self, data):
        rounds = berger_rounds(data["n"], double=data["double"])
        return {"rounds": [[list(p) for p in rnd] for rnd in rounds]}


@extend_schema(
    summary="Seeded knockout bracket (first-round lines)",
    request=KnockoutRequestSerializer,
    responses=responses(KnockoutAnswerSerializer),
)
class KnockoutView(DrawEngineView):
    serializer_class = KnockoutRequestSerializer

    def run(self, data):
        size = bracket_size(data["seeds"])
        return {"slots": bracket_slots(data["seeds"]), "size": size, "round_name": round_name(size)}
