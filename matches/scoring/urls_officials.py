"""The umpire's matches and score card, the officials' history of a match, the secretary's result entry from the
stage page and the round's results grid."""

from django.urls import path

from matches.scoring import results_grid, views

match = "t/<slug:slug>/matches/<int:match_id>/"

urlpatterns = [
    path("t/<slug:slug>/my-matches/", views.my_matches, name="my-matches"),
    path(f"{match}card/", views.match_card, name="match-card"),
    path(f"{match}history/", views.match_history, name="match-history"),
    path("t/<slug:slug>/stages/<int:stage_id>/matches/<int:match_id>/result/", views.match_result, name="match-result"),
    path("t/<slug:slug>/rounds/<int:round_id>/results/", results_grid.round_results, name="round-results"),
]
