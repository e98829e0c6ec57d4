"""The secretary's page of an event's entries window and its sign-ups."""

from django.urls import path

from registration import views

urlpatterns = [
    path("t/<slug:slug>/events/<int:event_id>/registration/", views.window_page, name="registration-window"),
]
