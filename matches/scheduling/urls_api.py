"""Scheduling API, under /api/tournaments/<slug:tournament_slug>/: the venue, round schedules and clocks."""

from django.urls import path

from matches.scheduling import api

urlpatterns = [
    path("venue/", api.VenueView.as_view(), name="api-venue"),
    path("rounds/<int:round_id>/schedule/", api.RoundScheduleView.as_view(), name="api-round-schedule"),
    path("stages/<int:stage_id>/schedule/", api.StageScheduleView.as_view(), name="api-stage-schedule"),
    path("rounds/<int:round_id>/call/", api.RoundCallView.as_view(), name="api-round-call"),
    path("rounds/<int:round_id>/clock/", api.RoundClockView.as_view(), name="api-round-clock"),
    path("matches/<int:match_id>/move/", api.MatchMoveView.as_view(), name="api-match-move"),
    path("matches/<int:match_id>/umpire/", api.MatchUmpireView.as_view(), name="api-match-umpire"),
]
