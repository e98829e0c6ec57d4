"""Protest API, scoped by the tournament in the URL: umpires log protests with their fees (ICF 145: without the fee
a protest is refused) and attach the written protest and its photos, the tournament authority decides, the
players of the match read. Each view checks one rule of `protests.permissions` and calls one service; a refused
operation answers 400 ``{field: [message]}``, a forbidden one 403, a decision another official made first 409 with
the protest as it now stands."""

import re

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from core.api import ServiceAPIView
from core.errors import Conflict
from core.http_errors import ErrorSerializer, error_responses
from protests import evidence, fees, permissions, selectors, services
from protests.serializers import (
    DecisionConflictSerializer,
    DecisionSerializer,
    FeeSettingsAnswerSerializer,
    FeeSettingsSerializer,
    LedgerSerializer,
    LogProtestSerializer,
    PhotoSerializer,
    PhotoUploadSerializer,
    ProtestSerializer,
    WrittenProtestSerializer,
)
from stages.models import Match
from tournaments.models import Tournament

NO_WITHDRAWAL = gettext_lazy("ICF 149: once lodged, a protest cannot be withdrawn.")
READ = error_responses(403, 404)
WRITE = error_responses(400, 403, 404)


class ProtestAPIView(ServiceAPIView):
    permission_classes = [IsAuthenticated]

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        self.tournament = get_object_or_404(Tournament.objects.visible_to(request.user), slug=kwargs["tournament_slug"])

    def get_protest(self):
        protest = get_object_or_404(selectors.tournament_protests(self.tournament), pk=self.kwargs["pk"])
        if not permissions.can_read(self.request.user, protest.match):
            raise NotFound()
        return protest

    def protest(self, protest, status=200):
        """A service's protest as saved, read again with the officials who logged, received and decided it."""
        protest = selectors.protest_queryset().get(pk=protest.pk)
        return Response(self.serialized(protest), status=status)

    def serialized(self, protest, many=False):
        return ProtestSerializer(protest, many=many, context={"request": self.request}).data


class ProtestListView(ProtestAPIView):
    """GET: the protests you may see (filters `status`, `match`). POST: log an oral protest (ICF 145)."""

    @extend_schema(
        parameters=[OpenApiParameter("status", str), OpenApiParameter("match", int)],
        responses={200: ProtestSerializer(many=True), **READ},
    )
    def get(self, request, tournament_slug):
        protests = selectors.visible_protests(request.user, self.tournament)
        status, match = request.query_params.get("status"), request.query_params.get("match")
        if status:
            protests = protests.filter(status=status)
        if match:
            protests = protests.filter(match_id=int(match) if re.fullmatch(r"[0-9]{1,18}", match) else 0)
        return Response(self.serialized(protests, many=True))

    @extend_schema(request=LogProtestSerializer, responses={201: ProtestSerializer, **WRITE})
    def post(self, request, tournament_slug):
        data = dict(self.valid(LogProtestSerializer))
        match = Match.with_rubbers.filter(pk=data.pop("match"), stage__event__tournament=self.tournament).first()
        if match is None:
            return Response({"match": [_("No such match in this tournament.")]}, status=400)
        self.require(
            permissions.can_log(request.user, match), _("Only the umpire of this match or an official logs it.")
        )
        protest = services.log_oral_protest(match, user=request.user, **data)
        return self.protest(protest, status=201)


class ProtestDetailView(ProtestAPIView):
    """GET: one protest. DELETE: refused, a protest is never withdrawn (ICF 149)."""

    @extend_schema(responses={200: ProtestSerializer, **READ})
    def get(self, request, tournament_slug, pk):
        return Response(self.serialized(self.get_protest()))

    @extend_schema(responses={405: OpenApiResponse(ErrorSerializer, NO_WITHDRAWAL), **READ})
    def delete(self, request, tournament_slug, pk):
        self.get_protest()
        return Response({"detail": str(NO_WITHDRAWAL)}, status=405)


class ProtestWrittenView(ProtestAPIView):
    """POST: the written protest, within the window after the board (ICF 146; queen2 ¶18); a late one is refused
    with its deadline."""

    @extend_schema(request=WrittenProtestSerializer, responses={200: ProtestSerializer, **WRITE})
    def post(self, request, tournament_slug, pk):
        protest = self.get_protest()
        self.require(
            permissions.can_log(request.user, protest.match),
            _("ICF 144: the written protest is submitted through the umpire or the chief referee."),
        )
        data = self.valid(WrittenProtestSerializer)
        return self.protest(services.lodge_written(protest, user=request.user, **data))


class ProtestDecisionView(ProtestAPIView):
    """POST {"outcome": "upheld" | "overruled" | "rejected" | "abusive", "reason"}: the decision (ICF 148, 151).
    Decided meanwhile by another official: 409 with the refusal and the protest as it now stands."""

    @extend_schema(
        request=DecisionSerializer,
        responses={200: ProtestSerializer, 409: DecisionConflictSerializer, **WRITE},
    )
    def post(self, request, tournament_slug, pk):
        protest = self.get_protest()
        self.require(
            permissions.can_decide(request.user, protest.match),
            _("ICF 151: a secretary or chief referee decides, never the umpire of the match."),
        )
        data = self.valid(DecisionSerializer)
        try:
            decided = services.decide(protest, data["outcome"], data["reason"], request.user)
        except Conflict as error:
            current = selectors.protest_queryset().get(pk=protest.pk)
            return Response({**error.as_dict(), "protest": self.serialized(current)}, status=409)
        return self.protest(decided)


class ProtestPhotosView(ProtestAPIView):
    """GET: the photos of the protest (officials and umpires). POST (multipart, one `image`, optional `caption`):
    attach a photo to a protest not yet decided; images only, size-limited (PROTEST_PHOTO_MAX_BYTES)."""

    parser_classes = [MultiPartParser, FormParser]

    def get_photo_protest(self):
        protest = self.get_protest()
        if not permissions.can_see_evidence(self.request.user, protest.match):
            raise NotFound()
        return protest

    @extend_schema(responses={200: PhotoSerializer(many=True), **READ})
    def get(self, request, tournament_slug, pk):
        protest = self.get_photo_protest()
        return Response(PhotoSerializer(evidence.photos_for(request.user, protest), many=True).data)

    @extend_schema(request={"multipart/form-data": PhotoUploadSerializer}, responses={201: PhotoSerializer, **WRITE})
    def post(self, request, tournament_slug, pk):
        protest = self.get_photo_protest()
        self.require(
            permissions.can_log(request.user, protest.match),
            _("ICF 144: the written protest is submitted through the umpire or the chief referee."),
        )
        data = self.valid(PhotoUploadSerializer)
        photo = evidence.add_photo(protest, data["image"], request.user, data["caption"])
        return Response(PhotoSerializer(photo).data, status=201)


class ProtestPhotoFileView(ProtestAPIView):
    """GET: the image itself, to the tournament's officials and umpires only (404 for anyone else)."""

    @extend_schema(responses={(200, "image/*"): OpenApiTypes.BINARY, **READ})
    def get(self, request, tournament_slug, pk, photo_pk):
        photo = evidence.photo_of(request.user, self.tournament, pk, photo_pk)
        if photo is None:
            raise Http404
        return evidence.photo_response(photo)


class LedgerView(ProtestAPIView):
    """GET: the scrutiny fees: paid, held, refunded and forfeited per currency, and every fee paid."""

    @extend_schema(responses={200: LedgerSerializer, **READ})
    def get(self, request, tournament_slug):
        self.require(permissions.can_see_ledger(request.user, self.tournament), _("The fee ledger is for officials."))
        return Response(LedgerSerializer(fees.ledger(self.tournament)).data)


class FeeSettingsView(ProtestAPIView):
    """GET: the tournament's scrutiny fee (ICF 145). PUT: a secretary sets it."""

    @extend_schema(responses={200: FeeSettingsAnswerSerializer, **READ})
    def get(self, request, tournament_slug):
        self.require(permissions.is_staff_of(request.user, self.tournament), _("For the tournament's officials."))
        fee = fees.fee_of(self.tournament) or {"fee_amount": None, "fee_currency": None}
        return Response(FeeSettingsAnswerSerializer(fee).data)

    @extend_schema(request=FeeSettingsSerializer, responses={200: FeeSettingsSerializer, **WRITE})
    def put(self, request, tournament_slug):
        self.require(permissions.can_set_fee(request.user, self.tournament), _("Only a secretary sets the fee."))
        data = self.valid(FeeSettingsSerializer)
        fee = services.set_fee(self.tournament, data["fee_amount"], data["fee_currency"])
        return Response(FeeSettingsSerializer(fee).data)
