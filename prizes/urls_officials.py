"""The secretary's page for an event's prize rules ("Set the prizes" on the event page)."""

from django.urls import path

from prizes import views

urlpatterns = [
    path("t/<slug:slug>/events/<int:event_id>/prizes/", views.prize_rules_page, name="event-prizes-page"),
]
