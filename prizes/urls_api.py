"""Prizes API: an event's prize rules (GET, PUT) and its prize list (GET)."""

from django.urls import path

from prizes import api

event = "tournaments/<slug:tournament_slug>/events/<int:event_pk>/"

urlpatterns = [
    path(f"{event}prize-categories/", api.PrizeCategoriesView.as_view(), name="api-event-prize-categories"),
    path(f"{event}prizes/", api.EventPrizesView.as_view(), name="api-event-prizes"),
]
