"""Match pages: the match, the umpire's score card and the officials' history."""

from django.urls import path

from scoring import views

match = "t/<slug:slug>/matches/<int:match_id>/"

urlpatterns = [
    path(match, views.match_detail, name="match-detail"),
    path(f"{match}card/", views.match_card, name="match-card"),
    path(f"{match}history/", views.match_history, name="match-history"),
    # The secretary enters or corrects a result from the stage page.
    path("t/<slug:slug>/stages/<int:stage_id>/matches/<int:match_id>/result/", views.match_result, name="match-result"),
]
