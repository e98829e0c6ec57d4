"""Ratings API: the ratings, and each one's ranking (as SoL ranks a rating)."""

from drf_spectacular.utils import extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action

from history.ratings import selectors
from history.ratings.serializers import RankingRowSerializer, RatingSerializer
from tournaments.privacy import players_visible_to


class RatingViewSet(viewsets.ReadOnlyModelViewSet):
    """Ratings; `?guid=` finds one by its SoL guid. Ratings are entered in the admin or imported from SoL."""

    serializer_class = RatingSerializer
    filterset_fields = ["guid", "level"]

    def get_queryset(self):
        return selectors.ratings()

    @extend_schema(responses=RankingRowSerializer(many=True))
    @action(detail=True, methods=["get"], serializer_class=RankingRowSerializer, filterset_fields=[])
    def ranking(self, request, pk=None):
        """Each player's latest rate, highest first (equal rates: the player entered first); only the players you
        may see (a player entered only in a draft tournament stays with its officials), none who keeps their rating
        private; a player who keeps their name private has their shown name as first_name."""
        players = players_visible_to(request.user).filter(publish_rating=True)
        rows = selectors.ranking(self.get_object(), players)
        page = self.paginate_queryset(rows)
        return self.get_paginated_response(RankingRowSerializer(page, many=True).data)
