"""Exports through the API (CSV, XLSX): under /api/tournaments/<slug>/. Included before the tournaments API, whose
router would take `entries.csv` for a format suffix."""

from django.urls import path

from printing import export_api as api
from printing import slips_api

event = "tournaments/<slug:tournament_slug>/events/<int:event_pk>/"
stage = "tournaments/<slug:tournament_slug>/stages/<int:stage_pk>/"

urlpatterns = [
    route
    for fmt in ("csv", "xlsx")
    for route in (
        path(f"{event}entries.{fmt}", api.for_format(api.EntriesExport, fmt).as_view(), name=f"api-entries-{fmt}"),
        path(
            f"{event}results.{fmt}",
            api.for_format(api.EventResultsExport, fmt).as_view(),
            name=f"api-event-results-{fmt}",
        ),
        path(
            f"{stage}results.{fmt}",
            api.for_format(api.StageResultsExport, fmt).as_view(),
            name=f"api-stage-results-{fmt}",
        ),
        path(
            f"{stage}standings.{fmt}",
            api.for_format(api.StageStandingsExport, fmt).as_view(),
            name=f"api-stage-standings-{fmt}",
        ),
    )
]

# The personal links, for secretaries: slips (PDF) and the e-mail.
urlpatterns += [
    path(
        "tournaments/<slug:tournament_slug>/personal-links.pdf",
        slips_api.PersonalSlipsView.as_view(),
        name="api-personal-slips",
    ),
    path(f"{event}personal-links.pdf", slips_api.PersonalSlipsView.as_view(), name="api-event-personal-slips"),
    path(
        "tournaments/<slug:tournament_slug>/personal-links/email/",
        slips_api.MailPersonalLinksView.as_view(),
        name="api-email-personal-links",
    ),
]
