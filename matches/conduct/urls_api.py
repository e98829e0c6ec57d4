"""The referee's desk API, under /api/tournaments/<slug:tournament_slug>/."""

from django.urls import path

from matches.conduct import api

conduct = "matches/<int:match_id>/conduct/"

urlpatterns = [
    path(conduct, api.ConductStateView.as_view(), name="api-match-conduct"),
    path(f"{conduct}warnings/", api.WarningView.as_view(), name="api-match-conduct-warnings"),
    path(f"{conduct}losses/", api.LossView.as_view(), name="api-match-conduct-losses"),
    path(f"{conduct}concessions/", api.ConcessionView.as_view(), name="api-match-conduct-concessions"),
    path(f"{conduct}rest/back/", api.BackView.as_view(), name="api-match-conduct-back"),
    path("conduct/record/", api.RecordView.as_view(), name="api-disciplinary-record"),
]
