"""Players' API, under /api/tournaments/<slug:tournament_slug>/: a player's schedule, by id or personal link."""

from django.urls import path

from players import api

urlpatterns = [
    path("players/<int:player_id>/schedule/", api.PlayerScheduleView.as_view(), name="player-schedule-api"),
    path("me/<str:token>/", api.PersonalScheduleView.as_view(), name="personal-schedule-api"),
]
