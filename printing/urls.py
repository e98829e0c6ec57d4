"""Printed sheets (PDF): score cards, pairings, results and standings."""

from django.urls import path

from printing import views

match = "t/<slug:slug>/matches/<int:match_id>/"
round_ = "t/<slug:slug>/rounds/<int:round_id>/"

urlpatterns = [
    path(f"{round_}score-cards.pdf", views.round_score_cards, name="print-round-score-cards"),
    path(f"{match}score-card.pdf", views.match_score_card, name="print-match-score-card"),
    path(
        "t/<slug:slug>/events/<int:event_id>/blank-score-cards.pdf",
        views.blank_score_cards,
        name="print-blank-score-cards",
    ),
    path(f"{round_}pairings.pdf", views.round_pairings, name="print-pairings"),
    path(f"{round_}results.pdf", views.round_results, name="print-results"),
    path("t/<slug:slug>/stages/<int:stage_id>/standings.pdf", views.stage_standings, name="print-standings"),
]
