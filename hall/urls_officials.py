"""The secretary's settings of the hall display: its views, their rotation, the announcement."""

from django.urls import path

from hall import views

urlpatterns = [
    path("t/<slug:slug>/hall/settings/", views.hall_settings, name="hall-settings"),
]
