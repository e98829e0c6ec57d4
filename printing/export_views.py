"""Exports and printed outcomes for anyone who may see the tournament: entries, results and standings as CSV or
XLSX; final placings and the knockout bracket as PDF. Each view checks who asks (visible_tournament: a draft
tournament is its officials' only), loads through printing.export_data or printing.outcome_data, and hands the
bytes over."""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _

from printing import export_data, exports, outcome_data
from printing import outcome_pdf as outcome
from printing.selectors import NoStandings
from printing.views import pdf_response
from stages.models import Stage
from tournaments.models import Event
from tournaments.scoping import visible_tournament

CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def export_response(sheets, fmt, name_parts, section_column=None):
    """The sheets as a file to save: `fmt` "csv" (several sheets in one table, told apart by `section_column`)
    or "xlsx" (a worksheet each), named e.g. open-2026-singles-results.csv."""
    if fmt == "csv":
        data = exports.to_csv(sheets, section_column if len(sheets) > 1 else None)
    else:
        data = exports.to_xlsx(sheets)
    response = HttpResponse(data, content_type=CONTENT_TYPES[fmt])
    filename = "-".join(slugify(str(part)) for part in name_parts if part) + f".{fmt}"
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


def visible_event(request, slug, event_id):
    tournament = visible_tournament(request, slug)
    return get_object_or_404(Event.objects.select_related("tournament"), pk=event_id, tournament=tournament)


def visible_stage(request, slug, stage_id):
    tournament = visible_tournament(request, slug)
    return get_object_or_404(
        Stage.objects.select_related("event__tournament"), pk=stage_id, event__tournament=tournament
    )


# ---------------------------------------------------------------- the exports: one function per document, any format


def entries_export(event, fmt):
    return export_response(export_data.entries_sheet(event), fmt, (event.tournament.slug, event.name, "entries"))


def event_results_export(event, fmt):
    return export_response(export_data.event_results(event), fmt, (event.tournament.slug, event.name, "results"))


def stage_results_export(stage, fmt):
    name = (stage.event.tournament.slug, stage.event.name, stage.name, "results")
    return export_response(export_data.stage_results(stage), fmt, name)


def stage_standings_export(stage, fmt):
    """Raises NoStandings for a knockout."""
    sheets = export_data.standings_sheets(stage)
    name = (stage.event.tournament.slug, stage.event.name, stage.name, "standings")
    return export_response(sheets, fmt, name, section_column=_("Group"))


# ---------------------------------------------------------------- pages


def event_entries(request, slug, event_id, fmt):
    return entries_export(visible_event(request, slug, event_id), fmt)


def event_results(request, slug, event_id, fmt):
    return event_results_export(visible_event(request, slug, event_id), fmt)


def stage_results(request, slug, stage_id, fmt):
    return stage_results_export(visible_stage(request, slug, stage_id), fmt)


def stage_standings(request, slug, stage_id, fmt):
    try:
        return stage_standings_export(visible_stage(request, slug, stage_id), fmt)
    except NoStandings as error:
        raise Http404(str(error)) from None


def stage_placings(request, slug, stage_id):
    stage = visible_stage(request, slug, stage_id)
    heading, sections = outcome_data.stage_placings_sheet(stage)
    return pdf_response(outcome.placings_sheet(heading, sections), slug, stage.event.name, stage.name, "placings")


def event_placings(request, slug, event_id):
    event = visible_event(request, slug, event_id)
    heading, sections = outcome_data.event_placings_sheet(event)
    return pdf_response(outcome.placings_sheet(heading, sections), slug, event.name, "placings")


def stage_bracket(request, slug, stage_id):
    """A knockout's bracket; any other stage has none (404)."""
    stage = visible_stage(request, slug, stage_id)
    try:
        heading, rounds, third, champion = outcome_data.bracket_sheet_data(stage)
    except outcome_data.NoBracket as error:
        raise Http404(str(error)) from None
    data = outcome.bracket_sheet(heading, rounds, third, champion)
    return pdf_response(data, slug, stage.event.name, stage.name, "bracket")
