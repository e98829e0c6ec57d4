"""The check-in desk of a round, for the officials (secretaries, chief referees, umpires)."""

from django.urls import path

from matches.checkin import views

urlpatterns = [
    path("t/<slug:slug>/rounds/<int:round_id>/checkin/", views.round_checkin, name="round-checkin"),
    path(
        "t/<slug:slug>/rounds/<int:round_id>/checkin/cancel-forfeits/",
        views.cancel_round_forfeits,
        name="round-cancel-forfeits",
    ),
]
