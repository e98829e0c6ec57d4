"""Championships API: the championships and their rankings, read by anyone."""

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from history.championships import selectors
from history.championships.serializers import ChampionshipRankingRowSerializer, ChampionshipSerializer


class ChampionshipViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = ChampionshipSerializer
    permission_classes = [permissions.AllowAny]
    filterset_fields = ["guid", "club", "closed"]

    def get_queryset(self):
        return selectors.championships().prefetch_related("tournaments")

    @extend_schema(responses=ChampionshipRankingRowSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None, filter_backends=[])
    def ranking(self, request, pk=None):
        columns, rows = selectors.ranking(self.get_object())
        return Response(ChampionshipRankingRowSerializer(ranking_rows(columns, rows), many=True).data)


def ranking_rows(columns, rows):
    return [
        {
            "rank": row.rank,
            "players": row.players,
            "points": row.points,
            "played": row.played,
            "skipped": row.skipped,
            "tournaments": [
                {
                    "guid": column.tournament.guid,
                    "slug": column.tournament.slug,
                    "points": prize,
                    "played": column.event.pk in row.events,
                }
                for column, prize in zip(columns, row.prizes, strict=True)
            ],
        }
        for row in rows
    ]
