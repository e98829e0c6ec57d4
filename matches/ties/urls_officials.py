from django.urls import path

from matches.ties import views

urlpatterns = [
    path("t/<slug:slug>/matches/<int:match_id>/line-up/<str:side>/", views.line_up, name="tie-line-up"),
]
