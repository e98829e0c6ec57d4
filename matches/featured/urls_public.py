"""The featured screens: the overlay for streaming software and the court-side scoreboard."""

from django.urls import path

from matches.featured import views

featured = "t/<slug:slug>/featured/<int:featured_id>/"

urlpatterns = [
    path(f"{featured}overlay/", views.featured_overlay, name="featured-overlay"),
    path(f"{featured}court/", views.featured_court, name="featured-court"),
]
