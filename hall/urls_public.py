"""The hall display: for a projector or a TV in the hall, no login."""

from django.urls import path

from hall import views

urlpatterns = [
    path("t/<slug:slug>/hall/", views.hall_display, name="tournament-hall"),
    path("t/<slug:slug>/hall/state.json", views.hall_state, name="tournament-hall-state"),
]
