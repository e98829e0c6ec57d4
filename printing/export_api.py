"""The exports through the API: an event's entries and results, a stage's results and standings, as CSV or XLSX
files, for whoever may see the tournament (the same functions as the pages' links).

A file answers whatever the Accept header asks; an error answers JSON, as everywhere under /api/."""

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.views import APIView

from core.http_errors import error_responses
from printing import export_views
from printing.selectors import NoStandings
from stages.models import Stage
from tournaments.models import Event, Tournament

DESCRIPTIONS = {
    "csv": "UTF-8 CSV with a header row in the caller's language.",
    "xlsx": "An XLSX workbook (figures as numbers), a worksheet per group for a groups stage's standings.",
}


class JSONErrors(BaseContentNegotiation):
    """The file is the answer whatever is accepted; errors (the only rendered answers) are JSON."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class ExportView(APIView):
    """GET only; the tournament must be one the caller may see (else 404)."""

    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = JSONErrors
    fmt = "csv"

    def tournament(self):
        return get_object_or_404(Tournament.objects.visible_to(self.request.user), slug=self.kwargs["tournament_slug"])

    def event(self):
        return get_object_or_404(
            Event.objects.select_related("tournament"), pk=self.kwargs["event_pk"], tournament=self.tournament()
        )

    def stage(self):
        return get_object_or_404(
            Stage.objects.select_related("event__tournament"),
            pk=self.kwargs["stage_pk"],
            event__tournament=self.tournament(),
        )


class EntriesExport(ExportView):
    """Every entry of the event (withdrawn ones marked): seed, name, club, country, rating."""

    def get(self, request, **kwargs):
        return export_views.entries_export(self.event(), self.fmt)


class EventResultsExport(ExportView):
    """Every match of the event's published rounds: stage, round, group, table, sides, games, points, status."""

    def get(self, request, **kwargs):
        return export_views.event_results_export(self.event(), self.fmt)


class StageResultsExport(ExportView):
    """Every match of the stage's published rounds: round, group, table, sides, games, points, status."""

    def get(self, request, **kwargs):
        return export_views.stage_results_export(self.stage(), self.fmt)


class StageStandingsExport(ExportView):
    """The stage's standings from its published rounds, per group for a groups stage; a knockout has none (404)."""

    def get(self, request, **kwargs):
        try:
            return export_views.stage_standings_export(self.stage(), self.fmt)
        except NoStandings as error:
            raise NotFound(str(error)) from None


def for_format(view, fmt):
    """The view answering `fmt`, documented with that file type."""
    documented = extend_schema(
        responses={
            (200, export_views.CONTENT_TYPES[fmt].split(";")[0]): OpenApiResponse(
                OpenApiTypes.BINARY, DESCRIPTIONS[fmt]
            ),
            **error_responses(404),
        },
        operation_id=f"{view.__name__}_{fmt}",
        tags=["exports"],
    )

    # On the method, not the class: drf-spectacular takes an operation id only from an operation.
    def get(self, request, **kwargs):
        return view.get(self, request, **kwargs)

    return type(f"{view.__name__}{fmt.upper()}", (view,), {"fmt": fmt, "__doc__": view.__doc__, "get": documented(get)})
