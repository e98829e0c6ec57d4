"""A player's own pages: by personal link (no login) or logged in."""

from django.urls import path

from players import views

urlpatterns = [
    path("t/<slug:slug>/me/", views.my_schedule, name="my-schedule"),
    path("t/<slug:slug>/me/<str:token>/", views.player_schedule, name="player-schedule"),
]
