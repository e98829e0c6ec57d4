"""The personal links through the API, for the tournament's secretaries: the slips PDF (the tournament's, or one
event's) and "E-mail the personal links" (202: queued after commit)."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from core.api import ServiceAPIView
from core.http_errors import error_responses
from printing.export_api import JSONErrors
from printing.slip_views import mailed_message, slips_pdf
from printing.tasks import queue_link_mails
from tournaments.models import Event, Tournament
from tournaments.permissions import is_secretary

PDF = {(200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, "A4 pages of ten slips with cut marks.")}


class SecretaryView(ServiceAPIView):
    permission_classes = [IsAuthenticated]

    def tournament(self):
        tournament = get_object_or_404(
            Tournament.objects.visible_to(self.request.user), slug=self.kwargs["tournament_slug"]
        )
        self.require(
            is_secretary(self.request.user, tournament), _("Only a secretary of this tournament may change it.")
        )
        return tournament


class PersonalSlipsView(SecretaryView):
    """GET: the cut-out slips of every entered player's personal link (name, QR code, link, the tournament)."""

    content_negotiation_class = JSONErrors

    @extend_schema(responses={**PDF, **error_responses(403, 404)}, tags=["personal links"])
    def get(self, request, tournament_slug, event_pk=None):
        tournament = self.tournament()
        event = get_object_or_404(Event, pk=event_pk, tournament=tournament) if event_pk else None
        return slips_pdf(tournament, event, request)


class MailRequestSerializer(serializers.Serializer):
    event = serializers.IntegerField(required=False, help_text="Only this event's players.")


class MailQueuedSerializer(serializers.Serializer):
    queued = serializers.IntegerField(help_text="Players with an e-mail address, each sent their link once per key.")
    detail = serializers.CharField()


class MailPersonalLinksView(SecretaryView):
    """POST {"event"?}: e-mail every player with an address their personal link, after commit; never twice for the
    same link (a reissued link is sent again)."""

    @extend_schema(
        request=MailRequestSerializer,
        responses={202: MailQueuedSerializer, **error_responses(400, 403, 404)},
        tags=["personal links"],
    )
    def post(self, request, tournament_slug):
        tournament = self.tournament()
        data = self.valid(MailRequestSerializer)
        event = get_object_or_404(Event, pk=data["event"], tournament=tournament) if "event" in data else None
        count = queue_link_mails(tournament, event, request)
        return Response({"queued": count, "detail": mailed_message(count)}, status=202)
