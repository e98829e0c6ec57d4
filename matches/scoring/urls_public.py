"""The match page: who plays, where, the score as it stands."""

from django.urls import path

from matches.scoring import views

urlpatterns = [
    path("t/<slug:slug>/matches/<int:match_id>/", views.match_detail, name="match-detail"),
]
