"""Printed sheets anyone may download: pairings, results and standings (PDF)."""

from django.urls import path

from printing import views

round_ = "t/<slug:slug>/rounds/<int:round_id>/"

urlpatterns = [
    path(f"{round_}pairings.pdf", views.round_pairings, name="print-pairings"),
    path(f"{round_}results.pdf", views.round_results, name="print-results"),
    path("t/<slug:slug>/stages/<int:stage_id>/standings.pdf", views.stage_standings, name="print-standings"),
]
