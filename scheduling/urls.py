"""Round pages, the secretary's schedule and the round clocks."""

from django.urls import path

from scheduling import views

match = "t/<slug:slug>/matches/<int:match_id>/"
round_ = "t/<slug:slug>/rounds/<int:round_id>/"

urlpatterns = [
    path(round_, views.round_detail, name="round-detail"),
    path(f"{round_}schedule/", views.round_schedule, name="round-schedule"),
    path(f"{round_}call/", views.round_call, name="round-call"),
    path(f"{round_}clock/", views.round_clock_start, name="round-clock"),
    path(f"{match}move/", views.match_move, name="match-move"),
    path(f"{match}umpire/", views.match_umpire, name="match-umpire"),
    path("t/<slug:slug>/venue/", views.venue_edit, name="venue-edit"),
]
