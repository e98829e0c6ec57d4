"""Stateless engine endpoints, mounted at api/rules/."""

from django.urls import path

from rules import api

urlpatterns = [
    path("", api.RuleSetListView.as_view(), name="rules-api-list"),
    path("<str:key>/", api.RuleSetDetailView.as_view(), name="rules-api-detail"),
    path("<str:key>/board/", api.BoardView.as_view(), name="rules-api-board"),
    path("<str:key>/game/", api.GameView.as_view(), name="rules-api-game"),
    path("<str:key>/match/", api.MatchView.as_view(), name="rules-api-match"),
    path("<str:key>/strokes/", api.StrokesView.as_view(), name="rules-api-strokes"),
]
