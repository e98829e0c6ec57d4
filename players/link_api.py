"""The players' links over the API, for the tournament's secretaries: a match's two links and a player's personal
link, each readable and revocable (POST .../revoke/: the old link answers 404 from then on, the answer holds the new
one)."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.http_errors import error_responses
from players import links
from stages.models import Match
from tournaments.models import EntryMember, Player, Tournament
from tournaments.permissions import is_secretary

MATCH_LINKS = inline_serializer("MatchLinks", {"a": serializers.URLField(), "b": serializers.URLField()})
PERSONAL_LINK = inline_serializer("PersonalLink", {"player": serializers.IntegerField(), "url": serializers.URLField()})
ERRORS = error_responses(403, 404)


class SecretaryLinkView(APIView):
    permission_classes = [IsAuthenticated]

    def tournament(self):
        tournament = get_object_or_404(Tournament, slug=self.kwargs["tournament_slug"])
        if not is_secretary(self.request.user, tournament):
            raise PermissionDenied(_("Only a secretary of this tournament hands out and revokes the players' links."))
        return tournament


class MatchLinksView(SecretaryLinkView):
    """GET: the links of both sides of a match."""

    def match(self):
        tournament = self.tournament()
        return get_object_or_404(
            Match.objects.select_related("stage__event__tournament"),
            pk=self.kwargs["match_pk"],
            stage__event__tournament=tournament,
        )

    def answer(self, match):
        return Response({side: links.match_link_url(match, side, self.request) for side in links.SIDES})

    @extend_schema(responses={200: MATCH_LINKS, **ERRORS})
    def get(self, request, tournament_slug, match_pk):
        return self.answer(self.match())


class RevokeMatchLinksView(MatchLinksView):
    """POST: revoke both links of the match; the answer holds the new ones."""

    http_method_names = ["post", "options"]

    @extend_schema(request=None, responses={200: MATCH_LINKS, **ERRORS})
    def post(self, request, tournament_slug, match_pk):
        match = self.match()
        links.revoke_match_links(match)
        return self.answer(match)


class PersonalLinkView(SecretaryLinkView):
    """GET: a player's personal link in the tournament."""

    def player(self, tournament):
        player = get_object_or_404(Player, pk=self.kwargs["player_id"])
        if not EntryMember.objects.filter(player=player, entry__event__tournament=tournament).exists():
            raise NotFound(_("This player is not entered in this tournament."))
        return player

    def answer(self, tournament, player):
        url = links.personal_link_url(tournament, player, self.request)
        return Response({"player": player.pk, "url": url})

    @extend_schema(responses={200: PERSONAL_LINK, **ERRORS})
    def get(self, request, tournament_slug, player_id):
        tournament = self.tournament()
        return self.answer(tournament, self.player(tournament))


class RevokePersonalLinkView(PersonalLinkView):
    """POST: revoke the player's personal link; the answer holds the new one."""

    http_method_names = ["post", "options"]

    @extend_schema(request=None, responses={200: PERSONAL_LINK, **ERRORS})
    def post(self, request, tournament_slug, player_id):
        tournament = self.tournament()
        player = self.player(tournament)
        links.revoke_personal_link(tournament, player)
        return self.answer(tournament, player)
