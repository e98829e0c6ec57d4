"""Stages API: stages, rounds and matches of a tournament. Basenames carry "api-" so they never shadow the pages'
names."""

from django.urls import include, path
from rest_framework.routers import SimpleRouter

from stages import api

stages = SimpleRouter()
stages.register("stages", api.StageViewSet, basename="api-stage")
stages.register("matches", api.MatchViewSet, basename="api-match")

event_stages = SimpleRouter()
event_stages.register("stages", api.EventStageViewSet, basename="api-event-stage")

stage_rounds = SimpleRouter()
stage_rounds.register("rounds", api.RoundViewSet, basename="api-stage-round")

urlpatterns = [
    path("tournaments/<slug:tournament_slug>/events/<int:event_pk>/", include(event_stages.urls)),
    path("tournaments/<slug:tournament_slug>/", include(stages.urls)),
    path("tournaments/<slug:tournament_slug>/stages/<int:stage_pk>/", include(stage_rounds.urls)),
]
