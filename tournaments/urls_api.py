from django.urls import include, path
from rest_framework.routers import DefaultRouter, SimpleRouter

from . import api, stage_api

router = DefaultRouter()
router.register("tournaments", api.TournamentViewSet, basename="tournament")
router.register("players", api.PlayerViewSet, basename="player")
router.register("clubs", api.ClubViewSet, basename="club")

events = SimpleRouter()
events.register("events", api.EventViewSet, basename="event")

entries = SimpleRouter()
entries.register("entries", api.EntryViewSet, basename="entry")

# Stages, rounds and matches (tournaments.stage_api). Basenames carry "api-" so they never shadow the pages' names.
stages = SimpleRouter()
stages.register("stages", stage_api.StageViewSet, basename="api-stage")
stages.register("matches", stage_api.MatchViewSet, basename="api-match")

event_stages = SimpleRouter()
event_stages.register("stages", stage_api.EventStageViewSet, basename="api-event-stage")

stage_rounds = SimpleRouter()
stage_rounds.register("rounds", stage_api.RoundViewSet, basename="api-stage-round")

urlpatterns = [
    path("", include(router.urls)),
    path("tournaments/<slug:tournament_slug>/", include(events.urls)),
    path("tournaments/<slug:tournament_slug>/events/<int:event_pk>/", include(entries.urls)),
    path("tournaments/<slug:tournament_slug>/events/<int:event_pk>/", include(event_stages.urls)),
    path("tournaments/<slug:tournament_slug>/", include(stages.urls)),
    path("tournaments/<slug:tournament_slug>/stages/<int:stage_pk>/", include(stage_rounds.urls)),
    path(
        "tournaments/<slug:tournament_slug>/events/<int:event_pk>/import/",
        api.ImportEntriesView.as_view(),
        name="event-import",
    ),
]
