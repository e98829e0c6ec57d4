"""The round page: pairings by time and table, umpires, scores and the round clock."""

from django.urls import path

from matches.scheduling import views

urlpatterns = [
    path("t/<slug:slug>/rounds/<int:round_id>/", views.round_detail, name="round-detail"),
]
