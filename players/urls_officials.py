"""The secretary's list of the players' personal links, to hand out."""

from django.urls import path

from players import views

urlpatterns = [
    path("t/<slug:slug>/players/", views.player_links, name="player-links"),
]
