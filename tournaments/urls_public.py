"""Pages anyone may open: the published tournaments, a tournament and its events."""

from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.home, name="home"),
    path("t/<slug:slug>/", views.tournament_detail, name="tournament-detail"),
    path("t/<slug:slug>/events/<int:event_id>/", views.event_detail, name="event-detail"),
]
