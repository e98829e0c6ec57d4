"""The secretary's pages: a new tournament, its settings, a new event, the entry import."""

from django.urls import path

from tournaments import views

urlpatterns = [
    path("tournaments/new/", views.tournament_create, name="tournament-create"),
    path("t/<slug:slug>/edit/", views.tournament_edit, name="tournament-edit"),
    path("t/<slug:slug>/events/new/", views.event_create, name="event-create"),
    path("t/<slug:slug>/events/<int:event_id>/import/", views.event_import, name="event-import-page"),
]
