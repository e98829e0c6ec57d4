"""Printed sheets anyone may download: pairings, results, standings, placings and the bracket (PDF); entries,
results and standings as spreadsheets (CSV, XLSX)."""

from django.urls import path

from printing import export_views, receipt_views, views

round_ = "t/<slug:slug>/rounds/<int:round_id>/"


event = "t/<slug:slug>/events/<int:event_id>/"
stage = "t/<slug:slug>/stages/<int:stage_id>/"

urlpatterns = [
    path(f"{round_}pairings.pdf", views.round_pairings, name="print-pairings"),
    path(f"{round_}results.pdf", views.round_results, name="print-results"),
    path("t/<slug:slug>/stages/<int:stage_id>/standings.pdf", views.stage_standings, name="print-standings"),
    path(f"{stage}placings.pdf", export_views.stage_placings, name="print-stage-placings"),
    path(f"{event}placings.pdf", export_views.event_placings, name="print-event-placings"),
    path(f"{stage}bracket.pdf", export_views.stage_bracket, name="print-bracket"),
    # A federation's receipt of its entry fees, by its delegate's link (federations.links).
    path(
        "t/<slug:slug>/federation/<str:token>/receipt.pdf",
        receipt_views.federation_receipt,
        name="federation-receipt",
    ),
]

# Spreadsheets: the same view for either format, named e.g. "export-stage-standings-csv" and "...-xlsx".
urlpatterns += [
    path(f"{prefix}{document}.{fmt}", view, {"fmt": fmt}, name=f"{name}-{fmt}")
    for prefix, document, view, name in (
        (event, "entries", export_views.event_entries, "export-entries"),
        (event, "results", export_views.event_results, "export-event-results"),
        (stage, "results", export_views.stage_results, "export-stage-results"),
        (stage, "standings", export_views.stage_standings, "export-stage-standings"),
    )
    for fmt in ("csv", "xlsx")
]
