"""Players' pages: the personal link, a logged-in player's schedule and the secretary's list of links."""

from django.urls import path

from players import views

urlpatterns = [
    path("t/<slug:slug>/me/", views.my_schedule, name="my-schedule"),
    path("t/<slug:slug>/me/<str:token>/", views.player_schedule, name="player-schedule"),
    path("t/<slug:slug>/players/", views.player_links, name="player-links"),
]
