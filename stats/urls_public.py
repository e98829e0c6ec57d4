"""The statistics pages, public as the tournament's other pages."""

from django.urls import path

from stats import views

urlpatterns = [
    path("t/<slug:slug>/statistics/", views.tournament_statistics, name="tournament-statistics"),
    path("t/<slug:slug>/events/<int:event_id>/statistics/", views.event_statistics, name="event-statistics"),
    path("t/<slug:slug>/statistics/players/<int:player_id>/", views.player_statistics, name="player-statistics"),
]
