from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("tournaments/new/", views.tournament_create, name="tournament-create"),
    path("t/<slug:slug>/", views.tournament_detail, name="tournament-detail"),
    path("t/<slug:slug>/edit/", views.tournament_edit, name="tournament-edit"),
    path("t/<slug:slug>/events/new/", views.event_create, name="event-create"),
    path("t/<slug:slug>/events/<int:event_id>/", views.event_detail, name="event-detail"),
    path("t/<slug:slug>/events/<int:event_id>/import/", views.event_import, name="event-import-page"),
]

# Stages: the public stage page and the secretary's actions on it (tournaments.stage_views).
from . import stage_views  # noqa: E402

stage = "t/<slug:slug>/stages/<int:stage_id>/"
urlpatterns += [
    path("t/<slug:slug>/events/<int:event_id>/stages/new/", stage_views.stage_create, name="stage-create"),
    path(stage, stage_views.stage_detail, name="stage-detail"),
    path(f"{stage}edit/", stage_views.stage_edit, name="stage-edit"),
    path(f"{stage}draw/", stage_views.stage_draw, name="stage-draw"),
    path(f"{stage}pair/", stage_views.stage_pair, name="stage-pair"),
    path(f"{stage}publish/", stage_views.stage_publish, name="stage-publish"),
    path(f"{stage}swap/", stage_views.stage_swap, name="stage-swap"),
    path(f"{stage}delete-round/", stage_views.stage_delete_round, name="stage-delete-round"),
    path(f"{stage}finish/", stage_views.stage_finish, name="stage-finish"),
    path(f"{stage}matches/<int:match_id>/result/", stage_views.match_result, name="match-result"),
]
