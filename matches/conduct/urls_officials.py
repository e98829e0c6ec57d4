"""The referee's desk pages: a match's conduct panel and the tournament's disciplinary record."""

from django.urls import path

from matches.conduct import views

urlpatterns = [
    path("t/<slug:slug>/matches/<int:match_id>/conduct/", views.match_conduct, name="match-conduct"),
    path("t/<slug:slug>/conduct/record/", views.disciplinary_record, name="disciplinary-record"),
]
