"""The stage page: group tables, round-robin grids, Swiss pairings and standings, the knockout bracket."""

from django.urls import path

from stages import views

urlpatterns = [
    path("t/<slug:slug>/stages/<int:stage_id>/", views.stage_detail, name="stage-detail"),
]
