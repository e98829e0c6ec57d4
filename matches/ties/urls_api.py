"""The team ties API, under /api/tournaments/<slug:tournament_slug>/."""

from django.urls import path

from matches.ties import api

urlpatterns = [
    path("matches/<int:match_id>/tie/", api.TieView.as_view(), name="api-match-tie"),
    path("matches/<int:match_id>/line-ups/<str:side>/", api.LineUpView.as_view(), name="api-match-line-up"),
]
