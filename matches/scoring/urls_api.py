"""Score card and result API, under /api/tournaments/<slug:tournament_slug>/."""

from django.urls import path

from matches.scoring import api

match = "matches/<int:match_pk>/"

urlpatterns = [
    path(f"{match}scorecard/", api.ScoreCardView.as_view(), name="api-match-scorecard"),
    path(f"{match}boards/", api.BoardView.as_view(), name="api-match-boards"),
    path(f"{match}transition/", api.TransitionView.as_view(), name="api-match-transition"),
    path(f"{match}confirm/", api.ConfirmView.as_view(), name="api-match-confirm"),
    path(f"{match}replay/", api.ReplayView.as_view(), name="api-match-replay"),
    path(f"{match}history/", api.HistoryView.as_view(), name="api-match-history"),
    path(f"{match}toss/", api.TossView.as_view(), name="api-match-toss"),
    path(f"{match}game-entry/", api.GameEntryView.as_view(), name="api-match-game-entry"),
    # The secretary's results share their paths, and their parameter's name, with the stages' match API.
    path("matches/<int:pk>/result/", api.ResultView.as_view(), name="api-match-result"),
    path("matches/<int:pk>/walkover/", api.WalkoverView.as_view(), name="api-match-walkover"),
    path("rounds/<int:round_pk>/results/", api.RoundResultsView.as_view(), name="api-round-results"),
]
