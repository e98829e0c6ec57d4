"""The secretary's scheduling: the venue, a round's schedule, its call and clock, moving a match, its umpire."""

from django.urls import path

from matches.scheduling import views

match = "t/<slug:slug>/matches/<int:match_id>/"
round_ = "t/<slug:slug>/rounds/<int:round_id>/"

urlpatterns = [
    path(f"{round_}schedule/", views.round_schedule, name="round-schedule"),
    path("t/<slug:slug>/stages/<int:stage_id>/schedule/", views.stage_schedule, name="stage-schedule"),
    path(f"{round_}call/", views.round_call, name="round-call"),
    path(f"{round_}clock/", views.round_clock_start, name="round-clock"),
    path(f"{match}move/", views.match_move, name="match-move"),
    path(f"{match}umpire/", views.match_umpire, name="match-umpire"),
    path("t/<slug:slug>/venue/", views.venue_edit, name="venue-edit"),
]
