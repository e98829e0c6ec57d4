"""Score card routes, mounted at /api/tournaments/<slug:tournament_slug>/matches/<int:match_pk>/ by config/urls.py."""

from django.urls import path

from scoring import api

urlpatterns = [
    path("scorecard/", api.ScoreCardView.as_view(), name="api-match-scorecard"),
    path("boards/", api.BoardView.as_view(), name="api-match-boards"),
    path("transition/", api.TransitionView.as_view(), name="api-match-transition"),
    path("confirm/", api.ConfirmView.as_view(), name="api-match-confirm"),
    path("replay/", api.ReplayView.as_view(), name="api-match-replay"),
    path("history/", api.HistoryView.as_view(), name="api-match-history"),
    path("toss/", api.TossView.as_view(), name="api-match-toss"),
    path("game-entry/", api.GameEntryView.as_view(), name="api-match-game-entry"),
]
