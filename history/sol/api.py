"""SoL files over the API: a tournament's export, an import queued in the background and its progress."""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from core.http_errors import error_responses
from history.sol.exporting import export_tournaments
from history.sol.models import ImportJob
from history.sol.serializers import ImportJobSerializer, UploadSerializer
from history.sol.services import start_import
from tournaments.models import Player, Tournament
from tournaments.permissions import can_create_tournament
from tournaments.privacy import birth_dates_shown


def sol_file_response(tournament, user):
    """The tournament's SoL file, with the dates of birth `user` may see (tournaments.privacy)."""
    entered = Player.objects.filter(memberships__entry__event__tournament=tournament)
    content = export_tournaments([tournament], birth_dates=birth_dates_shown(user, entered))
    response = HttpResponse(content, content_type="application/gzip")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.sol.gz"'
    return response


class ExportView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        responses={
            200: OpenApiResponse(
                OpenApiTypes.BINARY,
                description="gzipped YAML, SoL 5's .sol.gz. Players' dates of birth only for the tournament's "
                "secretaries and chief referees.",
            )
        },
    )
    def get(self, request, tournament_slug):
        tournament = get_object_or_404(Tournament.objects.visible_to(request.user), slug=tournament_slug)
        return sol_file_response(tournament, request.user)


class MayImport(permissions.BasePermission):
    message = gettext_lazy("Only a tournament secretary may import SoL files.")

    def has_permission(self, request, view):
        return can_create_tournament(request.user)


class ImportView(APIView):
    permission_classes = [MayImport]
    parser_classes = [MultiPartParser]

    @extend_schema(request=UploadSerializer, responses={202: ImportJobSerializer, **error_responses(400, 403)})
    def post(self, request):
        upload = UploadSerializer(data=request.data)
        upload.is_valid(raise_exception=True)
        job = start_import(request.user, upload.validated_data["file"])
        job.refresh_from_db()
        return Response(ImportJobSerializer(job).data, status=status.HTTP_202_ACCEPTED)


class ImportStatusView(APIView):
    permission_classes = [MayImport]

    @extend_schema(responses={200: ImportJobSerializer, **error_responses(403, 404)})
    def get(self, request, job_id):
        jobs = ImportJob.objects.all() if request.user.is_superuser else ImportJob.objects.filter(user=request.user)
        return Response(ImportJobSerializer(get_object_or_404(jobs, pk=job_id)).data)
