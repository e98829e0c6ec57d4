"""Tournaments API: tournaments, players, clubs, events, entries and the entry import."""

from django.urls import include, path
from rest_framework.routers import DefaultRouter, SimpleRouter

from tournaments import api

router = DefaultRouter()
router.register("tournaments", api.TournamentViewSet, basename="tournament")
router.register("players", api.PlayerViewSet, basename="player")
router.register("clubs", api.ClubViewSet, basename="club")

events = SimpleRouter()
events.register("events", api.EventViewSet, basename="event")

entries = SimpleRouter()
entries.register("entries", api.EntryViewSet, basename="entry")

urlpatterns = [
    path("", include(router.urls)),
    path("tournaments/<slug:tournament_slug>/", include(events.urls)),
    path("tournaments/<slug:tournament_slug>/events/<int:event_pk>/", include(entries.urls)),
    path("tournaments/<slug:tournament_slug>/officials/", api.OfficialsView.as_view(), name="api-officials"),
    path(
        "tournaments/<slug:tournament_slug>/events/<int:event_pk>/import/",
        api.ImportEntriesView.as_view(),
        name="event-import",
    ),
]
