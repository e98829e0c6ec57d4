"""The secretary's actions on a stage: add or edit it, draw, pair, publish, swap, delete a round, finish."""

from django.urls import path

from stages import views

stage = "t/<slug:slug>/stages/<int:stage_id>/"

urlpatterns = [
    path("t/<slug:slug>/events/<int:event_id>/stages/new/", views.stage_create, name="stage-create"),
    path(f"{stage}edit/", views.stage_edit, name="stage-edit"),
    path(f"{stage}draw/", views.stage_draw, name="stage-draw"),
    path(f"{stage}pair/", views.stage_pair, name="stage-pair"),
    path(f"{stage}publish/", views.stage_publish, name="stage-publish"),
    path(f"{stage}swap/", views.stage_swap, name="stage-swap"),
    path(f"{stage}delete-round/", views.stage_delete_round, name="stage-delete-round"),
    path(f"{stage}finish/", views.stage_finish, name="stage-finish"),
    path(f"{stage}publish-tournament/", views.stage_publish_tournament, name="stage-publish-tournament"),
]
