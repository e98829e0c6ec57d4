"""The umpire's stroke page of a match."""

from django.urls import path

from matches.strokes import views

urlpatterns = [
    path("t/<slug:slug>/matches/<int:match_id>/strokes/", views.kept_board, name="match-strokes"),
]
