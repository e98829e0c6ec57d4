"""Stateless draw-engine endpoints, mounted at ``/api/draws/``."""

from django.urls import path

from stages import draw_api

app_name = "draw_engine"

urlpatterns = [
    path("swiss/", draw_api.SwissPairingView.as_view(), name="swiss"),
    path("standings/", draw_api.StandingsView.as_view(), name="standings"),
    path("round-robin/", draw_api.RoundRobinView.as_view(), name="round-robin"),
    path("knockout/", draw_api.KnockoutView.as_view(), name="knockout"),
]
